/**
 * A buyer's actions on an unsold product card (spec §2 Category page): Book Now, which opens the
 * booking modal, and Report, which confirms and reports the product (spec §5, DESIGN.md §8).
 * The report flow (SweetAlert2, the contract's texts) loads on the first click.
 */
import { useState } from 'react';
import type { ProductCard } from '../../../../contract/entities';

export interface BuyerActionsProps {
  product: ProductCard;
  /** Opens the booking modal for this product. */
  onBook: (product: ProductCard) => void;
}

export function BuyerActions({ product, onBook }: BuyerActionsProps) {
  const [reporting, setReporting] = useState(false);

  const handleReport = async () => {
    setReporting(true);
    try {
      const { runReportFlow } = await import('../lib/report-flow');
      await runReportFlow(product);
    } finally {
      setReporting(false);
    }
  };

  return (
    <div className="flex w-full flex-wrap gap-2">
      <button
        type="button"
        className="btn flex-1 btn-primary"
        onClick={() => onBook(product)}
        aria-label={`Book Now: ${product.product_name}`}
      >
        Book Now
      </button>
      <button
        type="button"
        className="btn flex-1 btn-outline btn-error"
        onClick={() => void handleReport()}
        disabled={reporting}
        aria-label={`Report: ${product.product_name}`}
      >
        {reporting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Report
      </button>
    </div>
  );
}
