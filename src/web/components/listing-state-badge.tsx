/**
 * A listing's state badge (decisions 0027 and 0053): the badge its state's record names
 * (src/contract/listing-state.ts) — SOLD OUT once sold, Reserved while promised — or nothing.
 * Shared by the listing card, the category page's card foot and the listing page; the tones'
 * classes serve the deal's badges too (bookings, deposits).
 */
import type { ProductCard } from '#contract/entities';
import { listingStates, type BadgeTone } from '#contract/listing-state';

/**
 * daisyUI's badge colour of each tone of the state records (src/contract/listing-state.ts and
 * deal-states.ts), as whole class names here in src/web, where Tailwind finds them.
 */
export const badgeToneClass: Record<BadgeTone, string> = {
  error: 'badge-error',
  warning: 'badge-warning',
  neutral: 'badge-neutral',
  success: 'badge-success',
  info: 'badge-info',
  ghost: 'badge-ghost',
};

/** The badge of `product`'s state, or null for a state without one. */
export function ListingStateBadge({ product }: { product: Pick<ProductCard, 'listing_status'> }) {
  const badge = listingStates[product.listing_status].badge;
  if (!badge) return null;
  return (
    <span className={`badge badge-lg font-bold ${badgeToneClass[badge.tone]}`}>{badge.text}</span>
  );
}
