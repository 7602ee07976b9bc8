/**
 * Draining before a graceful shutdown (docs/deploy.md, "Graceful shutdown"): for
 * SHUTDOWN_DRAIN_SECONDS after SIGTERM an instance keeps serving every request, but
 * `GET /api/health` answers 503 `{status: 'draining', database: 'up'}` and every answer closes
 * its connection (`Connection: close`), so the load balancer's health check takes the instance
 * out and no connection is left to reuse. Only then does the server close (main.ts): the
 * requests it still receives meanwhile are served, not refused with Fastify's 503 for a closing
 * server.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** `draining`: true from the start of the drain (health answers 503). */
    lifecycle: { draining: boolean };
  }
}

/**
 * Marks `app` as draining and resolves after `ms` milliseconds (at once for 0, without
 * marking it).
 */
export async function drain(app: FastifyInstance, ms: number): Promise<void> {
  if (ms <= 0) return;
  // Read by the health check and by app.ts's `onRequest` hook, which closes each answer's
  // connection from now on.
  app.lifecycle.draining = true;
  await new Promise((resolve) => setTimeout(resolve, ms));
}
