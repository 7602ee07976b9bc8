/**
 * Whether a seller is a private person or a dealer (EU Consumer Rights Directive Art. 6a), and a
 * dealer's trader details (EU Digital Services Act Art. 30): on cards, the listing page and the
 * seller page.
 */
import type { SellerType, Trader } from '#contract/dealers';

/** The label's texts. */
export const sellerTypeTexts = {
  privateSeller: 'Private seller',
  dealer: (legalName: string) => `Dealer · ${legalName}`,
  traderDetails: 'Trader details',
} as const;

/** "Private seller" or "Dealer · {legal name}". */
export function sellerTypeText(seller: { seller_type: SellerType; trader: Trader | null }): string {
  return seller.seller_type === 'business' && seller.trader
    ? sellerTypeTexts.dealer(seller.trader.legal_name)
    : sellerTypeTexts.privateSeller;
}

/** The seller-type label as one line of small text. */
export function SellerTypeLabel({
  seller,
  className = '',
}: {
  seller: { seller_type: SellerType; trader: Trader | null };
  className?: string;
}) {
  return (
    <p
      className={`truncate text-sm text-base-content/70 ${className}`}
      data-testid="seller-type"
      title={sellerTypeText(seller)}
    >
      {sellerTypeText(seller)}
    </p>
  );
}

/** A dealer's trader details as a definition list (nothing for a private seller). */
export function TraderDetails({ trader, headingId }: { trader: Trader; headingId: string }) {
  return (
    <div className="flex flex-col gap-2" data-testid="trader-details">
      <h3 id={headingId} className="font-semibold">
        {sellerTypeTexts.traderDetails}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="text-base-content/70">Legal name</dt>
        <dd>{trader.legal_name}</dd>
        <dt className="text-base-content/70">Address</dt>
        <dd>{trader.address}</dd>
        <dt className="text-base-content/70">Phone</dt>
        <dd>{trader.phone}</dd>
        <dt className="text-base-content/70">E-mail</dt>
        <dd>{trader.email}</dd>
        <dt className="text-base-content/70">Register</dt>
        <dd>
          {trader.register_name}, {trader.register_number}
        </dd>
        {trader.opening_hours && (
          <>
            <dt className="text-base-content/70">Opening hours</dt>
            <dd>{trader.opening_hours}</dd>
          </>
        )}
      </dl>
      <p className="text-xs text-base-content/70">
        The dealer confirms it offers only products that comply with EU law.
      </p>
    </div>
  );
}
