/**
 * Favourites (contract src/contract/favourites.ts; decision 0013). Every call is for a
 * signed-in user of any role with a user record, and reads or writes only the caller's own list.
 * Registers the `price-drop` unsubscribe topic; the listing edit calls `queuePriceDropMails`
 * (src/server/favourites/price-drop.ts) when a price is lowered.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addFavouriteContract,
  favouriteIdsContract,
  listFavouritesContract,
  listingState,
  listingTexts,
  removeFavouriteContract,
  type Favourite,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { keysetPage } from '../../lib/pagination.js';
import { route } from '../../lib/route.js';
import { presentProductCard } from '../../catalog/presenters.js';
import { priceDropTopic } from '../../favourites/price-drop.js';
import {
  addFavourite,
  favouriteIdsAmong,
  listFavourites,
  listingExists,
  optOutOfPriceDrops,
  removeFavourite,
} from '../../favourites/repository.js';

const asUser = { tags: ['favourites'], access: {} satisfies RouteAccess };

type FavouriteRow = Awaited<ReturnType<typeof listFavourites>>[number];

/**
 * A favourite's state (decision 0013): its listing state's `favourite` (src/contract/listing-state.ts),
 * or gone when the listing or its seller's account was deleted.
 */
function present(row: FavouriteRow): Favourite {
  const gone = row.deletedAt !== null || row.sellerDeletedAt !== null;
  return {
    product: presentProductCard(row.card),
    state: gone ? 'unavailable' : listingState(row.card.listingStatus).favourite,
    favourited_at: row.favouritedAt.toISOString(),
  };
}

export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.unsubscribe.register(priceDropTopic, {
    describe: () => 'price-drop e-mails for your favourites',
    apply: (db, userId) => optOutOfPriceDrops(db, userId),
  });

  app.route({
    ...route(addFavouriteContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const { productId } = request.params;
      if (!(await listingExists(app.db, productId))) throw httpError(404, listingTexts.notFound);
      await addFavourite(app.db, me.id, productId);
      return { favourite: true as const };
    },
  });

  app.route({
    ...route(removeFavouriteContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      await removeFavourite(app.db, me.id, request.params.productId);
      return { favourite: false as const };
    },
  });

  app.route({
    ...route(listFavouritesContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const page = await keysetPage(reply, request.query, (cursor, limit) =>
        listFavourites(app.db, me.id, cursor, limit),
      );
      reply.header('cache-control', 'no-store');
      return page.map(present);
    },
  });

  app.route({
    ...route(favouriteIdsContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      reply.header('cache-control', 'no-store');
      return { ids: await favouriteIdsAmong(app.db, me.id, request.query.ids) };
    },
  });
};
