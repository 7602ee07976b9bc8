import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/** docs/product.md §4 Forms: the progress indicator that replaces the submit button while submitting. */
export function SubmittingIndicator({ label }: { label: string }) {
  return (
    <div className="py-2" role="status">
      <progress className="progress w-full progress-primary" aria-label={label} />
    </div>
  );
}

/**
 * docs/product.md §4 Forms: a form's full-width submit button, hidden and replaced by the progress
 * indicator (announced as `progressLabel`) while `submitting`. On a server-rendered form (login,
 * registration, forgot password: decision 0015) it stays disabled until the page has hydrated:
 * before that a click or Enter would submit the form natively, as a GET with the password in the
 * URL; a disabled default button blocks implicit submission too (HTML §4.10.21.2).
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
  const hydrated = useHydrated();
  return submitting ? (
    <SubmittingIndicator label={progressLabel} />
  ) : (
    <button type="submit" className="btn w-full btn-primary" disabled={!hydrated}>
      {children}
    </button>
  );
}
