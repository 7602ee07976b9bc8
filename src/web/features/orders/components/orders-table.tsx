/**
 * The buyer's orders as a table (spec §2 Buyer dashboard): No., Product Image, Product Name,
 * Seller Name, Price (dollars), Payment — a Pay link to /payment/{orderId} for an unpaid order,
 * PAID for a paid one. Scrolls sideways on narrow screens.
 */
import { Link } from 'react-router';
import type { Order } from '../../../../contract/orders';
import { paths } from '../../../app/paths';
import { formatDollars } from '../../../lib/contract';

export function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table" aria-label="All order List">
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
              <th scope="row">{index + 1}</th>
              <td>
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
              <td className="font-medium">{order.product_info.product_name}</td>
              <td>{order.seller_info.seller_name}</td>
              <td>{formatDollars(order.product_info.product_price)}</td>
              <td>
                {order.order_status ? (
                  <span className="badge font-bold badge-success">PAID</span>
                ) : (
                  <Link
                    to={paths.payment.href(order._id)}
                    className="btn btn-sm btn-primary"
                    aria-label={`Pay for ${order.product_info.product_name}`}
                  >
                    Pay
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
