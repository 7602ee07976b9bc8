/**
 * The search page's state lives in its URL: `/search?q=…&make=…&sort=…`, so back,
 * forward and shared links restore it. This turns the query string into the `GET /api/search`
 * query (only known parameters; empty ones dropped) and back.
 */
import type { SearchSort } from '#contract/search';

/** The filter parameters of `/search`, in the order the URL writes them. */
export const filterKeys = [
  'q',
  'category',
  'make',
  'model',
  'min_price',
  'max_price',
  'min_year',
  'max_year',
  'max_mileage',
  'condition',
  'fuel_type',
  'transmission',
  'verified',
  'seller_type',
] as const;
export type FilterKey = (typeof filterKeys)[number];

export const sortLabels: Record<SearchSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  mileage_asc: 'Mileage: lowest first',
  year_desc: 'Year: newest first',
  distance: 'Distance: nearest first',
};

/** The centre parameters of `/search` (decision 0026), the API's names. */
export const centreKeys = ['near', 'lat', 'lon', 'radius_km'] as const;
export type CentreKey = (typeof centreKeys)[number];

/** The search of a URL: its filters (text, as typed), its centre and sort. */
export interface SearchState {
  filters: Partial<Record<FilterKey, string>>;
  /** A place (`near`) or a position (`lat`, `lon`) and `radius_km`; empty = anywhere. */
  centre?: Partial<Record<CentreKey, string>>;
  sort: SearchSort;
}

/** Whether the state has a centre (so distances and `sort=distance` apply). */
export function hasCentre(state: Pick<SearchState, 'centre'>): boolean {
  return Boolean(state.centre?.near || (state.centre?.lat && state.centre?.lon));
}

/** The seller types of the `seller_type` filter, as the search API names them. */
export const sellerTypeLabels = { private: 'Private seller', business: 'Dealer' } as const;

/**
 * Reads `/search`'s query string; unknown keys and empty values are ignored, and so is a
 * `seller_type` other than `private` or `business` (an old or mistyped link still searches).
 */
export function readSearchState(params: URLSearchParams): SearchState {
  const filters: SearchState['filters'] = {};
  for (const key of filterKeys) {
    const value = params.get(key)?.trim();
    if (key === 'seller_type' && value && !Object.hasOwn(sellerTypeLabels, value)) continue;
    if (value) filters[key] = value;
  }
  const centre: NonNullable<SearchState['centre']> = {};
  for (const key of centreKeys) {
    const value = params.get(key)?.trim();
    if (value) centre[key] = value;
  }
  const sort = params.get('sort');
  const known = sort && sort in sortLabels ? (sort as SearchSort) : 'newest';
  // Nearest first needs a centre; a link without one falls back to the default order.
  return {
    filters,
    ...(Object.keys(centre).length > 0 ? { centre } : {}),
    sort: known === 'distance' && !hasCentre({ centre }) ? 'newest' : known,
  };
}

/** Writes a search state as a query string (no `?`); the default sort is left out. */
export function writeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = state.filters[key]?.trim();
    if (value) params.set(key, value);
  }
  for (const key of centreKeys) {
    const value = state.centre?.[key]?.trim();
    if (value) params.set(key, value);
  }
  if (state.sort !== 'newest') params.set('sort', state.sort);
  return params.toString();
}

const resultCount = new Intl.NumberFormat('en-US');

/**
 * The search page's status line: "N results" ("1 result"), exact up to 1,000 matches; past it
 * the API's total is an estimate (`estimated`, decision 0012), so "About 25,000 results".
 */
export function resultsText(total: number, estimated: boolean): string {
  const count = resultCount.format(total);
  if (estimated) return `About ${count} results`;
  return `${count} ${total === 1 ? 'result' : 'results'}`;
}

/**
 * The filters sheet's button for a count of matches: "Show 12 results", "Show 1 result",
 * "Show about 25,000 results" (an estimate past 1,000 matches, decision 0012).
 */
export function showResultsText(total: number, estimated: boolean): string {
  const count = resultCount.format(total);
  if (estimated) return `Show about ${count} results`;
  return `Show ${count} ${total === 1 ? 'result' : 'results'}`;
}
