/**
 * The buyer's orders as a table (docs/product.md §2 Buyer dashboard): No., Product Image, Product Name,
 * Seller Name, Price (dollars), Payment — a Pay link to /payment/{orderId} for an unpaid order,
 * PAID for a paid one. Added
 * beside them: the seller's phone and e-mail under their name (the buyer booked, so they may
 * reach the seller), a Cancel button next to Pay, and `Declined by the seller` with the seller's
 * message instead of Pay once declined.
 *
 * Below 1280 px the table does not fit beside the sidebar: each order is a compact card instead
 * (decision 0052) with the same facts, its one main action (Confirm when the seller proposed a
 * viewing time, else Pay, or the paid order's action) and the rest under "More actions".
 */
import { Link } from 'react-router';
import type { ReactElement, ReactNode } from 'react';
import { ActionMenu } from '#web/components/action-menu';
import { confirmAction, showFailure, showSuccess } from '#web/components/dialogs';
import { formatDollars } from '#contract/money';
import { bookingTexts, type Order } from '#contract/orders';
import { paths } from '#web/lib/paths';
import { useMediaQuery } from '#web/lib/use-media-query';
import { useCancelOrder } from '../api/booking-actions';
import { BuyerDepositInfo } from './deposit-info';
import { BuyerPaymentInfo } from './payment-info';
import { useViewingActions, ViewingInfo, ViewingStatus } from './viewing-info';

export interface OrdersTableProps {
  orders: Order[];
  /** What a paid order offers next to PAID (the reviews feature's Write a review). */
  paidAction?: (order: Order) => ReactNode;
}

/** Tailwind's `xl` (80rem): from here the table with every column fits beside the sidebar. */
const tableQuery = '(min-width: 80rem)';

export function OrdersTable({ orders, paidAction }: OrdersTableProps) {
  const wide = useMediaQuery(tableQuery);
  const cancel = useCancelOrder();
  const handleCancel = async (order: Order) => {
    const confirmed = await confirmAction({
      title: `Cancel your booking of ${order.product_info.product_name}?`,
      consequence: 'The booking ends and the seller is told; the car can be booked again.',
      tone: 'destructive',
    });
    if (!confirmed) {
      return;
    }
    try {
      await cancel.mutateAsync(order._id);
      await showSuccess(bookingTexts.cancelled);
    } catch (failure) {
      await showFailure('Error', failure instanceof Error ? failure.message : undefined);
    }
  };
  if (!wide) {
    return (
      <ul className="grid gap-3 md:grid-cols-2" aria-label="All order List">
        {orders.map((order, index) => (
          <OrderCard
            key={order._id}
            order={order}
            number={index + 1}
            paidAction={paidAction}
            cancelling={cancel.isPending && cancel.variables === order._id}
            onCancel={() => void handleCancel(order)}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="stack-table table" aria-label="All order List">
        <thead className="text-base-content">
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Product Image</th>
            <th scope="col">Product Name</th>
            <th scope="col">Seller Name</th>
            <th scope="col">Price</th>
            <th scope="col">Payment</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order, index) => (
            <tr key={order._id} data-testid="order-row">
              <th scope="row" data-label="No.">
                {index + 1}
              </th>
              <td data-label="Product Image">
                <div className="avatar">
                  <div className="mask size-14 mask-squircle">
                    <img
                      src={order.product_info.product_image}
                      alt={order.product_info.product_name}
                      loading="lazy"
                      width={56}
                      height={56}
                    />
                  </div>
                </div>
              </td>
              <td data-label="Product Name">
                <div className="font-medium">{order.product_info.product_name}</div>
                <ViewingInfo order={order} side="buyer" />
              </td>
              <td data-label="Seller Name">
                <div className="min-w-0">
                  <div>{order.seller_info.seller_name}</div>
                  <div className="text-sm">
                    <a
                      className="link inline-flex min-h-6 items-center"
                      href={`tel:${order.seller_info.seller_phone}`}
                    >
                      {order.seller_info.seller_phone}
                    </a>
                  </div>
                  <div className="text-sm [overflow-wrap:anywhere]">
                    <a
                      className="link inline-flex min-h-6 items-center"
                      href={`mailto:${order.seller_info.seller_email}`}
                    >
                      {order.seller_info.seller_email}
                    </a>
                  </div>
                </div>
              </td>
              <td data-label="Price">
                {formatDollars(order.product_info.product_price)}
                <BuyerDepositInfo order={order} />
              </td>
              <td data-label="Payment">
                {order.order_status ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="badge font-bold badge-success">PAID</span>
                    {paidAction?.(order)}
                    <BuyerPaymentInfo order={order} />
                  </div>
                ) : order.booking_state === 'declined' ? (
                  <div className="max-w-56">
                    <span className="badge font-bold badge-error">
                      {bookingTexts.declinedBySeller}
                    </span>
                    {order.decline_message && (
                      <p className="mt-1 text-sm break-words">{order.decline_message}</p>
                    )}
                  </div>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={paths.payment.href(order._id)}
                      className="btn btn-sm btn-primary"
                      aria-label={`Pay for ${order.product_info.product_name}`}
                    >
                      Pay
                    </Link>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={`Cancel the booking of ${order.product_info.product_name}`}
                      disabled={cancel.isPending && cancel.variables === order._id}
                      onClick={() => void handleCancel(order)}
                    >
                      Cancel
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface OrderCardProps {
  order: Order;
  /** The spec's No. column: its place in the list, from 1. */
  number: number;
  paidAction: OrdersTableProps['paidAction'];
  cancelling: boolean;
  onCancel: () => void;
}

/** One order as a compact card (below 1280 px). */
function OrderCard({ order, number, paidAction, cancelling, onCancel }: OrderCardProps) {
  const viewing = useViewingActions(order, 'buyer');
  const name = order.product_info.product_name;
  const payable = !order.order_status && order.booking_state !== 'declined';
  const actions: ReactElement[] = [];
  if (payable) {
    actions.push(
      <Link
        key="pay"
        to={paths.payment.href(order._id)}
        className="btn btn-sm btn-primary"
        aria-label={`Pay for ${name}`}
      >
        Pay
      </Link>,
    );
  }
  actions.push(...viewing.actions);
  if (payable) {
    actions.push(
      <button
        key="cancel"
        type="button"
        className="btn btn-sm btn-ghost"
        aria-label={`Cancel the booking of ${name}`}
        disabled={cancelling}
        onClick={onCancel}
      >
        Cancel
      </button>,
    );
  }
  // One main action: a paid order's own (Write a review); else answering the seller's proposed
  // time, then paying.
  const mainIndex = order.order_status
    ? -1
    : actions.findIndex((action) => action.key === (viewing.confirmable ? 'confirm' : 'pay'));
  const main = order.order_status ? paidAction?.(order) : (actions[mainIndex] ?? null);
  const rest = actions.filter((_, index) => index !== mainIndex);

  return (
    <li
      className="space-y-2 rounded-box border border-base-300 bg-base-100 p-3 text-sm"
      data-testid="order-row"
    >
      <div className="flex gap-3">
        <img
          src={order.product_info.product_image}
          alt={name}
          loading="lazy"
          width={56}
          height={56}
          className="size-14 shrink-0 rounded-box object-cover"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-base font-semibold break-words">
            <span className="font-normal text-base-content/70">
              <span className="sr-only">No. </span>
              {number}.
            </span>{' '}
            {name}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">{formatDollars(order.product_info.product_price)}</span>
            {order.order_status ? (
              <span className="badge badge-sm font-bold badge-success">PAID</span>
            ) : order.booking_state === 'declined' ? (
              <span className="badge h-auto min-h-5 badge-sm font-bold whitespace-normal badge-error">
                {bookingTexts.declinedBySeller}
              </span>
            ) : (
              <span className="badge badge-sm font-bold badge-warning">UNPAID</span>
            )}
          </p>
          <p className="break-words">
            <span className="font-medium">Seller: </span>
            {order.seller_info.seller_name}
          </p>
          <p className="flex flex-wrap gap-x-3">
            <a
              className="link inline-flex min-h-6 items-center"
              href={`tel:${order.seller_info.seller_phone}`}
            >
              {order.seller_info.seller_phone}
            </a>
            <a
              className="link inline-flex min-h-6 min-w-0 items-center [overflow-wrap:anywhere]"
              href={`mailto:${order.seller_info.seller_email}`}
            >
              {order.seller_info.seller_email}
            </a>
          </p>
        </div>
      </div>
      {order.booking_state === 'declined' && order.decline_message && (
        <p className="break-words">{order.decline_message}</p>
      )}
      <div data-testid="viewing">
        <ViewingStatus order={order} side="buyer" />
        {viewing.panel}
      </div>
      <BuyerDepositInfo order={order} />
      {order.order_status && <BuyerPaymentInfo order={order} />}
      {(main || rest.length > 0) && (
        <div className="flex items-center justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">{main}</div>
          <ActionMenu label={`More actions for ${name}`}>{rest}</ActionMenu>
        </div>
      )}
    </li>
  );
}
