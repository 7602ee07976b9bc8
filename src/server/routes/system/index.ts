/**
 * Operational routes: health: 200 while the database answers; 503 when it does not, and while the
 * instance drains before a shutdown (lifecycle.ts), so a load balancer takes it out.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthContract } from '../../../contract/index.js';
import { route } from '../../lib/route.js';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(healthContract, { tags: ['system'] }),
    handler: async (request, reply) => {
      if (app.lifecycle.draining) {
        return reply.code(503).send({ status: 'draining', database: 'up' });
      }
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  });
};
