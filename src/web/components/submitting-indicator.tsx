/** Spec §4 Forms: the progress indicator that replaces the submit button while submitting. */
export function SubmittingIndicator({ label }: { label: string }) {
  return (
    <div className="py-2" role="status">
      <progress className="progress w-full progress-primary" aria-label={label} />
    </div>
  );
}
