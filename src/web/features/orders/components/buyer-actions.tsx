/**
 * A buyer's actions on an unsold product card (docs/product.md §2 Category page): Book Now, which opens the
 * booking modal, and Report, which opens the report dialog — a reason and an optional note, then
 * Confirm / Don't Confirm (docs/product.md §5, docs/spec-deviations.md). The dialog and its flow (SweetAlert2,
 * the contract's texts) load on the first click. Once the buyer
 * has an open booking of the product, `Booked` with a link to My Orders takes Book Now's place,
 * read from the buyer's orders (`GET /api/orders`, one query for every card). On the listing page
 * (`variant="page"`) `offerAction` (Make an offer) sits beside Book Now, and Report is a small,
 * quiet button of its own: reporting is rare and must not compete with booking (decision 0048).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '#contract/entities';
import { paths } from '#web/lib/paths';
import { useOrders } from '../api/get-orders';

const ReportDialog = lazy(() =>
  import('./report-dialog').then((m) => ({ default: m.ReportDialog })),
);

export interface BuyerActionsProps {
  product: ProductCard;
  /** Opens the booking modal for this product. */
  onBook: (product: ProductCard) => void;
  /** `card` (the category page's cards) or `page` (the listing page). */
  variant?: 'card' | 'page';
  /** Beside Book Now on the listing page: Make an offer, or nothing. */
  offerAction?: ReactNode;
}

export function BuyerActions({
  product,
  onBook,
  variant = 'card',
  offerAction,
}: BuyerActionsProps) {
  const [reporting, setReporting] = useState(false);
  const orders = useOrders();
  const booked = orders.data?.some(
    (order) => order.product_info.product_id === product._id && order.booking_state === 'open',
  );

  const reportButton = (className: string) => (
    <button
      type="button"
      className={className}
      onClick={() => setReporting(true)}
      disabled={reporting}
      data-secondary
      aria-label={`Report: ${product.product_name}`}
    >
      {reporting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Report
    </button>
  );

  return (
    <div className="flex w-full flex-wrap gap-2">
      {booked ? (
        <Link
          to={paths.buyerOrders.href()}
          className="btn flex-1 btn-outline btn-success"
          aria-label={`Booked: ${product.product_name}. See My Orders`}
        >
          Booked
        </Link>
      ) : (
        <button
          type="button"
          className="btn flex-1 btn-primary"
          onClick={() => onBook(product)}
          aria-label={`Book Now: ${product.product_name}`}
        >
          Book Now
        </button>
      )}
      {offerAction}
      {variant === 'page' ? (
        // The listing page's bar that follows the scroll keeps Book Now and leaves this out.
        <div className="basis-full" data-secondary>
          {reportButton('btn px-2 font-normal btn-ghost btn-sm')}
        </div>
      ) : (
        reportButton('btn flex-1 btn-outline btn-error')
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog product={product} onDone={() => setReporting(false)} />
        </Suspense>
      )}
    </div>
  );
}
