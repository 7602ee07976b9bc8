/**
 * The options of a search that pages use without the contract's schemas (zod-free, so a page
 * that only links to a search loads no validation code): the sort orders and the default one, the
 * page sizes and the radius bounds. `search.ts` re-exports them beside `GET /api/search`'s schema.
 */

/**
 * The sort orders of a search. Without `sort`, a search with a centre is `distance` (nearest
 * first) and any other `newest` (`defaultSearchSort`, decision 0047).
 */
export const searchSorts = [
  'newest',
  'price_asc',
  'price_desc',
  'mileage_asc',
  'year_desc',
  'distance',
] as const;
export type SearchSort = (typeof searchSorts)[number];

/**
 * The order of a search that names none (decision 0047): nearest first when it has a centre
 * (a place, or a position), newest first otherwise.
 */
export function defaultSearchSort(centred: boolean): SearchSort {
  return centred ? 'distance' : 'newest';
}

/** Largest page (`limit`) of a search, and the default. */
export const searchPageDefault = 24;
export const searchPageMax = 100;

/** Radius of a search with a centre (km): smallest, largest, and the default (decision 0026). */
export const searchRadiusMinKm = 1;
export const searchRadiusMaxKm = 1_000;
export const searchRadiusDefaultKm = 50;
