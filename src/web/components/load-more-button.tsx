/**
 * "Load more" under a paginated list (the API's cursor pages, decision 0003): shown while there
 * is a next page, with a spinner and disabled while it loads.
 */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  className = 'mt-6',
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Spacing above the button. */
  className?: string;
}) {
  if (!hasNextPage) return null;
  return (
    <div className={`${className} flex justify-center`}>
      <button
        type="button"
        className="btn btn-outline btn-primary"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
      >
        {isFetchingNextPage && <span className="loading loading-spinner loading-sm" />}
        Load more
      </button>
    </div>
  );
}
