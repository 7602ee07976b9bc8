/**
 * Seller insights (decision 0029): how each of a seller's listings is doing, and how long
 * comparable cars took to sell.
 * - `POST /api/product/{id}/view` (public beacon) `{visitor_id}` → 202: the listing page was seen
 *   by this visitor. Recorded off the request path, at most once per listing, visitor and UTC day;
 *   the owner's own views and known bots (by user agent) are not counted.
 * - `POST /api/search/impressions` (public beacon) `{product_ids}` → 202: these listings appeared
 *   on a search results page.
 * - `GET /api/seller/insights?days=30` (sellers; their own listings only) → per listing the last
 *   `days` days' totals and daily views and impressions, days on market and the price's position
 *   in its fair band (decision 0019).
 * - `GET /api/time-to-sell?make=&model=&model_year=&mileage_km=&price=` (public) → the median,
 *   25th and 75th percentile of the days from listing to sold of comparable cars sold in the last
 *   12 months, priced in the same position of the fair band; `null` each under 5 of them.
 */
import { z } from 'zod';
import { idSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { limits, visitorIdPattern } from './limits.js';
import { priceGuidanceQuerySchema, priceVerdicts } from './vehicles.js';

/** Days of history `GET /api/seller/insights` answers by default, and at most (raw events live 90). */
export const insightsDefaultDays = 30;
export const insightsMaxDays = 90;
/** Raw view events older than this many days are removed by the clean-up job. */
export const insightsRawRetentionDays = 90;
/** Fewer sold comparables than this and time to sell says nothing (as price guidance). */
export const timeToSellMinComparables = 5;
/** Sold comparables are cars sold within this many months. */
export const timeToSellMonths = 12;
/** At most this many listings per impressions beacon (a search page shows fewer). */
export const impressionsMax = limits.impressionsMax;

/**
 * A browser's visitor id, issued and signed by the server (`POST /api/visitors`) and kept in the
 * browser's local storage (no cookie, no third-party tracker): 16–64 URL-safe characters. A view
 * counts only under an id the server issued; it stores only a salted hash of it (decision 0029).
 */
export const visitorIdSchema = z
  .string({ message: 'is required' })
  .regex(visitorIdPattern, { message: 'must be 16–64 letters, digits, - or _' });

export const issueVisitorIdContract = {
  method: 'POST',
  url: '/api/visitors',
  summary:
    'A new visitor id for the view beacon, signed by the server (public; a browser asks once and ' +
    'keeps it). Limited per client address and hour (`VISITOR_ID_HOURLY_MAX`, 429 after), so ' +
    'one client cannot mint the ids to count a view many times.',
  response: {
    201: z.object({ visitor_id: visitorIdSchema }),
    429: errorSchema,
  },
} as const;

export const recordViewContract = {
  method: 'POST',
  url: '/api/product/:id/view',
  summary:
    'A listing page was seen (public beacon, sent by the page after it loads): counted once per ' +
    "listing, visitor and UTC day; the owner's views, known bots and ids the server did not " +
    'issue (`POST /api/visitors`) are not counted. 202 always for a well-formed call (an ' +
    'unknown listing is dropped when the batch is written).',
  params: z.object({ id: idSchema.describe('the product `_id`') }),
  body: z.object({ visitor_id: visitorIdSchema }),
  response: { 202: z.object({ ok: z.literal(true) }), 400: errorSchema, 429: errorSchema },
} as const;

export const recordImpressionsContract = {
  method: 'POST',
  url: '/api/search/impressions',
  summary:
    'Listings shown on a search results page (public beacon): one impression each. Known bots ' +
    'are not counted; unknown ids are dropped when the batch is written.',
  body: z.object({
    product_ids: z
      .array(idSchema)
      .min(1, { message: 'must name at least one listing' })
      .max(impressionsMax, { message: `must name at most ${impressionsMax} listings` }),
  }),
  response: { 202: z.object({ ok: z.literal(true) }), 400: errorSchema, 429: errorSchema },
} as const;

/** Where a listing's price stands in its fair band (decision 0019); null without a band. */
export const pricePositionSchema = z
  .enum(priceVerdicts)
  .nullable()
  .describe('great: below the 25th percentile of comparables; fair: within; high: above');

const counts = {
  views: z.number().int().describe('unique visitors per day, summed'),
  impressions: z.number().int().describe('appearances in search results'),
  favourites: z.number().int().describe('favourites added'),
  conversations: z.number().int().describe('conversations started'),
  bookings: z.number().int().describe('bookings made'),
};

/** One listing's insights. */
export const listingInsightsSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  totals: z.object(counts),
  daily: z
    .array(
      z.object({
        date: z.string().describe('YYYY-MM-DD, UTC; every day of the period, oldest first'),
        views: z.number().int(),
        impressions: z.number().int(),
      }),
    )
    .describe('one entry per day of the period'),
  days_on_market: z
    .number()
    .int()
    .describe('whole days from listing to sold, or to today while unsold'),
  sold: z.boolean(),
  price_position: pricePositionSchema,
  make: z.string().nullable(),
  model: z.string().nullable(),
  model_year: z.number().int().nullable(),
  mileage_km: z.number().int().nullable(),
  resell_price: z.number().describe('US dollars'),
});
export type ListingInsights = z.infer<typeof listingInsightsSchema>;

export const sellerInsightsSchema = z.object({
  days: z.number().int(),
  listings: z.array(listingInsightsSchema).describe("the seller's listings, newest first"),
});
export type SellerInsights = z.infer<typeof sellerInsightsSchema>;

export const sellerInsightsQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(insightsMaxDays, { message: `must be at most ${insightsMaxDays}` })
    .default(insightsDefaultDays),
});

export const sellerInsightsContract = {
  method: 'GET',
  url: '/api/seller/insights',
  summary:
    "The caller's own listings (sellers): the last `days` days' views, impressions, favourites, " +
    'conversations and bookings, daily views, days on market and price position',
  querystring: sellerInsightsQuerySchema,
  response: {
    200: sellerInsightsSchema,
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    503: errorSchema,
  },
} as const;

export const timeToSellQuerySchema = priceGuidanceQuerySchema.extend({
  price: z.coerce
    .number({ message: 'must be a number' })
    .positive({ message: 'must be more than 0' })
    .max(limits.priceMaxCents / 100, { message: `must be at most ${limits.priceMaxCents / 100}` })
    .describe('asking price, US dollars'),
});
export type TimeToSellQuery = z.infer<typeof timeToSellQuerySchema>;

export const timeToSellSchema = z.object({
  count: z.number().int().describe('comparable cars sold in the last 12 months'),
  median_days: z.number().nullable().describe('null under 5 sold comparables'),
  p25_days: z.number().nullable(),
  p75_days: z.number().nullable(),
});
export type TimeToSell = z.infer<typeof timeToSellSchema>;

export const timeToSellContract = {
  method: 'GET',
  url: '/api/time-to-sell',
  summary:
    'Days from listing to sold (median, 25th and 75th percentile) of comparable cars sold in ' +
    'the last 12 months priced in the same position of their fair band (public)',
  querystring: timeToSellQuerySchema,
  response: { 200: timeToSellSchema, 400: errorSchema, 503: errorSchema },
} as const;

/** Texts of the Insights page and the time-to-sell line. */
export const insightsTexts = {
  title: 'Insights',
  intro: 'How your listings did over the last 30 days.',
  empty: 'You have no listings yet.',
  chartTitle: 'Daily views',
  tableCaption: 'Daily views and search impressions',
  positions: { great: 'Great price', fair: 'Fair price', high: 'High price' },
  noPosition: 'Not enough similar cars',
  /** The estimate, e.g. `Similar cars priced like this sold in about 23 days (8 sales)`. */
  timeToSell: (days: number, sales: number) =>
    `Similar cars priced like this sold in about ${Math.round(days)} day${Math.round(days) === 1 ? '' : 's'} (${sales} sale${sales === 1 ? '' : 's'})`,
  timeToSellUnknown: (sales: number) =>
    `Not enough similar cars sold in the last 12 months to estimate a selling time (${sales} sale${sales === 1 ? '' : 's'})`,
} as const;
