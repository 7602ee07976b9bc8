/**
 * Insights (/user/seller/insights, Seller dashboard; decision 0029): for each of the seller's
 * listings, the last 30 days' views, search impressions, favourites, messages and bookings, its
 * days on market and where its price stands in its fair band; for the listing chosen above the
 * chart, its daily views (uPlot, with the same numbers as a table for screen readers) and how
 * long similar cars priced like it took to sell. One column at 360 px, nothing wider.
 */
import { useId, useState } from 'react';
import { insightsDefaultDays, insightsTexts, type ListingInsights } from '#contract/insights';
import { formatDollars } from '#contract/money';
import { DashboardPage } from '#web/components/dashboard-page';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { useSellerInsights } from '../api/get-insights';
import { TimeToSellLine } from '../components/time-to-sell-line';
import { DailyViewsTable, ViewsChart } from '../components/views-chart';

const countLabels = [
  ['views', 'Views'],
  ['impressions', 'Impressions'],
  ['favourites', 'Favourites'],
  ['conversations', 'Messages'],
  ['bookings', 'Bookings'],
] as const;

/** The time-to-sell query of a listing, or null without make, model and model year. */
function timeToSellQuery(listing: ListingInsights) {
  if (!listing.make || !listing.model || listing.model_year === null) return null;
  return {
    make: listing.make,
    model: listing.model,
    model_year: listing.model_year,
    ...(listing.mileage_km !== null ? { mileage_km: listing.mileage_km } : {}),
    price: listing.resell_price,
  };
}

function PositionBadge({ position }: { position: ListingInsights['price_position'] }) {
  if (!position) return <span className="text-base-content/70">{insightsTexts.noPosition}</span>;
  const tone =
    position === 'great' ? 'badge-success' : position === 'fair' ? 'badge-info' : 'badge-warning';
  return <span className={`badge ${tone}`}>{insightsTexts.positions[position]}</span>;
}

function ListingCard({ listing }: { listing: ListingInsights }) {
  return (
    <li data-testid="insights-listing" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h3 className="font-semibold break-words">{listing.product_name}</h3>
        <p className="text-sm">
          {formatDollars(listing.resell_price)}
          {listing.sold ? ' · Sold' : ''}
        </p>
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm">
          {countLabels.map(([key, label]) => (
            <div key={key} className="contents">
              <dt>{label}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid={`total-${key}`}>
                {listing.totals[key]}
              </dd>
            </div>
          ))}
          <div className="contents">
            <dt>Days on market</dt>
            <dd className="text-right font-semibold tabular-nums">{listing.days_on_market}</dd>
          </div>
          <div className="contents">
            <dt>Price</dt>
            <dd className="text-right">
              <PositionBadge position={listing.price_position} />
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

export function SellerInsightsRoute() {
  const insights = useSellerInsights(insightsDefaultDays);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selectId = useId();
  const listings = insights.data?.listings ?? [];
  const chosen = listings.find((listing) => listing.product_id === chosenId) ?? listings[0];

  return (
    <DashboardPage heading={insightsTexts.title}>
      {insights.isPending ? (
        <ProgressBar label="Loading your insights" />
      ) : insights.error ? (
        <ErrorMessage error={insights.error} />
      ) : listings.length === 0 || !chosen ? (
        <p className="py-10 text-center text-lg">{insightsTexts.empty}</p>
      ) : (
        <div className="grid min-w-0 gap-6">
          <p>{insightsTexts.intro}</p>
          <section
            aria-labelledby="insights-chart-heading"
            className="card min-w-0 border border-base-300 bg-base-100"
          >
            <div className="card-body min-w-0 gap-3 p-4">
              <h2 id="insights-chart-heading" className="text-lg font-semibold">
                {insightsTexts.chartTitle}
              </h2>
              <div className="grid gap-1 text-sm">
                <label htmlFor={selectId}>Listing</label>
                <select
                  id={selectId}
                  className="select w-full"
                  value={chosen.product_id}
                  onChange={(event) => setChosenId(event.target.value)}
                >
                  {listings.map((listing) => (
                    <option key={listing.product_id} value={listing.product_id}>
                      {listing.product_name}
                    </option>
                  ))}
                </select>
              </div>
              <ViewsChart daily={chosen.daily} />
              <DailyViewsTable name={chosen.product_name} daily={chosen.daily} />
              <TimeToSellLine query={timeToSellQuery(chosen)} />
            </div>
          </section>
          <section aria-labelledby="insights-listings-heading">
            <h2 id="insights-listings-heading" className="mb-3 text-lg font-semibold">
              Your listings
            </h2>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Your listings">
              {listings.map((listing) => (
                <ListingCard key={listing.product_id} listing={listing} />
              ))}
            </ul>
          </section>
        </div>
      )}
    </DashboardPage>
  );
}
