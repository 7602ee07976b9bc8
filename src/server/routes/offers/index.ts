/**
 * Offer calls (decision 0034; contract src/contract/offers.ts). Making an offer needs the buyer
 * role; answering needs to be the offer's buyer or the listing's seller (the service decides which
 * actions each side may take); the seller's minimum offer is the seller's. The expiry job is
 * src/server/offers/jobs.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOfferContract,
  getOfferFloorContract,
  listOffersContract,
  offerFloorContract,
  updateOfferContract,
} from '#contract/index.js';
import { holdsRole, requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { notifyOffer } from '../../offers/mails.js';
import {
  answerOffer,
  getOfferFloor,
  listOffers,
  makeOffer,
  setOfferFloor,
} from '../../offers/service.js';

const tags = ['offers'];
const asBuyer = { tags, access: { role: 'buyer' } satisfies RouteAccess };
const asSeller = { tags, access: { role: 'seller' } satisfies RouteAccess };
/** The offer's buyer or the listing's seller: the service checks which. */
const asParty = { tags, access: {} satisfies RouteAccess };

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(createOfferContract, asBuyer),
    handler: async (request, reply) => {
      const { product_id, amount, customer_phone, meeting_location } = request.body;
      const made = await makeOffer(
        app,
        requireCallerRecord(request),
        {
          productId: product_id,
          amountDollars: amount,
          customerPhone: customer_phone,
          meetingLocation: meeting_location,
        },
        app.config.bookings,
      );
      return reply
        .code(201)
        .send({ offer_id: made.offerId, status: made.status, message: made.message });
    },
  });

  app.route({
    ...route(listOffersContract, asParty),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const { role } = request.query;
      if (!holdsRole(me, role)) throw httpError(403, `This list needs the ${role} role`);
      return listOffers(app.db, me.id, role, new Date(), undefined, (tx, id) =>
        notifyOffer(app, tx, id, 'expired'),
      );
    },
  });

  app.route({
    ...route(updateOfferContract, asParty),
    handler: async (request) => {
      const result = await answerOffer(
        app,
        request.params.id,
        requireCallerRecord(request).id,
        request.body,
      );
      return {
        acknowledged: true as const,
        modifiedCount: result.changed ? 1 : 0,
        order_id: result.orderId,
      };
    },
  });

  app.route({
    ...route(offerFloorContract, asSeller),
    handler: async (request) => {
      const changed = await setOfferFloor(
        app.db,
        requireCallerRecord(request).id,
        request.params.id,
        request.body.offer_floor,
      );
      if (!changed) throw httpError(404, 'Product not found');
      return { acknowledged: true as const, modifiedCount: 1 };
    },
  });

  app.route({
    ...route(getOfferFloorContract, asSeller),
    handler: async (request) => {
      const floor = await getOfferFloor(app.db, requireCallerRecord(request).id, request.params.id);
      if (floor === undefined) throw httpError(404, 'Product not found');
      return { offer_floor: floor };
    },
  });
};
