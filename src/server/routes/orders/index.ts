/**
 * The buyer's calls (docs/product.md §2 Category page and Buyer dashboard, §4, §7), all declared
 * for the buyer role (`access`, auth/guard.ts): book a product, list and read one's own orders,
 * report a product. Everything an order shows is read from the database and the caller's record,
 * never from the body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelOrderContract,
  createOrderContract,
  declineOrderContract,
  getOrderContract,
  listOwnOrdersContract,
  listSellerOrdersContract,
  reportProductContract,
  updateViewingContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { keysetPage } from '../../lib/pagination.js';
import { route } from '../../lib/route.js';
import { onBookingClosed } from '../../deposits/service.js';
import { notifyBooking } from '../../orders/notifications.js';
import { presentOrder } from '../../orders/presenters.js';
import { assertViewingWindow, changeViewing } from '../../orders/viewing.js';
import {
  bookProduct,
  closeOrder,
  findBuyerOrder,
  listBuyerOrders,
  listSellerOrders,
  reportProduct,
  type BookingResult,
  type CloseResult,
} from '../../orders/repository.js';

const asBuyer = { tags: ['orders'], access: { role: 'buyer' } satisfies RouteAccess };
const asSeller = { tags: ['orders'], access: { role: 'seller' } satisfies RouteAccess };
/** The booking's buyer or seller: the handler checks which (403 for anyone else). */
const asParty = { tags: ['orders'], access: {} satisfies RouteAccess };

/** The HTTP error of a refused decline or cancel (the answers their contracts declare). */
function closeError(result: Exclude<CloseResult, { kind: 'closed' }>) {
  switch (result.kind) {
    case 'not-found':
      return httpError(404, 'No order found');
    case 'paid':
      return httpError(409, 'This order is already paid');
    case 'already-closed':
      return httpError(409, 'This booking is already closed');
  }
}

/** The HTTP error of a refused booking (the answers createOrderContract declares). */
function bookingError(result: Exclude<BookingResult, { kind: 'booked' }>) {
  switch (result.kind) {
    case 'not-found':
      return httpError(404, 'Product not found');
    case 'not-bookable':
      return httpError(409, result.message);
    case 'own-listing':
      return httpError(403, 'You cannot book your own listing');
  }
}

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const asBuyerViewer = {
    viewer: 'buyer' as const,
    releaseDays: app.config.protectedPayments.releaseDays,
  };
  app.route({
    ...route(createOrderContract, asBuyer),
    handler: async (request, reply) => {
      const { product_info, customer_info, viewing_at } = request.body;
      const viewingAt = viewing_at ? new Date(viewing_at) : undefined;
      if (viewingAt) assertViewingWindow(viewingAt, new Date(), 'body.viewing_at');
      const result = await bookProduct(
        app.db,
        requireCallerRecord(request),
        product_info.product_id,
        {
          phone: customer_info.customer_phone,
          meetingLocation: customer_info.meeting_location,
          viewingAt,
        },
        app.config.bookings,
        (tx, order) => notifyBooking(app, tx, 'booked', order),
      );
      if (result.kind !== 'booked') throw bookingError(result);
      return reply
        .code(result.created ? 201 : 200)
        .send({ acknowledged: true, insertedId: result.orderId });
    },
  });

  app.route({
    // The most frequent signed-in read: kept until the next write (plugins/private-cache.ts).
    ...route(listOwnOrdersContract, { ...asBuyer, privateCache: true }),
    handler: async (request) =>
      (await listBuyerOrders(app.db, requireCallerRecord(request).id)).map((row) =>
        presentOrder(row, asBuyerViewer),
      ),
  });

  app.route({
    ...route(getOrderContract, asBuyer),
    handler: async (request) => {
      const order = await findBuyerOrder(
        app.db,
        requireCallerRecord(request).id,
        request.params.id,
      );
      if (!order) throw httpError(404, 'No order found');
      return { success: true as const, data: presentOrder(order, asBuyerViewer) };
    },
  });

  app.route({
    ...route(listSellerOrdersContract, asSeller),
    handler: async (request, reply) => {
      const sellerId = requireCallerRecord(request).id;
      const page = await keysetPage(reply, request.query, (cursor, limit) =>
        listSellerOrders(app.db, sellerId, cursor, limit),
      );
      return page.map((row) =>
        presentOrder(row, { viewer: 'seller', releaseDays: asBuyerViewer.releaseDays }),
      );
    },
  });

  app.route({
    ...route(declineOrderContract, asSeller),
    handler: async (request) => {
      const message = request.body.message || null;
      const result = await closeOrder(
        app.db,
        { kind: 'decline', message },
        requireCallerRecord(request).id,
        request.params.id,
        async (tx, order) => {
          await onBookingClosed(app, tx, order.id);
          return notifyBooking(app, tx, 'declined', order);
        },
      );
      if (result.kind !== 'closed') throw closeError(result);
      return { acknowledged: true as const, modifiedCount: result.changed ? 1 : 0 };
    },
  });

  app.route({
    ...route(cancelOrderContract, asBuyer),
    handler: async (request) => {
      const result = await closeOrder(
        app.db,
        { kind: 'cancel' },
        requireCallerRecord(request).id,
        request.params.id,
        async (tx, order) => {
          await onBookingClosed(app, tx, order.id);
          return notifyBooking(app, tx, 'cancelled', order);
        },
      );
      if (result.kind !== 'closed') throw closeError(result);
      return { acknowledged: true as const, deletedCount: result.changed ? 1 : 0 };
    },
  });

  app.route({
    ...route(updateViewingContract, asParty),
    handler: async (request) => {
      const change = await changeViewing(
        app,
        request.params.id,
        requireCallerRecord(request).id,
        request.body,
      );
      return { acknowledged: true as const, modifiedCount: change.modifiedCount };
    },
  });

  app.route({
    ...route(reportProductContract, asBuyer),
    handler: async (request) => {
      // The spec's body-less call reports for reason `Other`; an empty note is none.
      const body = request.body;
      const result = await reportProduct(
        app.db,
        request.query.id,
        requireCallerRecord(request).id,
        {
          reason: body?.reason ?? 'Other',
          note: body?.note ? body.note : null,
        },
      );
      if (!result) throw httpError(404, 'Product not found');
      return {
        acknowledged: true as const,
        modifiedCount: result.created ? 1 : 0,
        reportCount: result.reportCount,
      };
    },
  });
};
