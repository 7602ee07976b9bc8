/**
 * Public search (decision 0012): `GET /api/search` answers one page of live listings
 * (unsold, not removed, not taken off the market) matching a keyword and filters, the total
 * number of matches, the next page's cursor and facet counts for the filter panel.
 */
import { z } from 'zod';
import { sellerTypeSchema } from './trader.js';
import {
  conditionSchema,
  fuelTypeSchema,
  idSchema,
  productCardSchema,
  transmissionSchema,
} from './entities.js';
import { errorSchema } from './errors.js';
import { limits } from './limits.js';
import { placeIdSchema } from './places.js';
import { categoryKindSchema } from './categories.js';
import {
  searchRadiusDefaultKm,
  searchRadiusMaxKm,
  searchRadiusMinKm,
  searchPageDefault,
  searchPageMax,
  searchSorts,
} from './search-options.js';

export * from './search-options.js';

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

/** Dollars like `resell_price` (at most two decimals), 0 to the largest price a listing may have. */
const dollars = z.coerce
  .number({ message: 'must be a number of dollars' })
  .min(0, { message: 'must be at least 0' })
  .max(limits.priceMaxCents / 100, { message: `must be at most ${limits.priceMaxCents / 100}` })
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
    message: 'must have at most two decimals',
  });

/** A short free-text filter value (make, model). */
const shortText = z
  .string()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(limits.vehicleTextMax);

/** The query of `GET /api/search`. Every parameter is optional. */
export const searchQuerySchema = z
  .object({
    q: z.string().trim().max(100, { message: 'must be at most 100 characters' }).optional(),
    category: idSchema.optional(),
    kind: categoryKindSchema
      .optional()
      .describe(
        "vehicles: listings of vehicle categories only; parts: parts and accessories only (the category's kind)",
      ),
    make: shortText.optional(),
    model: shortText.optional(),
    min_price: dollars.optional(),
    max_price: dollars.optional(),
    min_year: wholeNumber(limits.modelYearMin, limits.modelYearMax).optional(),
    max_year: wholeNumber(limits.modelYearMin, limits.modelYearMax).optional(),
    max_mileage: wholeNumber(0, limits.mileageKmMax).describe('kilometres').optional(),
    condition: conditionSchema.optional(),
    fuel_type: fuelTypeSchema.optional(),
    transmission: transmissionSchema.optional(),
    verified: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .transform((value) => value === 'true')
      .optional()
      .describe('true: verified sellers only'),
    seller_type: sellerTypeSchema
      .optional()
      .describe('private: private sellers only; business: dealers only'),
    near: placeIdSchema.optional().describe('centre: a place id (`GET /api/places`)'),
    lat: z.coerce
      .number({ message: 'must be a latitude in degrees' })
      .min(-90, { message: 'must be between -90 and 90' })
      .max(90, { message: 'must be between -90 and 90' })
      .optional()
      .describe('centre latitude, degrees (with lon)'),
    lon: z.coerce
      .number({ message: 'must be a longitude in degrees' })
      .min(-180, { message: 'must be between -180 and 180' })
      .max(180, { message: 'must be between -180 and 180' })
      .optional()
      .describe('centre longitude, degrees (with lat)'),
    radius_km: z.coerce
      .number({ message: 'must be a number of kilometres' })
      .min(searchRadiusMinKm, { message: `must be at least ${searchRadiusMinKm}` })
      .max(searchRadiusMaxKm, { message: `must be at most ${searchRadiusMaxKm}` })
      .optional()
      .describe(
        `kilometres from the centre; default ${searchRadiusDefaultKm} when a centre is given`,
      ),
    sort: z
      .enum(searchSorts)
      .optional()
      .describe('default: distance (nearest first) with a centre, else newest'),
    limit: wholeNumber(1, searchPageMax).default(searchPageDefault),
    cursor: z
      .string()
      .max(300)
      .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be a cursor given by a previous page' })
      .optional(),
  })
  .superRefine((query, context) => {
    if (
      query.min_price !== undefined &&
      query.max_price !== undefined &&
      query.min_price > query.max_price
    )
      context.addIssue({
        code: 'custom',
        path: ['max_price'],
        message: 'must not be below min_price',
      });
    if (
      query.min_year !== undefined &&
      query.max_year !== undefined &&
      query.min_year > query.max_year
    )
      context.addIssue({
        code: 'custom',
        path: ['max_year'],
        message: 'must not be below min_year',
      });
    // A centre is a place (`near`) or a position (`lat` and `lon`), never both (decision 0026).
    if ((query.lat === undefined) !== (query.lon === undefined))
      context.addIssue({
        code: 'custom',
        path: [query.lat === undefined ? 'lat' : 'lon'],
        message: 'is required with ' + (query.lat === undefined ? 'lon' : 'lat'),
      });
    if (query.near !== undefined && query.lat !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['near'],
        message: 'must not be given with lat and lon',
      });
    const centred = query.near !== undefined || query.lat !== undefined;
    if (!centred && query.radius_km !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['radius_km'],
        message: 'needs a centre (near, or lat and lon)',
      });
    if (!centred && query.sort === 'distance')
      context.addIssue({
        code: 'custom',
        path: ['sort'],
        message: 'distance needs a centre (near, or lat and lon)',
      });
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One facet value and how many matching listings have it. */
export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

/**
 * Facet counts over every match of the query (not only this page), most frequent first;
 * `category` values are category ids. Listings without a value (e.g. no make) are not counted
 * in that facet. Exact up to `searchExactCountMax` matches; past it (`estimated: true`) each
 * count is an estimate (its share of the first matches read, scaled to the estimated total,
 * two significant digits), and a value rare among the matches may be missing (decision 0012).
 */
export const searchFacetsSchema = z.object({
  make: z.array(facetCountSchema),
  fuel_type: z.array(facetCountSchema),
  transmission: z.array(facetCountSchema),
  condition: z.array(facetCountSchema),
  category: z.array(facetCountSchema.extend({ label: z.string() })),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/**
 * Up to this many matches, `total` and the facet counts of a search are exact; past it they are
 * estimates and `estimated` is true (decision 0012: exact counts of a large share of a million
 * listings take seconds).
 */
export const searchExactCountMax = 1_000;

/** A search result: the public card, and its distance from the search's centre when it has one. */
export const searchItemSchema = productCardSchema.extend({
  distance_km: z
    .number()
    .optional()
    .describe('great-circle distance from the centre, km, one decimal (only with a centre)'),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchResultSchema = z.object({
  items: z.array(searchItemSchema),
  total: z
    .number()
    .int()
    .describe(
      "matches of the whole query, every page together: exact up to 1,000; past it (`estimated`) the database planner's estimate, two significant digits (e.g. 25000), always above 1,000",
    ),
  estimated: z
    .boolean()
    .describe(
      'true when `total` and the facet counts are estimates (more than 1,000 matches); show them as such (e.g. "about 25,000 results")',
    ),
  next_cursor: z
    .string()
    .nullable()
    .describe('pass as `cursor` for the next page; null on the last'),
  facets: searchFacetsSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchContract = {
  method: 'GET',
  url: '/api/search',
  summary:
    'Search live listings by keyword (full-text with typo tolerance) and filters, sorted, paginated by keyset',
  querystring: searchQuerySchema,
  response: { 200: searchResultSchema, 400: errorSchema, 503: errorSchema },
} as const;
