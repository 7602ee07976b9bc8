/**
 * The one confirmation pattern (docs/product.md §5 Confirmations): every action that asks first shows its
 * question, one sentence saying what will happen, and the spec's two buttons in one order —
 * "Don't Confirm" first (left), "Confirm" last (right), as the buttons of a form read: the safe
 * way out, then the step forward. "Don't Confirm" is always the neutral button and has the focus
 * when the dialog opens; "Confirm" is in the error colour for destructive actions (delete,
 * remove, report, cancel, decline, keep money) and in the primary colour for the others
 * (promote, verify, mark safe, accept). On denial the page says "Changes are not saved".
 *
 * Used by both kinds of dialog: the SweetAlert2 ones of `dialogs.ts` and the form dialogs of
 * `confirmation-dialog.tsx`. Plain data, no library: safe to import from any chunk.
 */

/** docs/product.md §5/§8 texts shared by every confirmation. */
export const confirmationTexts = {
  confirm: 'Confirm',
  deny: "Don't Confirm",
  notSaved: 'Changes are not saved',
} as const;

/**
 * How the Confirm button looks: `destructive` for an action that removes, cancels or takes
 * something away (error colour), `default` for the rest (primary colour).
 */
export type ConfirmationTone = 'destructive' | 'default';

/** The daisyUI classes of the Confirm button for a tone. */
export function confirmButtonClass(tone: ConfirmationTone): string {
  return tone === 'destructive' ? 'btn btn-error' : 'btn btn-primary';
}

/** The daisyUI classes of the Don't Confirm button: always neutral (the safe choice). */
export const denyButtonClass = 'btn btn-neutral btn-outline';
