/**
 * Where a booking stands, as a badge: `PAID`, `UNPAID`, `Declined` or `Cancelled`
 * (the buyer's My Orders and the seller's Bookings).
 */
import { bookingStateRecords } from '#contract/deal-states';
import type { Order } from '#contract/orders';
import { badgeToneClass } from '#web/components/listing-state-badge';

/** The badge the booking state's record names (src/contract/deal-states.ts). */
export function BookingStateBadge({ order }: { order: Pick<Order, 'booking_state'> }) {
  const badge = bookingStateRecords[order.booking_state].badge;
  return (
    <span className={`badge shrink-0 font-bold ${badgeToneClass[badge.tone]}`}>{badge.text}</span>
  );
}
