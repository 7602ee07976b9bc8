/**
 * `/search` (public): a heading that says what is shown ("Toyota Corolla under $10,000"),
 * "N results", the active filters as removable chips, the result cards, filters and sort, all in
 * the URL (`/search?q=…&make=…&sort=…`), so back, forward and shared links restore the search;
 * "No listings match your search." when nothing matches; "Load more" for the next page. From
 * `lg` up the location sits above and the filters beside the results; below it both sit in the
 * filters sheet behind a `Filters` button, so the results start near the top of a phone.
 * `favouriteAction` puts the favourites feature's heart on each card (composed in
 * src/web/app/routes/search.tsx). Each page of results shown tells the server which listings
 * appeared (seller insights' impressions).
 *
 * Decision 0047: what the search holds is one tap away (All, Vehicles, Parts and accessories:
 * the `kind` filter); choosing a place sorts nearest first unless another order was chosen; the
 * radius is said in the viewer's unit everywhere (Within, chip, heading, URL); on a phone the
 * results are compact cards (List) or whole ones (Grid), as this device last chose.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductCard } from '#contract/entities';
import type { SearchSort } from '#contract/search-options';
import { ErrorMessage } from '#web/components/error-message';
import { LoadMoreButton } from '#web/components/load-more-button';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { sendImpressions } from '#web/lib/listing-events';
import { ListingCard } from '#web/components/listing-card';
import { ListingViewSwitch } from '#web/components/listing-view-switch';
import { useListingView } from '#web/lib/listing-view';
import { useHomePlace } from '#web/lib/home-place';
import { readRememberedCentre, writeRememberedCentre } from '#web/lib/places';
import { useUnit, writeUnit, type DistanceUnit } from '#web/lib/units';
import { useHydrated } from '#web/lib/use-hydrated';
import { useSearchListings } from '../api/search-listings';
import { usePlace } from '#web/lib/place-query';
import { useCategoryName } from '../api/search-names';
import { ActiveFilters } from '../components/active-filters';
import { FiltersSheet } from '../components/filters-sheet';
import { LocationFilter, radiusParams } from '../components/location-filter';
import { SearchFilters } from '../components/search-filters';
import {
  apiSearchQuery,
  hasCentre,
  kindLabels,
  readSearchState,
  resultsText,
  sortLabels,
  withCentre,
  writeSearchState,
  type SearchState,
} from '../lib/search-params';
import { searchChips, searchHeading, withoutChip, withoutFilters } from '../lib/search-summary';

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
  // Saved as the API's query (the radius in km): alerts and the saved list read it so.
  const savedQuery = apiSearchQuery(state);
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useSearchListings(state);

  const go = (next: SearchState) => setParams(new URLSearchParams(writeSearchState(next)));
  const centred = hasCentre(state);
  // Miles or kilometres: the one preference of units.ts (km in the server's HTML and while
  // hydrating, then the viewer's choice or the browser's locale).
  const unit = useUnit();
  // A visit without a centre in the URL and nothing else asked starts from the remembered one:
  // this device's, else the signed-in user's home place once their profile has loaded.
  const { homePlace, known: homePlaceKnown } = useHomePlace();
  const centredOnce = useRef(false);
  useEffect(() => {
    if (!hydrated || centredOnce.current) return;
    if (params.toString() !== '') {
      centredOnce.current = true;
      return;
    }
    const remembered =
      readRememberedCentre() ?? (homePlace ? { kind: 'place' as const, place: homePlace } : null);
    if (!remembered && !homePlaceKnown) return;
    centredOnce.current = true;
    if (!remembered) return;
    const centre = {
      ...(remembered.kind === 'place'
        ? { near: String(remembered.place.id) }
        : { lat: String(remembered.lat), lon: String(remembered.lon) }),
      ...radiusParams(state, unit),
    };
    setParams(new URLSearchParams(writeSearchState(withCentre(state, centre))), {
      replace: true,
    });
    // Once per visit to a bare /search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, homePlace, homePlaceKnown]);
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
  const categoryId = state.filters.category;
  const names = {
    category:
      useCategoryName(categoryId) ??
      first?.facets.category.find((facet) => facet.value === categoryId)?.label,
    place: usePlace(state.centre?.near).data?.name,
    unit,
  };
  const view = useListingView();
  const changeCentre = (centre: NonNullable<SearchState['centre']>) =>
    go(withCentre(state, centre));
  const changeKind = (kind: keyof typeof kindLabels | undefined) =>
    go({ ...state, filters: { ...state.filters, kind } });
  // units.ts tells every user of the preference (useUnit) at once.
  const changeUnit = (next: DistanceUnit) => writeUnit(next);

  return (
    <>
      <PageTitle title={q ? `${q} - Search` : 'Search'} />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3 lg:mb-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">
            {searchHeading(state, names)}
          </h1>
          <p className="mt-1 min-h-6 text-base-content/80" role="status">
            {first ? resultsText(first.total, first.estimated) : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <FiltersSheet
            className="lg:hidden"
            state={state}
            unit={unit}
            onUnit={changeUnit}
            onApply={go}
            disabled={!hydrated}
          />
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
        className="mb-6 hidden lg:flex"
        state={state}
        unit={unit}
        disabled={!hydrated}
        onUnit={changeUnit}
        onCentre={changeCentre}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-label="Search filters" className="hidden lg:block">
          <SearchFilters
            state={state}
            facets={first?.facets}
            estimated={first?.estimated}
            onApply={(filters) => {
              go({ ...state, filters });
              // Apply filters sits under a long form: bring the new results' top into view, as
              // a new page would, when the reader scrolled past it to press the button.
              if (window.scrollY > 0) window.scrollTo({ top: 0 });
            }}
            unit={unit}
          />
        </aside>
        <section aria-label="Results" className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            {/* What the search holds, one tap away (decision 0047). */}
            <div role="group" aria-label="What to search" className="join">
              {(
                [
                  [undefined, 'All'],
                  ['vehicles', kindLabels.vehicles],
                  ['parts', kindLabels.parts],
                ] as const
              ).map(([kind, label]) => (
                <button
                  key={label}
                  type="button"
                  aria-pressed={state.filters.kind === kind}
                  disabled={!hydrated}
                  onClick={() => changeKind(kind)}
                  className={`btn join-item min-h-11 px-3 btn-sm ${state.filters.kind === kind ? 'btn-primary' : ''}`}
                >
                  {label}
                </button>
              ))}
            </div>
            <ListingViewSwitch />
          </div>
          <ActiveFilters
            chips={searchChips(state, names)}
            disabled={!hydrated}
            onRemove={(key) => {
              // Like "Anywhere": a later visit to a bare /search does not bring the place back.
              if (key === 'centre') writeRememberedCentre(null);
              go(withoutChip(state, key));
            }}
            onClear={() => {
              if (centred) writeRememberedCentre(null);
              go(withoutFilters(state));
            }}
          />
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
              <ul
                className={`grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 ${view === 'list' ? 'max-sm:gap-2' : ''}`}
              >
                {items.map((product, index) => (
                  <li key={product._id}>
                    <ListingCard
                      product={product}
                      favouriteAction={favouriteAction?.(product)}
                      priority={index === 0}
                      compact={view === 'list'}
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
