/**
 * Bookings (/user/seller/bookings, Seller dashboard): every booking of the seller's
 * products, newest first, as one card each at every width (nothing hidden at 360 px): the
 * product, the buyer's name, e-mail and phone (as mailto/tel links), the meeting location, when
 * they booked, and `PAID` / `UNPAID` (or Declined / Cancelled). An unpaid booking can be
 * declined with an optional message for the buyer ("Confirm" / "Don't Confirm" first, docs/product.md §5).
 * One main action per card (Confirm when the buyer proposed a viewing time); proposing another
 * time and Decline are under "More actions" on a phone and in a row from 1024 px (decision 0052).
 */
import { DashboardPage } from '#web/components/dashboard-page';
import { confirmWithNote, showFailure, showSuccess } from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { LoadMoreButton } from '#web/components/load-more-button';
import { ProgressBar } from '#web/components/progress-bar';
import { formatDollars } from '#contract/money';
import { bookingTexts, declineMessageMax, type Order } from '#contract/orders';
import { useDeclineOrder, useSellerOrders } from '../api/booking-actions';
import { BookingStateBadge } from '../components/booking-state-badge';
import { SellerDepositInfo } from '../components/deposit-info';
import { SellerPaymentInfo } from '../components/payment-info';
import { useViewingActions, ViewingStatus } from '../components/viewing-info';
import { ActionMenu } from '#web/components/action-menu';

const bookedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function SellerBookingsRoute() {
  const bookings = useSellerOrders();
  const decline = useDeclineOrder();

  const handleDecline = async (order: Order) => {
    const message = await confirmWithNote(
      {
        title: `Decline the booking of ${order.product_info.product_name}?`,
        consequence: 'The booking ends and the buyer gets your message.',
        tone: 'destructive',
      },
      'A message for the buyer (optional)',
      declineMessageMax,
    );
    if (message === null) return;
    try {
      await decline.mutateAsync({ orderId: order._id, message });
      await showSuccess(bookingTexts.declined);
    } catch (failure) {
      await showFailure('Error', failure instanceof Error ? failure.message : undefined);
    }
  };

  const orders = bookings.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <DashboardPage heading="Bookings">
      {bookings.isPending ? (
        <ProgressBar label="Loading your bookings" />
      ) : bookings.error && orders.length === 0 ? (
        <ErrorMessage error={bookings.error} />
      ) : orders.length === 0 ? (
        <p className="py-10 text-center text-lg">{bookingTexts.noBookings}</p>
      ) : (
        <>
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Bookings">
            {orders.map((order) => (
              <BookingCard
                key={order._id}
                order={order}
                declining={decline.isPending && decline.variables?.orderId === order._id}
                onDecline={() => void handleDecline(order)}
              />
            ))}
          </ul>
          <LoadMoreButton
            hasNextPage={bookings.hasNextPage}
            isFetchingNextPage={bookings.isFetchingNextPage}
            fetchNextPage={bookings.fetchNextPage}
          />
        </>
      )}
    </DashboardPage>
  );
}

interface BookingCardProps {
  order: Order;
  declining: boolean;
  onDecline: () => void;
}

function BookingCard({ order, declining, onDecline }: BookingCardProps) {
  const viewing = useViewingActions(order, 'seller');
  const name = order.product_info.product_name;
  const confirm = viewing.actions.find((action) => action.key === 'confirm');
  const rest = viewing.actions.filter((action) => action !== confirm);
  if (order.booking_state === 'open') {
    rest.push(
      <button
        key="decline"
        type="button"
        className="btn btn-sm btn-ghost text-error lg:btn-outline lg:btn-error"
        aria-label={`Decline the booking of ${name} by ${order.customer_info.customer_name}`}
        disabled={declining}
        onClick={onDecline}
      >
        Decline
      </button>,
    );
  }
  return (
    <li data-testid="booking" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          <img
            src={order.product_info.product_image}
            alt={name}
            className="size-16 shrink-0 rounded-box object-cover"
            width={64}
            height={64}
            loading="lazy"
          />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="font-semibold break-words">{name}</h2>
            <p className="flex flex-wrap items-center gap-2">
              {formatDollars(order.product_info.product_price)}
              <BookingStateBadge order={order} />
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Buyer</dt>
          <dd className="break-words">{order.customer_info.customer_name}</dd>
          <dt className="font-medium">E-mail</dt>
          <dd className="[overflow-wrap:anywhere]">
            <a
              className="link inline-flex min-h-6 items-center"
              href={`mailto:${order.customer_info.customer_email}`}
            >
              {order.customer_info.customer_email}
            </a>
          </dd>
          <dt className="font-medium">Phone</dt>
          <dd>
            <a
              className="link inline-flex min-h-6 items-center"
              href={`tel:${order.customer_info.customer_phone}`}
            >
              {order.customer_info.customer_phone}
            </a>
          </dd>
          <dt className="font-medium">Meeting location</dt>
          <dd className="break-words">{order.customer_info.meeting_location}</dd>
          <dt className="font-medium">Booked</dt>
          <dd>
            <time dateTime={order.booked_at}>{bookedAt.format(new Date(order.booked_at))}</time>
          </dd>
        </dl>
        <div className="text-sm" data-testid="viewing">
          <ViewingStatus order={order} side="seller" />
          {viewing.panel}
        </div>
        <SellerDepositInfo order={order} />
        <SellerPaymentInfo order={order} />
        {(confirm || rest.length > 0) && (
          <div className="flex items-center justify-between gap-2">
            <div className="flex min-w-0 flex-wrap items-center gap-2">{confirm}</div>
            <ActionMenu label={`More actions for ${name}`} inlineFrom="lg">
              {rest}
            </ActionMenu>
          </div>
        )}
      </div>
    </li>
  );
}
