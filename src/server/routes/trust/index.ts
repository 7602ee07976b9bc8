/**
 * Trust calls (decision 0028; contract src/contract/trust.ts): a VIN's history on Second Gear
 * (signed-in users), reporting a received message into moderation (a party of its
 * conversation), the admin's risk queue with dismissals, the evidence of the admin's Verify
 * dialog (decision 0044), and proof-of-work challenges (public; trust/proof-of-work.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  centsToDollars,
  dismissRiskContract,
  proofOfWorkChallengeContract,
  reportMessageContract,
  riskQueueContract,
  sellerEvidenceContract,
  vinHistoryContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { deriveListingStatus } from '../../trust/listing-status.js';
import { decodedVin, findVinListings } from '../../trust/repository.js';
import { vinDecodeLimit } from '../../vehicles/vin-limits.js';
import { historyVinFlags } from '../../trust/vin-flags.js';
import {
  dismissRisk,
  reportMessage,
  riskQueue,
  sellerEvidence,
} from '../../trust/reports-and-risk.js';

const tags = ['trust'];
const asUser = { tags, access: {} satisfies RouteAccess };
const asAdminSelf = { tags, access: { role: 'admin', self: 'uid' } satisfies RouteAccess };

export const trustRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitHistories = vinDecodeLimit(app, 'vin-history');
  app.route({
    ...route(proofOfWorkChallengeContract, { tags }),
    handler: async (_request, reply) => {
      // Every challenge is new: never cached anywhere.
      reply.header('cache-control', 'no-store');
      if (!app.proofOfWork.enabled) return { required: false, challenge: null };
      return { required: true, challenge: await app.proofOfWork.challenge() };
    },
  });

  app.route({
    ...route(vinHistoryContract, asUser),
    handler: async (request, reply) => {
      await limitHistories(request);
      const me = requireCallerRecord(request);
      const { vin } = request.params;
      const [rows, decoded] = await Promise.all([findVinListings(app.db, vin), decodedVin(vin)]);
      // Flags come from every listing (a removed one is a fact all the same); removed listings
      // themselves are shown to admins only.
      const visible = me.isAdmin ? rows : rows.filter((row) => row.deletedAt === null);
      reply.header('cache-control', 'no-store');
      return {
        vin,
        listings: visible.map((row) => ({
          _id: row.id,
          product_name: row.productName,
          listed_at: row.createdAt.toISOString(),
          resell_price: centsToDollars(row.resellPriceCents),
          mileage_km: row.mileageKm,
          listing_status: deriveListingStatus(row),
        })),
        flags: historyVinFlags(rows, decoded),
      };
    },
  });

  app.route({
    ...route(reportMessageContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const { reason, note } = request.body;
      const result = await reportMessage(app.db, request.params.id, me.id, {
        reason,
        note: note ? note : null,
      });
      if (result.kind === 'not-found') throw httpError(404, 'No message found');
      if (result.kind === 'own-message') {
        throw httpError(403, 'You cannot report your own message');
      }
      return { acknowledged: true as const, modifiedCount: result.created ? 1 : 0 };
    },
  });

  app.route({
    ...route(riskQueueContract, asAdminSelf),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return riskQueue(app.db);
    },
  });

  app.route({
    ...route(sellerEvidenceContract, asAdminSelf),
    handler: async (request, reply) => {
      const evidence = await sellerEvidence(app.db, request.query.id);
      if (!evidence) throw httpError(404, 'User not found');
      reply.header('cache-control', 'no-store');
      return evidence;
    },
  });

  app.route({
    ...route(dismissRiskContract, asAdminSelf),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const productId = request.query.id;
      const current = (await riskQueue(app.db)).find((item) => item._id === productId);
      const dismissed = await dismissRisk(
        app.db,
        me.id,
        productId,
        request.body.note,
        current?.score ?? 0,
      );
      if (!dismissed) throw httpError(404, 'Product not found');
      return { modifiedCount: current ? 1 : 0 };
    },
  });
};
