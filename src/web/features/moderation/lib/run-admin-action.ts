/**
 * One admin action the spec's way (docs/product.md §5 Confirmations, §8): ask "Confirm" / "Don't Confirm"
 * first (denial: "Changes are not saved"), then call the server, then show what happened; any
 * failure shows the dialog "Something Went Wrong, Please Try Again" with the server's reason
 * (e.g. "You cannot delete the last admin") beneath it.
 */
import type { ConfirmationTone } from '#web/components/confirmation';
import { confirmAction, showFailure } from '#web/components/dialogs';
import { isApiError } from '#web/lib/api-client';
import { moderationMessages } from '#contract/moderation';

export interface AdminAction<T> {
  /** The confirmation's question, e.g. "Delete Avery Lane?". */
  question: string;
  /** A line under the question naming the record, e.g. the user's email. */
  detail?: string;
  /** One sentence saying what happens on Confirm. */
  consequence: string;
  /** What to decide on (label and value), listed above the consequence. */
  facts?: readonly { label: string; value: string }[];
  /** `destructive` for deletions (Confirm in the error colour), `default` otherwise. */
  tone: ConfirmationTone;
  /** The server call; it throws on failure. */
  run: () => Promise<T>;
  /** Shows the answer, e.g. the success dialog. */
  report: (result: T) => Promise<void>;
}

/** Resolves once the last dialog is closed; never rejects. */
export async function runAdminAction<T>({
  question,
  detail,
  consequence,
  facts,
  tone,
  run,
  report,
}: AdminAction<T>): Promise<void> {
  if (!(await confirmAction({ title: question, detail, consequence, tone, facts }))) return;
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await showFailure(moderationMessages.failed, isApiError(error) ? error.message : undefined);
    return;
  }
  await report(result);
}
