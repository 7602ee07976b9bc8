/**
 * The listing's price badge: `Great price` below its comparables' 25th percentile,
 * `Fair price` between the 25th and 75th, `High price` above; nothing when there are too few
 * comparables, while loading, or on an error (the badge is a hint, never in the way).
 */
import type { PriceVerdict } from '#contract/vehicles';
import { vehicleTexts } from '#contract/texts';
import { formatDollars } from '#contract/money';
import { useListingPriceGuidance } from '../api/get-price-guidance';

const badgeClass: Record<PriceVerdict, string> = {
  great: 'badge-success',
  fair: 'badge-info',
  high: 'badge-warning',
};

export function PriceBadge({ listingId }: { listingId: string }) {
  const { data } = useListingPriceGuidance(listingId);
  if (!data?.verdict || data.low === null || data.high === null) return null;
  const range = `Similar cars: ${formatDollars(data.low)} – ${formatDollars(data.high)} (${data.count} listings)`;
  return (
    <span
      className={`badge badge-lg ${badgeClass[data.verdict]} font-semibold`}
      title={range}
      data-testid="price-badge"
    >
      {vehicleTexts.badge[data.verdict]}
      <span className="sr-only">. {range}</span>
    </span>
  );
}
