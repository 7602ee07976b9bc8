/**
 * Seller insights (contract src/contract/insights.ts; decision 0029): the view and impressions
 * beacons, the seller's Insights and time to sell. The scheduled rollup and clean-up are
 * src/server/insights/jobs.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  issueVisitorIdContract,
  recordImpressionsContract,
  recordViewContract,
  sellerInsightsContract,
  timeToSellContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { resolveAuthSecret } from '../../auth/secret.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { createSignedIds } from '../../lib/signed-pair.js';
import { isBot } from '../../insights/bots.js';
import { sellerInsights } from '../../insights/repository.js';
import { timeToSell } from '../../insights/sales.js';

const tags = ['insights'];
const asSeller = { tags, access: { role: 'seller' } satisfies RouteAccess };
const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

/**
 * The signed-in viewer's uid from a valid API token, or null: a beacon never fails over a
 * token (an anonymous view is still a view); the token is used only to leave the owner out.
 */
async function viewerUid(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  try {
    return (await app.apiTokens.verify(match[1])).uid;
  } catch {
    return null;
  }
}

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Visitor ids are signed by the server (HKDF info `visitor-id-hmac-v1`): a view counts only
  // under an id issued here, and one address gets VISITOR_ID_HOURLY_MAX of them an hour.
  const visitorIds = createSignedIds(resolveAuthSecret(app.config), 'visitor-id-hmac-v1');
  const issueLimiter = app.createRateLimit({
    max: app.config.insights.visitorIdHourlyMax,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `visitor-id:${request.ip}`,
  });

  app.route({
    // A beacon too: counted with the beacons, never against the visitor's writes.
    ...route(issueVisitorIdContract, { tags, beacon: true }),
    handler: async (request, reply) => {
      const limit = await issueLimiter(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        throw httpError(
          429,
          `Too many visitor ids from this address: at most ${limit.max} an hour. Try again in ${seconds} seconds.`,
          seconds,
        );
      }
      return reply.code(201).send({ visitor_id: visitorIds.issue() });
    },
  });

  app.route({
    ...route(recordViewContract, { tags, beacon: true }),
    handler: async (request, reply) => {
      // Known bots and ids this server did not issue count nothing (the answer is the same).
      if (!isBot(request.headers['user-agent']) && visitorIds.verify(request.body.visitor_id)) {
        const uid = await viewerUid(app, request);
        app.listingEvents.view(request.params.id, request.body.visitor_id, uid);
      }
      return reply.code(202).send({ ok: true });
    },
  });

  app.route({
    ...route(recordImpressionsContract, { tags, beacon: true }),
    handler: async (request, reply) => {
      if (!isBot(request.headers['user-agent'])) {
        app.listingEvents.impressions(request.body.product_ids);
      }
      return reply.code(202).send({ ok: true });
    },
  });

  app.route({
    ...route(sellerInsightsContract, asSeller),
    handler: async (request) => {
      const record = requireCallerRecord(request);
      const { days } = request.query;
      return { days, listings: await sellerInsights(app.db, record.id, days) };
    },
  });

  app.route({
    ...route(timeToSellContract, { tags, publicCache: true }),
    handler: async (request) => {
      const { make, model, model_year, mileage_km, price } = request.query;
      return timeToSell(app.db, {
        make,
        model,
        modelYear: model_year,
        mileageKm: mileage_km,
        price,
      });
    },
  });
};
