/**
 * A whole page's loading state (a listing or a seller's page before its data has come): a
 * spinner centred in a status region 60 % of the window high, named "Loading". The name sits on
 * the region; a span may not carry one (axe: aria-prohibited-attr).
 */
export function PageLoading() {
  return (
    <div
      className="flex min-h-[60vh] items-center justify-center"
      role="status"
      aria-label="Loading"
    >
      <span className="loading loading-lg loading-spinner" aria-hidden="true" />
    </div>
  );
}
