/**
 * Operational routes: health: 200 while the database answers; 503 when it does not, and while the
 * instance drains before a shutdown (lifecycle.ts), so a load balancer takes it out. Readiness:
 * the database, and Redis when configured, each pinged (decision 0032); read replicas as their
 * monitor last saw them (decision 0050).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthContract, readyContract } from '#contract/index.js';
import { route } from '../../lib/route.js';

/** Longest the readiness check waits for one service's answer (ms). */
const READY_PING_TIMEOUT_MS = 2_000;

/** Resolves when `ping` does within READY_PING_TIMEOUT_MS; rejects otherwise. */
async function withinTimeout(ping: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), READY_PING_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

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

  app.route({
    ...route(readyContract, { tags: ['system'] }),
    handler: async (request, reply) => {
      const redis = app.redis;
      const [database, redisState] = await Promise.all(
        [() => app.database.ping(), redis ? () => redis.ping() : null].map(async (ping, i) => {
          if (!ping) return undefined;
          try {
            await withinTimeout(ping());
            return 'up' as const;
          } catch (error) {
            const service = i === 0 ? 'database' : 'Redis';
            request.log.warn({ err: error }, `readiness check: ${service} unreachable`);
            return 'down' as const;
          }
        }),
      );
      const services = {
        database: database ?? 'down',
        ...(redisState ? { redis: redisState } : {}),
      };
      // Read replicas as their monitor last saw them (decision 0050): reported, never unready.
      const replicas = app.replicas.configured
        ? {
            replicas: app.replicas.states().map((state) => ({
              replica: state.name,
              state: state.health,
              lag_seconds: state.lagSeconds,
            })),
          }
        : {};
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.draining) {
        return reply.code(503).send({ status: 'draining', ...services, ...replicas });
      }
      if (Object.values(services).includes('down')) {
        return reply.code(503).send({ status: 'unavailable', ...services, ...replicas });
      }
      return { status: 'ready' as const, ...services, ...replicas };
    },
  });
};
