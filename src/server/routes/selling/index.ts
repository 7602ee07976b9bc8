/**
 * The seller's calls (docs/product.md §2 Seller dashboard, §5, §7), all declared for the seller
 * role (`access`, enforced before validation by auth/guard.ts: 401/403 before any 400).
 * Seller details of a listing come from the caller's own record, never from the body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryMessages,
  createCategoryContract,
  createProductContract,
  deleteProductContract,
  listOwnProductsContract,
  productFormMessages,
  promoteMessages,
  promoteProductContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { enqueueListingMatch } from '../../saved-searches/alerts.js';
import { presentProduct } from './presenters.js';
import {
  findCategoryHoldsVehicles,
  deleteProduct,
  findProductState,
  insertCategory,
  insertProduct,
  listSellerProducts,
  promoteProduct,
} from '../../selling/repository.js';
import { resolveListingPlace } from '../../places/repository.js';
import { othersPhotos, othersPhotosError } from '../../trust/photo-owners.js';
import { enqueueListingVinDecode } from '../../trust/listing-vin.js';

const tags = ['selling'];
const asSeller = { tags, access: { role: 'seller' } satisfies RouteAccess };
const asSellerSelf = { tags, access: { role: 'seller', self: 'uid' } satisfies RouteAccess };

export const sellingRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The state of live product `id` when `sellerId` owns it.
   * @throws HttpError 404 when there is no such live product, 403 when another seller owns it.
   */
  async function ownLiveProduct(sellerId: string, id: string, action: 'promote' | 'delete') {
    const state = await findProductState(app.db, id);
    if (!state) throw httpError(404, 'Product not found');
    if (state.sellerId !== sellerId) {
      throw httpError(403, `You can only ${action} your own products`);
    }
    return state;
  }

  app.route({
    ...route(createCategoryContract, asSeller),
    handler: async (request, reply) => {
      const max = app.config.categoryDailyMax;
      const result = await insertCategory(
        app.db,
        requireCallerRecord(request).id,
        request.body.category_name,
        max,
      );
      if (result.kind === 'daily-cap') throw httpError(429, categoryMessages.dailyCap(max));
      if (result.kind === 'similar') {
        throw httpError(409, categoryMessages.nearDuplicate(result.existing));
      }
      return reply.code(201).send({ acknowledged: true, insertedId: result.id });
    },
  });

  app.route({
    ...route(createProductContract, asSeller),
    handler: async (request, reply) => {
      const holdsVehicles = await findCategoryHoldsVehicles(app.db, request.body.category_id);
      if (holdsVehicles === null) {
        throw httpError(400, 'body.category_id must be an existing category');
      }
      // A car's original price may be left out ("not given", docs/spec-deviations.md); every
      // other category keeps the form's rule and message.
      if (!holdsVehicles && (request.body.original_price ?? null) === null) {
        throw httpError(400, `body.original_price: ${productFormMessages.originalPrice}`);
      }
      const { location } = await resolveListingPlace(
        app.db,
        request.body.place_id,
        request.body.seller_location,
      );
      const seller = requireCallerRecord(request);
      const photos = request.body.product_images ?? [request.body.product_image];
      const foreign = await othersPhotos(app.db, seller.id, photos);
      if (foreign.length > 0) throw othersPhotosError(photos, foreign);
      const id = await insertProduct(
        app.db,
        seller.id,
        { ...request.body, seller_location: location ?? '' },
        async (tx, productId) => {
          await enqueueListingMatch(app, [productId], tx);
          if (request.body.vin) await enqueueListingVinDecode(app, productId, tx);
        },
        app.config.listings.ttlDays,
      );
      if (!id) throw httpError(401, 'This account has been deleted');
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  });

  app.route({
    ...route(listOwnProductsContract, asSeller),
    handler: async (request) =>
      (await listSellerProducts(app.db, requireCallerRecord(request).id)).map(presentProduct),
  });

  app.route({
    ...route(promoteProductContract, asSellerSelf),
    handler: async (request) => {
      const sellerId = requireCallerRecord(request).id;
      const { id } = request.query;
      const state = await ownLiveProduct(sellerId, id, 'promote');
      if (state.sold) throw httpError(409, promoteMessages.sold);
      const modifiedCount = await promoteProduct(app.db, sellerId, id);
      return {
        message: modifiedCount ? promoteMessages.promoted : promoteMessages.alreadyPromoted,
        modifiedCount,
      };
    },
  });

  app.route({
    ...route(deleteProductContract, asSellerSelf),
    handler: async (request) => {
      const sellerId = requireCallerRecord(request).id;
      const { id } = request.query;
      await ownLiveProduct(sellerId, id, 'delete');
      return { deletedCount: await deleteProduct(app.db, sellerId, id) };
    },
  });
};
