/**
 * My Orders (/user/buyer; docs/product.md §2 Buyer dashboard) composed with reviews: each paid order
 * offers the reviews feature's `Write a review`.
 */
import { MyOrdersRoute } from '../../features/orders/routes/my-orders';
import { WriteReviewButton } from '../../features/reviews/components/write-review';

export function MyOrdersWithReviewsRoute() {
  return (
    <MyOrdersRoute
      paidAction={(order) =>
        order.reviewed ? (
          <span className="badge badge-ghost">Reviewed</span>
        ) : (
          <WriteReviewButton orderId={order._id} productName={order.product_info.product_name} />
        )
      }
    />
  );
}
