/**
 * The payment page's success screen for a paid order (spec §2 Payment page): "Your Order
 * Successfully Placed", "Product Shipped Soon" and a "Back Order Page" button to /user/buyer.
 */
import { Link } from 'react-router';
import { paymentTexts } from '#contract/payments';
import { paths } from '#web/lib/paths';

export function PaidScreen() {
  return (
    <div className="card border border-base-300 bg-base-100 text-center shadow-sm">
      <div className="card-body items-center gap-4">
        <h1 className="text-2xl font-bold text-success">{paymentTexts.orderPlaced}</h1>
        <p className="text-lg">{paymentTexts.shipped}</p>
        <Link to={paths.buyerOrders.href()} className="btn btn-primary">
          Back Order Page
        </Link>
      </div>
    </div>
  );
}
