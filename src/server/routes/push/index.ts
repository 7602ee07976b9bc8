/**
 * Web Push routes (contract src/contract/push.ts; decision 0045): the VAPID public key (public),
 * subscribing and unsubscribing a browser, and the caller's push switches. Signed-in users of any
 * role with a user record; a user only ever changes their own subscriptions and switches.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  createPushSubscriptionContract,
  deletePushSubscriptionContract,
  getPushConfigContract,
  getPushSettingsContract,
  updatePushSettingsContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { pushSubscriptions } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { checkPushEndpoint, readPushSettings, writePushSettings } from '../../push/service.js';

const asUser = { tags: ['push'], access: {} satisfies RouteAccess };

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(getPushConfigContract, { tags: ['push'] }),
    handler: async () => ({ vapid_public_key: app.push.publicKey }),
  });

  app.route({
    ...route(createPushSubscriptionContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const { endpoint, keys } = request.body;
      const refused = await checkPushEndpoint(endpoint, app.config.outboundAllowedOrigins);
      if (refused) throw httpError(400, `body.${refused}`);
      // One row per endpoint: a browser that subscribes again (new keys, another person signed
      // in on it) replaces the row.
      await app.db
        .insert(pushSubscriptions)
        .values({ userId: me.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: me.id, p256dh: keys.p256dh, auth: keys.auth },
        });
      reply.code(201);
      return { subscribed: true as const };
    },
  });

  app.route({
    ...route(deletePushSubscriptionContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const removed = await app.db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, request.body.endpoint),
            eq(pushSubscriptions.userId, me.id),
          ),
        )
        .returning({ id: pushSubscriptions.id });
      return { removed: removed.length > 0 };
    },
  });

  app.route({
    ...route(getPushSettingsContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      reply.header('cache-control', 'no-store');
      return { settings: await readPushSettings(app.db, me.id) };
    },
  });

  app.route({
    ...route(updatePushSettingsContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const settings = await app.db.transaction(async (tx) => {
        await writePushSettings(tx, me.id, request.body.settings);
        return readPushSettings(tx, me.id);
      });
      return { settings };
    },
  });
};
