/**
 * Favourites (decision 0013): a signed-in user's watch-list of listings.
 * - `PUT /api/favourites/{productId}` — adds a listing (idempotent: 200 either way); 404 for an
 *   unknown or removed listing.
 * - `DELETE /api/favourites/{productId}` — removes it (idempotent; no check that it exists).
 * - `GET /api/favourites` — the caller's favourites, newest first, keyset-paginated (`limit`
 *   1–100, default 24; `cursor` from the `x-next-cursor` header). Each item is the listing's card
 *   with its `state`: `available`, `sold` (the web shows SOLD OUT) or `unavailable` (removed,
 *   taken off the market, or its seller's account deleted: the web shows `No longer available`).
 *
 * Favourites belong to the caller: nobody can read or change another user's list. When a
 * favourite's price drops, its watcher gets one e-mail per drop (unsubscribable, topic
 * `price-drop`).
 */
import { z } from 'zod';
import { cursorSchema, pageLimitSchema } from './catalog.js';
import { idSchema, productCardSchema } from './entities.js';
import { errorSchema } from './errors.js';

export { favouriteTexts } from './texts.js';

/** Where a favourite stands now. */
export const favouriteStates = ['available', 'sold', 'unavailable'] as const;
export type FavouriteState = (typeof favouriteStates)[number];

/** One favourite: the listing's card, its state and when the caller saved it. */
export const favouriteSchema = z.object({
  product: productCardSchema,
  state: z.enum(favouriteStates),
  favourited_at: z.string().describe('ISO 8601'),
});
export type Favourite = z.infer<typeof favouriteSchema>;

const guarded = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

const favouriteParams = z.object({ productId: idSchema });

export const addFavouriteContract = {
  method: 'PUT',
  url: '/api/favourites/:productId',
  summary:
    "Adds a listing to the caller's favourites (signed-in users; idempotent). 404 " +
    'for an unknown or removed listing.',
  params: favouriteParams,
  response: { 200: z.object({ favourite: z.literal(true) }), ...guarded },
} as const;

export const removeFavouriteContract = {
  method: 'DELETE',
  url: '/api/favourites/:productId',
  summary: "Removes a listing from the caller's favourites (idempotent)",
  params: favouriteParams,
  response: { 200: z.object({ favourite: z.literal(false) }), ...guarded },
} as const;

export const listFavouritesContract = {
  method: 'GET',
  url: '/api/favourites',
  summary:
    "The caller's favourites, newest first, with each listing's state. Paginated: " +
    '`limit` 1–100 (default 24), `cursor` from `x-next-cursor`.',
  querystring: z.object({
    limit: pageLimitSchema(24, 100),
    cursor: cursorSchema.optional(),
  }),
  response: { 200: z.array(favouriteSchema), ...guarded },
} as const;

export const favouriteIdsContract = {
  method: 'GET',
  url: '/api/favourites/ids',
  summary:
    'Ids of the listings among `ids` (comma-separated, at most 100) that the caller has in ' +
    'favourites, so a page of cards shows its hearts with one call.',
  querystring: z.object({
    ids: z
      .string()
      .max(100 * 37, { message: 'must list at most 100 ids' })
      .transform((text) => text.split(',').filter((id) => id !== ''))
      .pipe(z.array(idSchema).max(100, { message: 'must list at most 100 ids' })),
  }),
  response: { 200: z.object({ ids: z.array(z.string()) }), ...guarded },
} as const;
