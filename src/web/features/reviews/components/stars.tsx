/** Star ratings: a read-only row of 1–5 stars, and a seller's average with count. */
import type { RatingSummary } from '#contract/reviews';

/** `rating` of 5 as filled and empty stars, with the number for screen readers. */
export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="text-warning" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(full)}
      <span className="text-base-content/30">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

/** "★ 4.5 (2 reviews)", or "No reviews yet" without any. */
export function RatingSummaryText({ rating }: { rating: RatingSummary }) {
  if (rating.average === null || rating.count === 0) {
    return (
      <span className="text-sm text-base-content/70" data-testid="seller-rating">
        No reviews yet
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-sm" data-testid="seller-rating">
      <span className="text-warning" aria-hidden="true">
        ★
      </span>
      <span className="font-medium">{rating.average.toFixed(1)}</span>
      <span className="text-base-content/70">
        ({rating.count} {rating.count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
