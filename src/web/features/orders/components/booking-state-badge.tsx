/**
 * Where a booking stands, as a badge: `PAID`, `UNPAID`, `Declined` or `Cancelled`
 * (the buyer's My Orders and the seller's Bookings).
 */
import type { Order } from '#contract/orders';

const badges = {
  paid: { label: 'PAID', className: 'badge-success' },
  open: { label: 'UNPAID', className: 'badge-warning' },
  declined: { label: 'Declined', className: 'badge-error' },
  cancelled: { label: 'Cancelled', className: 'badge-ghost' },
} as const;

export function BookingStateBadge({ order }: { order: Pick<Order, 'booking_state'> }) {
  const badge = badges[order.booking_state];
  return <span className={`badge shrink-0 font-bold ${badge.className}`}>{badge.label}</span>;
}
