/**
 * The dashboard's dialogs (docs/product.md §5 Confirmations, §8 messages), on SweetAlert2. Every delete,
 * promote, report, verify and mark-safe action asks first, in the one confirmation pattern of
 * `confirmation.ts` (order, colours, a sentence saying what happens, focus on Don't Confirm); on
 * denial the page says "Changes are not saved". Import from lazy route chunks only: SweetAlert2
 * is ~16 KB gzipped and must stay out of the home route.
 *
 * Titles and texts are always set as text (SweetAlert2's `titleText`, `text`, or `html` given as
 * a DOM element built from text nodes — never a `title` or `html` string, which it parses as
 * HTML): they may carry user text such as a product or user name.
 */
import Swal, { type SweetAlertOptions } from 'sweetalert2';
import {
  confirmButtonClass,
  confirmationTexts,
  denyButtonClass,
  type ConfirmationTone,
} from './confirmation';

/** docs/product.md §5/§8 texts shared by every dashboard. */
export const dialogTexts = {
  ...confirmationTexts,
  adminFailure: 'Something Went Wrong, Please Try Again',
} as const;

/** What every confirmation says (the one pattern of `confirmation.ts`). */
export interface Confirmation {
  /** The question, e.g. "Delete Toyota Corolla 2016?". */
  title: string;
  /** One sentence saying what will happen on Confirm, e.g. "It leaves the market for good." */
  consequence: string;
  /** A line naming the record above the consequence, e.g. the user's e-mail. */
  detail?: string;
  /** `destructive` paints Confirm in the error colour; `default` in the primary colour. */
  tone: ConfirmationTone;
  /**
   * What to decide on, shown as a list of label and value above the consequence (e.g. the
   * evidence of a seller an admin verifies).
   */
  facts?: readonly { label: string; value: string }[];
}

/**
 * The body of a confirmation: the detail and the consequence as two paragraphs, built as DOM
 * text nodes (never parsed as HTML: both may carry user text). The consequence paragraph comes
 * last so the dialog's description reads it.
 */
function confirmationBody({ detail, consequence, facts }: Confirmation): HTMLElement {
  const body = document.createElement('div');
  const paragraph = (line: string) => {
    const element = document.createElement('p');
    element.textContent = line;
    return element;
  };
  if (detail) body.append(paragraph(detail));
  if (facts && facts.length > 0) {
    const list = document.createElement('dl');
    list.className = 'confirmation-facts';
    list.dataset.testid = 'confirmation-facts';
    for (const fact of facts) {
      const term = document.createElement('dt');
      term.textContent = fact.label;
      const value = document.createElement('dd');
      value.textContent = fact.value;
      list.append(term, value);
    }
    body.append(list);
  }
  body.append(paragraph(consequence));
  return body;
}

/** SweetAlert2 options shared by every confirmation: order, colours, focus on the safe choice. */
function confirmationOptions(confirmation: Confirmation) {
  return {
    titleText: confirmation.title,
    html: confirmationBody(confirmation),
    icon: confirmation.tone === 'destructive' ? 'warning' : 'question',
    showDenyButton: true,
    // Don't Confirm first, Confirm last; the library's own colours off, ours on.
    reverseButtons: true,
    buttonsStyling: false,
    focusConfirm: false,
    focusDeny: true,
    confirmButtonText: confirmationTexts.confirm,
    denyButtonText: confirmationTexts.deny,
    customClass: {
      actions: 'confirmation-actions',
      confirmButton: confirmButtonClass(confirmation.tone),
      denyButton: denyButtonClass,
    },
  } satisfies SweetAlertOptions;
}

/** docs/product.md §5: a declined confirmation says "Changes are not saved". */
export async function showNotSaved(): Promise<void> {
  await Swal.fire({ titleText: confirmationTexts.notSaved, icon: 'info' });
}

/**
 * Asks to confirm an action. Resolves true on Confirm; on Don't Confirm (or dismissal) shows
 * "Changes are not saved" and resolves false.
 */
export async function confirmAction(confirmation: Confirmation): Promise<boolean> {
  const result = await Swal.fire(confirmationOptions(confirmation));
  if (result.isConfirmed) return true;
  await showNotSaved();
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
  confirmation: Confirmation,
  noteLabel: string,
  maxLength: number,
): Promise<string | null> {
  const result = await Swal.fire({
    ...confirmationOptions(confirmation),
    input: 'textarea',
    inputLabel: noteLabel,
    // The focus stays on Don't Confirm (the pattern), not on the field.
    inputAutoFocus: false,
    inputAttributes: { maxlength: String(maxLength) },
  });
  if (result.isConfirmed) return String(result.value ?? '').trim();
  await showNotSaved();
  return null;
}

/**
 * Asks to confirm an action with an optional amount in US dollars, e.g. what a listing sold for
 * elsewhere (decision 0027). Resolves `{ amount }` on Confirm (undefined when left empty or not
 * a positive number); on Don't Confirm (or dismissal) shows "Changes are not saved" and resolves
 * null.
 */
export async function confirmWithAmount(
  confirmation: Confirmation,
  amountLabel: string,
): Promise<{ amount: number | undefined } | null> {
  const result = await Swal.fire({
    ...confirmationOptions(confirmation),
    input: 'number',
    inputLabel: amountLabel,
    inputAutoFocus: false,
    inputAttributes: { min: '0.01', step: '0.01' },
  });
  if (result.isConfirmed) {
    const amount = Number(result.value);
    return { amount: Number.isFinite(amount) && amount > 0 ? amount : undefined };
  }
  await showNotSaved();
  return null;
}
