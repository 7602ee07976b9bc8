/**
 * Indeterminate progress bar shown while data loads or a user/role is checked (docs/product.md §2: "A
 * progress bar shows while categories load", "While the user or role is being checked").
 */
export function ProgressBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="w-full py-6" role="status">
      <progress className="progress progress-primary w-full" aria-label={label} />
    </div>
  );
}
