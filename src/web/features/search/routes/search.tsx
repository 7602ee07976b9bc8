/**
 * `/search` (public): "N results", the result cards, filters and sort, all in the URL
 * (`/search?q=…&make=…&sort=…`), so back, forward and shared links restore the search;
 * "No listings match your search." when nothing matches; "Load more" for the next page.
 * `favouriteAction` puts the favourites feature's heart on each card (composed in
 * src/web/app/routes/search.tsx). Each page of results shown tells the server which listings
 * appeared (seller insights' impressions).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductCard } from '#contract/entities';
import type { SearchSort } from '#contract/search';
import { ErrorMessage } from '#web/components/error-message';
import { LoadMoreButton } from '#web/components/load-more-button';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { sendImpressions } from '#web/lib/listing-events';
import {
  distanceText,
  readRememberedCentre,
  readUnit,
  writeUnit,
  type DistanceUnit,
} from '#web/lib/places';
import { useHydrated } from '#web/lib/use-hydrated';
import { LocationFilter } from '../components/location-filter';
import { useSearchListings } from '../api/search-listings';
import { ResultCard } from '../components/result-card';
import { SearchFilters } from '../components/search-filters';
import {
  hasCentre,
  readSearchState,
  resultsText,
  sortLabels,
  writeSearchState,
  type SearchState,
} from '../lib/search-params';

export interface SearchRouteProps {
  /** The favourites feature's heart on each result (composed in app/routes). */
  favouriteAction?: (product: ProductCard) => ReactNode;
  /**
   * Renders an action for the current query (its `/search` parameters), e.g. `Save this search`
   *, next to the sort order; composed by the app (features do not import each other).
   */
  renderSave?: (query: Record<string, string>) => ReactNode;
}

export function SearchRoute({ favouriteAction, renderSave }: SearchRouteProps = {}) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const state = readSearchState(params);
  const savedQuery = Object.fromEntries(new URLSearchParams(writeSearchState(state)));
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSearchListings(state);

  const go = (next: SearchState) => setParams(new URLSearchParams(writeSearchState(next)));
  const centred = hasCentre(state);
  // Miles or kilometres: the viewer's choice, else the browser's locale (read once hydrated, so
  // the server's HTML and the first render agree).
  const [chosenUnit, setUnit] = useState<DistanceUnit | null>(null);
  const unit = chosenUnit ?? (hydrated ? readUnit() : 'km');
  // A visit without a centre in the URL and nothing else asked starts from the remembered one.
  useEffect(() => {
    if (!hydrated || params.toString() !== '') return;
    const remembered = readRememberedCentre();
    if (!remembered) return;
    const centre =
      remembered.kind === 'place'
        ? { near: String(remembered.place.id) }
        : { lat: String(remembered.lat), lon: String(remembered.lon) };
    setParams(new URLSearchParams(writeSearchState({ ...state, centre })), { replace: true });
    // Once per visit to a bare /search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);
  const first = data?.pages[0];
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  // Seller insights (decision 0029): each page of results, once shown in the browser, counts
  // one impression per listing on it; a refetch of a page already shown does not count again.
  const reported = useRef(new Set<string>());
  const lastPage = data?.pages.at(-1);
  const lastPageKey = lastPage?.items.length
    ? `${JSON.stringify(state)} ${data?.pages.length} ${lastPage.items[0]!._id}`
    : '';
  useEffect(() => {
    if (!lastPageKey || !lastPage || reported.current.has(lastPageKey)) return;
    reported.current.add(lastPageKey);
    sendImpressions(lastPage.items.map((item) => item._id));
  }, [lastPageKey, lastPage]);
  const q = state.filters.q;

  return (
    <>
      <PageTitle title={q ? `${q} - Search` : 'Search'} />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{q ? `Results for “${q}”` : 'All listings'}</h1>
          <p className="mt-1 min-h-6 text-base-content/80" role="status">
            {first ? resultsText(first.total, first.estimated) : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {/* The place of `Save this search` is kept for everyone: it shows once the user's roles
              are known, after the first paint, and on a phone it pushed the results down. */}
          <div className="flex h-8 w-36 shrink-0 justify-end" data-testid="save-search-slot">
            {renderSave?.(savedQuery)}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <span className="font-medium">Sort by</span>
            {/* Disabled until hydrated (decision 0015): a choice made in the server's HTML
                before React runs has no handler, and hydration would put the URL's back. */}
            <select
              className="select select-sm w-auto"
              disabled={!hydrated}
              value={state.sort}
              onChange={(event) => go({ ...state, sort: event.target.value as SearchSort })}
            >
              {Object.entries(sortLabels).map(([value, label]) => (
                <option key={value} value={value} disabled={value === 'distance' && !centred}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <LocationFilter
        state={state}
        unit={unit}
        disabled={!hydrated}
        onUnit={(next) => {
          writeUnit(next);
          setUnit(next);
        }}
        onCentre={(centre) =>
          go({
            ...state,
            centre,
            sort: state.sort === 'distance' && !hasCentre({ centre }) ? 'newest' : state.sort,
          })
        }
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Search filters">
          <SearchFilters
            state={state}
            facets={first?.facets}
            estimated={first?.estimated}
            onApply={(filters) => go({ ...state, filters })}
          />
        </aside>
        <section aria-label="Results">
          {isPending ? (
            <ProgressBar label="Searching" />
          ) : !data ? (
            <ErrorMessage error={error} />
          ) : items.length === 0 ? (
            <p className="rounded-box border border-base-300 bg-base-100 p-8 text-center text-lg">
              No listings match your search.
            </p>
          ) : (
            <>
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {items.map((product, index) => (
                  <li key={product._id}>
                    <ResultCard
                      product={product}
                      favouriteAction={favouriteAction?.(product)}
                      priority={index === 0}
                      distance={
                        product.distance_km === undefined
                          ? undefined
                          : distanceText(product.distance_km, unit)
                      }
                    />
                  </li>
                ))}
              </ul>
              {error && <ErrorMessage error={error} />}
              <LoadMoreButton
                hasNextPage={hasNextPage}
                isFetchingNextPage={isFetchingNextPage}
                fetchNextPage={fetchNextPage}
                className="mt-8"
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}
