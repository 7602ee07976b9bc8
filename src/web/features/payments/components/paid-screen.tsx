/**
 * The payment page's success screen for a paid order (docs/product.md §2 Payment page): "Your Order
 * Successfully Placed", what happens next (meet, check the car, give the handover code; it
 * replaces "Product Shipped Soon", docs/spec-deviations.md) and a "Back Order Page" button.
 */
import { Link } from 'react-router';
import { paymentTexts } from '#contract/payments';
import { paths } from '#web/lib/paths';

export function PaidScreen() {
  return (
    <div className="card border border-base-300 bg-base-100 text-center shadow-sm">
      <div className="card-body items-center gap-4">
        <h1 className="text-2xl font-bold text-success">{paymentTexts.orderPlaced}</h1>
        <p className="text-lg">{paymentTexts.nextSteps}</p>
        <Link to={paths.buyerOrders.href()} className="btn btn-primary">
          Back Order Page
        </Link>
      </div>
    </div>
  );
}
