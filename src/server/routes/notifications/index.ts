/**
 * Notification settings (contract src/contract/notifications.ts; decision 0018):
 * `GET /api/notification-settings` lists the caller's kinds with labels and on/off;
 * `PUT /api/notification-settings` changes some of them in one transaction. Signed-in users of
 * any role with a user record; a user only ever reads or changes their own settings.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getNotificationSettingsContract,
  updateNotificationSettingsContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { readSettings, writeSettings } from '../../notifications/preferences.js';

const asUser = { tags: ['notifications'], access: {} satisfies RouteAccess };

export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(getNotificationSettingsContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      reply.header('cache-control', 'no-store');
      return { settings: await readSettings(app.db, me.id) };
    },
  });

  app.route({
    ...route(updateNotificationSettingsContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const settings = await app.db.transaction(async (tx) => {
        const outcome = await writeSettings(tx, me.id, request.body.settings);
        if (outcome === 'payment-locked') {
          throw httpError(400, 'body.settings: payment receipts cannot be turned off');
        }
        return readSettings(tx, me.id);
      });
      return { settings };
    },
  });
};
