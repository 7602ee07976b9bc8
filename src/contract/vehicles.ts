/**
 * Vehicle tools for private sellers (decision 0019).
 * - `GET /api/price-guidance?make=&model=&model_year=&mileage_km=` (public) — the 25th, 50th and
 *   75th percentile of the asking prices (dollars) of comparable listings, `null` each when fewer
 *   than `priceGuidanceMinComparables` exist. Comparables: same make and model (ignoring case),
 *   model year within ±`priceGuidanceYearSpan`, mileage within the band of `mileageBand` (when
 *   a mileage is given), live or sold, not removed, created in the last 12 months.
 * - `GET /api/product/{id}/price-guidance` (public) — the same against a listing's own details,
 *   without the listing itself, plus its `verdict` (`great` below low, `fair` low–high, `high`
 *   above high; `null` when too few comparables or the listing is not a vehicle).
 * - `GET /api/vin/{vin}` (signed-in users) — decodes a VIN offline from NHTSA vPIC data: make,
 *   model, model year, body type, fuel type and transmission where known; the check digit
 *   (position 9) of a North-American VIN is verified and a mismatch reported in `errors`, not
 *   refused. 400 for a VIN that is not 17 characters of A–H, J–N, P, R–Z and 0–9.
 */
import { z } from 'zod';
import { fuelTypeSchema, idSchema, transmissionSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { limits, vinPattern } from './limits.js';

/** Fewer comparables than this and the guidance says nothing. */
export const priceGuidanceMinComparables = 5;
/** Comparables' model year is within this many years of the car's (±2). */
export const priceGuidanceYearSpan = 2;
/** Comparables are listings created within this many months (12). */
export const priceGuidanceMonths = 12;

/**
 * The mileage band of comparables (decision 0019), in km: ±25% of the car's mileage, but at least
 * ±20,000 km (so a nearly new car is compared with more than exact twins), floored at 0.
 */
export function mileageBand(mileageKm: number): { min: number; max: number } {
  const spread = Math.max(20_000, Math.round(mileageKm * 0.25));
  return { min: Math.max(0, mileageKm - spread), max: mileageKm + spread };
}

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

const vehicleText = z
  .string({ message: 'is required' })
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(limits.vehicleTextMax, { message: `must be at most ${limits.vehicleTextMax} characters` });

/** The query of `GET /api/price-guidance`: make, model and model year required, mileage optional. */
export const priceGuidanceQuerySchema = z.object({
  make: vehicleText,
  model: vehicleText,
  model_year: wholeNumber(limits.modelYearMin, limits.modelYearMax),
  mileage_km: wholeNumber(0, limits.mileageKmMax).optional().describe('kilometres'),
});
export type PriceGuidanceQuery = z.infer<typeof priceGuidanceQuerySchema>;

/** Percentiles of comparables' asking prices, in dollars (two decimals at most). */
export const priceGuidanceSchema = z.object({
  count: z.number().int().describe('how many comparable listings there are'),
  low: z.number().nullable().describe('25th percentile, dollars; null under 5 comparables'),
  median: z.number().nullable().describe('50th percentile, dollars; null under 5 comparables'),
  high: z.number().nullable().describe('75th percentile, dollars; null under 5 comparables'),
  sold_count: z
    .number()
    .int()
    .optional()
    .describe('how many of the comparables sold (decision 0027)'),
  basis: z
    .enum(['sold', 'asking'])
    .optional()
    .describe(
      'decision 0027: `sold` when at least 5 comparables sold, and the percentiles are of ' +
        'their sold prices alone; `asking`: of every comparable (asking prices, sold prices ' +
        'for the sold ones)',
    ),
});
export type PriceGuidance = z.infer<typeof priceGuidanceSchema>;

/** Where a listing's price stands against its comparables. */
export const priceVerdicts = ['great', 'fair', 'high'] as const;
export type PriceVerdict = (typeof priceVerdicts)[number];

/** A listing's guidance: its comparables' percentiles and its own verdict. */
export const listingPriceGuidanceSchema = priceGuidanceSchema.extend({
  verdict: z.enum(priceVerdicts).nullable().describe('null when there are too few comparables'),
});
export type ListingPriceGuidance = z.infer<typeof listingPriceGuidanceSchema>;

/** Where an asking price (dollars) stands against guidance; null when there is none. */
export function priceVerdict(price: number, guidance: PriceGuidance): PriceVerdict | null {
  if (guidance.low === null || guidance.high === null) return null;
  if (price < guidance.low) return 'great';
  if (price > guidance.high) return 'high';
  return 'fair';
}

/** A decoded VIN: fields the data does not know are null. */
export const vinDecodeSchema = z.object({
  vin: z.string(),
  valid: z.boolean().describe('false when the check digit is wrong or the VIN is not decodable'),
  make: z.string().nullable(),
  model: z.string().nullable(),
  model_year: z.number().int().nullable(),
  body_type: z.string().nullable(),
  fuel_type: fuelTypeSchema.nullable(),
  transmission: transmissionSchema.nullable(),
  errors: z.array(z.string()),
});
export type VinDecode = z.infer<typeof vinDecodeSchema>;

import { vehicleTexts } from './texts.js';
export { vehicleTexts };

export const priceGuidanceContract = {
  method: 'GET',
  url: '/api/price-guidance',
  summary:
    'Asking-price percentiles (25/50/75, dollars) of comparable listings: same make and model, ' +
    'model year ±2, similar mileage, live or sold in the last 12 months (public)',
  querystring: priceGuidanceQuerySchema,
  response: { 200: priceGuidanceSchema, 400: errorSchema, 503: errorSchema },
} as const;

export const productPriceGuidanceContract = {
  method: 'GET',
  url: '/api/product/:id/price-guidance',
  summary:
    "A listing's price against its comparables (itself excluded): percentiles and verdict " +
    '(public). 404 for an unknown or removed listing.',
  params: z.object({ id: idSchema.describe('the product `_id`') }),
  response: {
    200: listingPriceGuidanceSchema,
    400: errorSchema,
    404: errorSchema,
    503: errorSchema,
  },
} as const;

export const decodeVinContract = {
  method: 'GET',
  url: '/api/vin/:vin',
  summary:
    'Decodes a VIN offline from NHTSA vPIC data (signed-in users). A wrong check ' +
    'digit is reported in `errors`, not refused; 400 for an ill-formed VIN; 429 past ' +
    '`VIN_DECODE_RATE_LIMIT_MAX` look-ups a minute per user or address; 503 while the ' +
    "decoder's line is full or it is unavailable.",
  params: z.object({
    vin: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .refine((value) => vinPattern.test(value), { message: vehicleTexts.vinInvalid }),
  }),
  response: {
    200: vinDecodeSchema,
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    429: errorSchema,
    503: errorSchema,
  },
} as const;
