import type { ReactNode } from 'react';

/** Spec §4 Forms: the progress indicator that replaces the submit button while submitting. */
export function SubmittingIndicator({ label }: { label: string }) {
  return (
    <div className="py-2" role="status">
      <progress className="progress w-full progress-primary" aria-label={label} />
    </div>
  );
}

/**
 * Spec §4 Forms: a form's full-width submit button, hidden and replaced by the progress
 * indicator (announced as `progressLabel`) while `submitting`.
 */
export function SubmitButton({
  submitting,
  progressLabel,
  children,
}: {
  submitting: boolean;
  progressLabel: string;
  children: ReactNode;
}) {
  return submitting ? (
    <SubmittingIndicator label={progressLabel} />
  ) : (
    <button type="submit" className="btn w-full btn-primary">
      {children}
    </button>
  );
}
