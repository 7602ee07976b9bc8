/**
 * Bookings on a listing's own page (decision 0048). `MyBooking`: the signed-in buyer's open or
 * paid booking of the listing with its viewing time and the viewing's actions, so the page shows
 * the booking rather than offering to book again. `ListingBookings`: the open bookings of the
 * seller's own listing, each with the buyer and the viewing's actions, and a link to Bookings.
 * Both read lists the dashboards already use (GET /api/orders, GET /api/seller-orders).
 */
import { Link } from 'react-router';
import { bookingStateRecords } from '#contract/deal-states';
import { paths } from '#web/lib/paths';
import { useSellerOrders } from '../api/booking-actions';
import { useOrders } from '../api/get-orders';
import { BookingStateBadge } from './booking-state-badge';
import { ViewingInfo } from './viewing-info';

export function MyBooking({ productId }: { productId: string }) {
  const orders = useOrders();
  const order = orders.data?.find(
    (item) =>
      item.product_info.product_id === productId && bookingStateRecords[item.booking_state].live,
  );
  if (!order) return null;
  return (
    <section
      aria-labelledby="my-booking"
      className="rounded-box border border-base-300 p-4"
      data-testid="my-booking"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="my-booking" className="font-semibold">
          Your booking
        </h2>
        <BookingStateBadge order={order} />
      </div>
      <ViewingInfo order={order} side="buyer" />
      <Link className="link mt-2 inline-block py-1 text-sm" to={paths.buyerOrders.href()}>
        My Orders
      </Link>
    </section>
  );
}

export function ListingBookings({ productId }: { productId: string }) {
  const bookings = useSellerOrders();
  const open = (bookings.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (order) =>
      order.product_info.product_id === productId &&
      bookingStateRecords[order.booking_state].payable,
  );
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="listing-bookings" data-testid="listing-bookings">
      <h2 id="listing-bookings" className="mb-2 font-semibold">
        Bookings ({open.length})
      </h2>
      <ul className="flex flex-col gap-2">
        {open.map((order) => (
          <li key={order._id} className="rounded-box border border-base-300 p-3">
            <p className="text-sm font-medium break-words">{order.customer_info.customer_name}</p>
            <ViewingInfo order={order} side="seller" />
          </li>
        ))}
      </ul>
      <Link className="link mt-2 inline-block py-1 text-sm" to={paths.sellerBookings.href()}>
        All bookings
      </Link>
    </section>
  );
}
