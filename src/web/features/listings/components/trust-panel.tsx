/**
 * What Second Gear noticed about a listing (decision 0028), on its page, in one component of its
 * own: the listing's `trust_flags` as a calm notice (what we noticed, what to check before
 * paying — never an accusation), and, for a car with a VIN, `This car on Second Gear`: every
 * listing that carried the VIN (signed-in viewers; visitors are asked to sign in). Mileages in
 * the viewer's unit (units.ts).
 */
import { Link } from 'react-router';
import type { Listing } from '#contract/listings';
import { formatDollars } from '#contract/money';
import { listingStates } from '#contract/listing-state';
import { trustTexts } from '#contract/texts';
import type { TrustFlag } from '#contract/trust';
import { LocalTime, dateFormat } from '#web/components/local-time';
import { paths } from '#web/lib/paths';
import { formatMileage, useUnit, type DistanceUnit } from '#web/lib/units';
import { useVinHistory } from '../api/get-vin-history';

/**
 * A flag's text for the page: the API's, except that a mileage rollback's figures are said in
 * the viewer's unit (the API writes kilometres; the server's HTML too, units.ts).
 */
function flagText(flag: TrustFlag, unit: DistanceUnit): string {
  if (!flag.mileage) return flag.text;
  return trustTexts.mileageRollback(
    flag.mileage.earlier_listed_on,
    formatMileage(flag.mileage.earlier_km, unit),
    formatMileage(flag.mileage.stated_km, unit),
  );
}

export function TrustPanel({ listing, signedIn }: { listing: Listing; signedIn: boolean }) {
  const history = useVinHistory(listing._id, listing.vin, signedIn);
  const unit = useUnit();
  const flags = listing.trust_flags;
  if (flags.length === 0 && !listing.vin) return null;
  return (
    <>
      {flags.length > 0 && (
        <section
          aria-labelledby="trust-notice"
          data-testid="trust-notice"
          className="rounded-box border border-info/60 bg-info/10 p-4"
        >
          <h2 id="trust-notice" className="mb-1 text-lg font-bold">
            {trustTexts.noticeHeading}
          </h2>
          <p className="mb-2 text-sm text-base-content/80">
            We compare every listing with what Second Gear already knows. This is not an accusation:
            there may be a simple explanation, and the checks below are worth doing.
          </p>
          <ul className="flex list-disc flex-col gap-2 pl-5">
            {flags.map((flag) => (
              <li key={flag.code} data-flag={flag.code}>
                {flagText(flag, unit)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {listing.vin && (
        <section aria-labelledby="vin-history" data-testid="vin-history">
          <h2 id="vin-history" className="mb-2 text-xl font-bold">
            {trustTexts.historyHeading}
          </h2>
          {!signedIn ? (
            <p className="text-sm">Sign in to see every listing of this car on Second Gear.</p>
          ) : history.isPending ? (
            <p className="text-sm text-base-content/70">Loading the car’s history…</p>
          ) : !history.data ? (
            <p className="text-sm">The car’s history could not be loaded.</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {history.data.listings.map((row) => (
                <li
                  key={row._id}
                  className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-base-300 pb-2 text-sm"
                >
                  <LocalTime value={row.listed_at} format={dateFormat} className="font-medium" />
                  {row._id === listing._id ? (
                    <span className="font-medium">This listing</span>
                  ) : !listingStates[row.listing_status].hasPage ? (
                    <span className="min-w-0 [overflow-wrap:anywhere]">{row.product_name}</span>
                  ) : (
                    <Link
                      className="link min-w-0 [overflow-wrap:anywhere]"
                      to={paths.listing.href(row._id)}
                    >
                      {row.product_name}
                    </Link>
                  )}
                  <span>{formatDollars(row.resell_price)}</span>
                  <span>
                    {row.mileage_km === null
                      ? 'mileage not stated'
                      : formatMileage(row.mileage_km, unit)}
                  </span>
                  <span className="badge badge-ghost badge-sm">
                    {listingStates[row.listing_status].publicLabel}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </>
  );
}
