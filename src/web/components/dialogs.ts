/**
 * The dashboard's dialogs (spec §5 Confirmations, §8 messages), on SweetAlert2. Every delete,
 * promote, report, verify and mark-safe action asks first: "Confirm" or "Don't Confirm"; on
 * denial the page says "Changes are not saved". Import from lazy route chunks only: SweetAlert2
 * is ~16 KB gzipped and must stay out of the home route.
 *
 * Titles and texts are always set as text (SweetAlert2's `titleText` and `text`, never `title` or
 * `html`, which it parses as HTML): they may carry user text such as a product or user name.
 */
import Swal from 'sweetalert2';

/** Spec §5/§8 texts shared by every dashboard. */
export const dialogTexts = {
  confirm: 'Confirm',
  deny: "Don't Confirm",
  notSaved: 'Changes are not saved',
  adminFailure: 'Something Went Wrong, Please Try Again',
} as const;

/**
 * Asks to confirm an action. Resolves true on Confirm; on Don't Confirm (or dismissal) shows
 * "Changes are not saved" and resolves false.
 * @param title the question, e.g. "Delete Toyota Corolla 2016?"
 */
export async function confirmAction(title: string, text?: string): Promise<boolean> {
  const result = await Swal.fire({
    titleText: title,
    text,
    icon: 'warning',
    showDenyButton: true,
    confirmButtonText: dialogTexts.confirm,
    denyButtonText: dialogTexts.deny,
  });
  if (result.isConfirmed) return true;
  await Swal.fire({ titleText: dialogTexts.notSaved, icon: 'info' });
  return false;
}

/** A success dialog, e.g. `showSuccess('Verified Success!')` or `showSuccess('Success', 'New Product Added')`. */
export async function showSuccess(title: string, text?: string): Promise<void> {
  await Swal.fire({ titleText: title, text, icon: 'success' });
}

/** A neutral notice (info icon), for an outcome that is neither a success nor a failure. */
export async function showNotice(title: string, text?: string): Promise<void> {
  await Swal.fire({ titleText: title, text, icon: 'info' });
}

/** A failure dialog, e.g. `showFailure('Error', message)`. */
export async function showFailure(title: string, text?: string): Promise<void> {
  await Swal.fire({ titleText: title, text, icon: 'error' });
}

/**
 * Asks to confirm an action with an optional note, e.g. the seller's message when declining a
 * booking. Resolves the trimmed note ('' for none) on Confirm; on Don't Confirm (or
 * dismissal) shows "Changes are not saved" and resolves null.
 * @param maxLength the longest note the server accepts (characters).
 */
export async function confirmWithNote(
  title: string,
  noteLabel: string,
  maxLength: number,
): Promise<string | null> {
  const result = await Swal.fire({
    titleText: title,
    icon: 'warning',
    input: 'textarea',
    inputLabel: noteLabel,
    inputAttributes: { maxlength: String(maxLength) },
    showDenyButton: true,
    confirmButtonText: dialogTexts.confirm,
    denyButtonText: dialogTexts.deny,
  });
  if (result.isConfirmed) return String(result.value ?? '').trim();
  await Swal.fire({ titleText: dialogTexts.notSaved, icon: 'info' });
  return null;
}

/**
 * Asks to confirm an action with an optional amount in US dollars, e.g. what a listing sold for
 * elsewhere (decision 0027). Resolves `{ amount }` on Confirm (undefined when left empty or not
 * a positive number); on Don't Confirm (or dismissal) shows "Changes are not saved" and resolves
 * null.
 */
export async function confirmWithAmount(
  title: string,
  amountLabel: string,
): Promise<{ amount: number | undefined } | null> {
  const result = await Swal.fire({
    titleText: title,
    icon: 'question',
    input: 'number',
    inputLabel: amountLabel,
    inputAttributes: { min: '0.01', step: '0.01' },
    showDenyButton: true,
    confirmButtonText: dialogTexts.confirm,
    denyButtonText: dialogTexts.deny,
  });
  if (result.isConfirmed) {
    const amount = Number(result.value);
    return { amount: Number.isFinite(amount) && amount > 0 ? amount : undefined };
  }
  await Swal.fire({ titleText: dialogTexts.notSaved, icon: 'info' });
  return null;
}
