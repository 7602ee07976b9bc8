/**
 * The buyer's orders as a table (spec §2 Buyer dashboard): No., Product Image, Product Name,
 * Seller Name, Price (dollars), Payment — a Pay link to /payment/{orderId} for an unpaid order,
 * PAID for a paid one. Below 640 px each row is a card (`stack-table`, index.css). Added
 * beside them: the seller's phone and e-mail under their name (the buyer booked, so they may
 * reach the seller), a Cancel button next to Pay, and `Declined by the seller` with the seller's
 * message instead of Pay once declined.
 */
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { confirmAction, showFailure, showSuccess } from '#web/components/dialogs';
import { formatDollars } from '#contract/money';
import { bookingTexts, type Order } from '#contract/orders';
import { paths } from '#web/lib/paths';
import { useCancelOrder } from '../api/booking-actions';
import { BuyerDepositInfo } from './deposit-info';
import { BuyerPaymentInfo } from './payment-info';
import { ViewingInfo } from './viewing-info';

export interface OrdersTableProps {
  orders: Order[];
  /** What a paid order offers next to PAID (the reviews feature's Write a review). */
  paidAction?: (order: Order) => ReactNode;
}

export function OrdersTable({ orders, paidAction }: OrdersTableProps) {
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
                    <a className="link" href={`tel:${order.seller_info.seller_phone}`}>
                      {order.seller_info.seller_phone}
                    </a>
                  </div>
                  <div className="text-sm [overflow-wrap:anywhere]">
                    <a className="link" href={`mailto:${order.seller_info.seller_email}`}>
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
