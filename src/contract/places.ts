/**
 * Places (decision 0026): the offline gazetteer of towns and cities (GeoNames, CC-BY 4.0) that
 * listings stand at and searches measure distances from. `GET /api/places` looks one up.
 */
import { z } from 'zod';
import { errorSchema } from './errors.js';

/** A town or city: GeoNames id, name, first-level region, country, position in degrees. */
export const placeSchema = z.object({
  id: z.number().int().describe('GeoNames id'),
  name: z.string(),
  region: z.string().nullable().describe('first-level division, e.g. "Texas"; null if unknown'),
  country: z.string().describe('country name, e.g. "United States"'),
  lat: z.number().describe('latitude, degrees (WGS 84)'),
  lon: z.number().describe('longitude, degrees (WGS 84)'),
});
export type Place = z.infer<typeof placeSchema>;

/** Longest place query (characters), and the page size of a lookup: default and largest. */
export const placeQueryMax = 100;
export const placeLookupDefault = 8;
export const placeLookupMax = 20;

/** A place id as a query or body value (a positive whole number). */
export const placeIdSchema = z.coerce
  .number({ message: 'must be a place id' })
  .int({ message: 'must be a place id' })
  .min(1, { message: 'must be a place id' })
  .max(2_147_483_647, { message: 'must be a place id' });

export const placesQuerySchema = z.object({
  q: z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(placeQueryMax, { message: `must be at most ${placeQueryMax} characters` })
    .describe('the beginning of a place name, typos tolerated; "Austin, TX" narrows by region'),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(placeLookupMax, { message: `must be at most ${placeLookupMax}` })
    .default(placeLookupDefault),
});
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

export const placesContract = {
  method: 'GET',
  url: '/api/places',
  summary:
    'Look up towns and cities by name, best match first (prefix, then typo-tolerant; the more populous first among equals)',
  querystring: placesQuerySchema,
  response: { 200: z.array(placeSchema), 400: errorSchema, 503: errorSchema },
} as const;

/** `GET /api/places/{id}`: one place, e.g. the centre a shared search link names. */
export const placeContract = {
  method: 'GET',
  url: '/api/places/:id',
  summary: 'One town or city by its GeoNames id',
  params: z.object({ id: placeIdSchema }),
  response: { 200: placeSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
} as const;

/** The search page's texts of "Use my location" (decision 0026). */
export const locationMessages = {
  refused: 'Your browser did not share your location (permission refused). Type a town instead.',
  unavailable: 'Your location could not be found. Type a town instead.',
  here: 'Your location',
};
