/**
 * The search page's state lives in its URL: `/search?q=…&make=…&sort=…`, so back,
 * forward and shared links restore it. This turns the query string into the page's state (only
 * known parameters; empty ones dropped) and back, and the state into the `GET /api/search`
 * query (`apiSearchQuery`: the radius in kilometres).
 */
import type { CategoryKind } from '#contract/categories';
import {
  defaultSearchSort,
  searchRadiusDefaultKm,
  type SearchSort,
} from '#contract/search-options';
import { KM_PER_MILE, type DistanceUnit } from '#web/lib/units';

/** The filter parameters of `/search`, in the order the URL writes them. */
export const filterKeys = [
  'q',
  'kind',
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

/**
 * The centre parameters of `/search` (decision 0026): the API's names, and the radius in miles
 * (`radius_mi`) when the viewer chose it in miles, so the URL says the radius the viewer sees
 * (decision 0047); it is sent to the API as its exact kilometres.
 */
export const centreKeys = ['near', 'lat', 'lon', 'radius_km', 'radius_mi'] as const;
export type CentreKey = (typeof centreKeys)[number];

/** The search of a URL: its filters (text, as typed), its centre and sort. */
export interface SearchState {
  filters: Partial<Record<FilterKey, string>>;
  /** A place (`near`) or a position (`lat`, `lon`) and a radius; empty = anywhere. */
  centre?: Partial<Record<CentreKey, string>>;
  sort: SearchSort;
}

/** Whether the state has a centre (so distances and `sort=distance` apply). */
export function hasCentre(state: Pick<SearchState, 'centre'>): boolean {
  return Boolean(state.centre?.near || (state.centre?.lat && state.centre?.lon));
}

/** The kinds of the `kind` filter (decision 0047), as the search API names them. */
export const kindLabels: Record<CategoryKind, string> = {
  vehicles: 'Vehicles',
  parts: 'Parts and accessories',
};

/** The order a state has when the URL names none: nearest first with a centre (decision 0047). */
export function defaultSort(state: Pick<SearchState, 'centre'>): SearchSort {
  return defaultSearchSort(hasCentre(state));
}

/**
 * The state with another centre (empty = anywhere). An order the person did not choose (the
 * state's default) becomes the new state's default, so choosing a place sorts nearest first
 * (decision 0047); a chosen order stays, except nearest first without a centre.
 */
export function withCentre(
  state: SearchState,
  centre: NonNullable<SearchState['centre']>,
): SearchState {
  const next = { filters: state.filters, ...(hasCentre({ centre }) ? { centre } : {}) };
  const chosen = state.sort !== defaultSort(state);
  const sort = chosen ? state.sort : defaultSort(next);
  return { ...next, sort: sort === 'distance' && !hasCentre(next) ? 'newest' : sort };
}

/** A radius as the URL holds it: a number in kilometres or in miles. */
export interface Radius {
  value: number;
  unit: DistanceUnit;
}

/** The radius a search with a centre starts with, in the viewer's unit: 50 km, or 25 miles. */
export const defaultRadius = { km: 50, mi: 25 } as const satisfies Record<DistanceUnit, number>;

/** The URL parameter of a radius in `unit` (`radius_km` or `radius_mi`). */
export const radiusKey = (unit: DistanceUnit) => (unit === 'mi' ? 'radius_mi' : 'radius_km');

/**
 * The radius a state's search applies, as its URL gives it (miles first), or the API's default
 * (50 km) for a centre without one; null without a centre.
 */
export function radiusOf(state: Pick<SearchState, 'centre'>): Radius | null {
  if (!hasCentre(state)) return null;
  for (const unit of ['mi', 'km'] as const) {
    const value = Number(state.centre?.[radiusKey(unit)] || NaN);
    if (Number.isFinite(value) && value > 0) return { value, unit };
  }
  return { value: searchRadiusDefaultKm, unit: 'km' };
}

/** A radius in kilometres, exact to a metre (25 mi → 40.234), as the API takes it. */
export function radiusInKm(radius: Radius): number {
  return radius.unit === 'mi' ? Math.round(radius.value * KM_PER_MILE * 1000) / 1000 : radius.value;
}

/**
 * A radius in `unit`, as it is shown: whole when it is within 0.05 of a whole number (25 mi
 * sent as 40.234 km reads 25 mi again), else with one decimal (50 km reads 31.1 mi).
 */
export function radiusIn(radius: Radius, unit: DistanceUnit): number {
  if (radius.unit === unit) return radius.value;
  const value = unit === 'mi' ? radius.value / KM_PER_MILE : radius.value * KM_PER_MILE;
  return Math.abs(value - Math.round(value)) < 0.05
    ? Math.round(value)
    : Math.round(value * 10) / 10;
}

/**
 * The `GET /api/search` query of a state: its filters, its centre with the radius in kilometres
 * (a radius in miles converted, `radiusInKm`), and its order (the default one included).
 */
export function apiSearchQuery(state: SearchState): Record<string, string> {
  const { radius_km: _km, radius_mi: _mi, ...centre } = state.centre ?? {};
  const radius = radiusOf(state);
  return {
    ...state.filters,
    ...centre,
    ...(radius && (state.centre?.radius_km || state.centre?.radius_mi)
      ? { radius_km: String(radiusInKm(radius)) }
      : {}),
    sort: state.sort,
  };
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
    if (key === 'kind' && value && !Object.hasOwn(kindLabels, value)) continue;
    if (value) filters[key] = value;
  }
  const centre: NonNullable<SearchState['centre']> = {};
  for (const key of centreKeys) {
    const value = params.get(key)?.trim();
    if (value) centre[key] = value;
  }
  const sort = params.get('sort');
  // Without an order, nearest first when there is a centre (decision 0047); nearest first needs
  // a centre, so a link without one falls back to newest first.
  const known = sort && sort in sortLabels ? (sort as SearchSort) : defaultSort({ centre });
  return {
    filters,
    ...(Object.keys(centre).length > 0 ? { centre } : {}),
    sort: known === 'distance' && !hasCentre({ centre }) ? 'newest' : known,
  };
}

/**
 * Writes a search state as a query string (no `?`); the state's default order (`defaultSort`)
 * is left out, so newest first is written when there is a centre.
 */
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
  if (state.sort !== defaultSort(state)) params.set('sort', state.sort);
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
