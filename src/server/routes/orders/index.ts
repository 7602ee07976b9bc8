/**
 * The buyer's calls (issue 5; spec §2 Category page and Buyer dashboard, §4, §7), all behind
 * the buyer role: book a product, list and read one's own orders, report a product. Everything
 * an order shows is read from the database and the caller's record, never from the body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOrderContract,
  getOrderContract,
  listOwnOrdersContract,
  reportProductContract,
} from '../../../contract/index.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { presentOrder } from './presenters.js';
import {
  findBookableProduct,
  findBuyerOrder,
  insertOrder,
  listBuyerOrders,
  reportProduct,
} from './repository.js';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const asBuyer = [app.authenticate, app.requireRole('buyer')];
  /** The caller's product record; the guards above guarantee it exists. */
  const buyerOf = (request: { caller: { record: { id: string } | null } | null }) =>
    request.caller!.record!;

  app.route({
    ...route(createOrderContract, ['orders']),
    preHandler: asBuyer,
    handler: async (request, reply) => {
      const me = request.caller!.record!;
      const { product_info, customer_info } = request.body;
      const product = await findBookableProduct(app.db, product_info.product_id);
      if (!product) throw httpError(404, 'Product not found');
      if (product.deletedAt) throw httpError(409, 'This product is no longer for sale');
      if (product.sold) throw httpError(409, 'This product is already sold');
      if (product.sellerId === me.id) throw httpError(403, 'You cannot book your own listing');
      const order = await insertOrder(app.db, me, product, {
        phone: customer_info.customer_phone,
        meetingLocation: customer_info.meeting_location,
      });
      return reply
        .code(order.created ? 201 : 200)
        .send({ acknowledged: true, insertedId: order.id });
    },
  });

  app.route({
    ...route(listOwnOrdersContract, ['orders']),
    preHandler: asBuyer,
    handler: async (request) =>
      (await listBuyerOrders(app.db, buyerOf(request).id)).map(presentOrder),
  });

  app.route({
    ...route(getOrderContract, ['orders']),
    preHandler: asBuyer,
    handler: async (request) => {
      const order = await findBuyerOrder(app.db, buyerOf(request).id, request.params.id);
      if (!order) throw httpError(404, 'No order found');
      return { success: true as const, data: presentOrder(order) };
    },
  });

  app.route({
    ...route(reportProductContract, ['orders']),
    preHandler: asBuyer,
    handler: async (request) => {
      const result = await reportProduct(app.db, request.query.id, buyerOf(request).id);
      if (!result) throw httpError(404, 'Product not found');
      return {
        acknowledged: true as const,
        modifiedCount: result.created ? 1 : 0,
        reportCount: result.reportCount,
      };
    },
  });
};
