/**
 * The seller's calls (issue 4; spec §2 Seller dashboard, §5, §7), all behind the seller role.
 * Seller details of a listing come from the caller's own record, never from the body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCategoryContract,
  createProductContract,
  deleteProductContract,
  listOwnProductsContract,
  promoteMessages,
  promoteProductContract,
} from '../../../contract/index.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { presentProduct } from './presenters.js';
import {
  categoryExists,
  deleteProduct,
  findProductState,
  insertCategory,
  insertProduct,
  listSellerProducts,
  promoteProduct,
} from './repository.js';

export const sellingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guards run as preValidation hooks: a caller without the right is told so (401/403) before
  // anything about the body (400).
  const asSeller = [app.authenticate, app.requireRole('seller')];
  const asSellerSelf = [app.authenticate, app.requireSelf('uid'), app.requireRole('seller')];
  /** The caller's product record; the guards above guarantee it exists. */
  const sellerOf = (request: { caller: { record: { id: string } | null } | null }) =>
    request.caller!.record!.id;

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
    ...route(createCategoryContract, ['selling']),
    preValidation: asSeller,
    handler: async (request, reply) => {
      const id = await insertCategory(app.db, request.body.category_name);
      if (!id) throw httpError(409, 'A category with this name already exists');
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  });

  app.route({
    ...route(createProductContract, ['selling']),
    preValidation: asSeller,
    handler: async (request, reply) => {
      if (!(await categoryExists(app.db, request.body.category_id))) {
        throw httpError(400, 'body.category_id must be an existing category');
      }
      const id = await insertProduct(app.db, sellerOf(request), request.body);
      if (!id) throw httpError(401, 'This account has been deleted');
      return reply.code(201).send({ acknowledged: true, insertedId: id });
    },
  });

  app.route({
    ...route(listOwnProductsContract, ['selling']),
    preValidation: asSeller,
    handler: async (request) =>
      (await listSellerProducts(app.db, sellerOf(request))).map(presentProduct),
  });

  app.route({
    ...route(promoteProductContract, ['selling']),
    preValidation: asSellerSelf,
    handler: async (request) => {
      const sellerId = sellerOf(request);
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
    ...route(deleteProductContract, ['selling']),
    preValidation: asSellerSelf,
    handler: async (request) => {
      const sellerId = sellerOf(request);
      const { id } = request.query;
      await ownLiveProduct(sellerId, id, 'delete');
      return { deletedCount: await deleteProduct(app.db, sellerId, id) };
    },
  });
};
