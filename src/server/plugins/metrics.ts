/**
 * `GET /metrics` in the Prometheus text format (prom-client; decision 0032), for an operator's
 * scraper — never for the public:
 *
 * - **Where.** With METRICS_PORT, on a listener of its own on that port (METRICS_HOST, default
 *   HOST), and not on PORT: a scraper on a private network, nothing exposed on the public port.
 *   Else with METRICS_TOKEN, on PORT, to a request with `Authorization: Bearer <METRICS_TOKEN>`
 *   (compared in constant time; anything else is 401). With METRICS_TOKEN and METRICS_PORT, the
 *   separate port asks for the token too. Neither set: nothing is collected or served, and
 *   `/metrics` is the SPA's 404.
 * - **What.**
 *   - `http_request_duration_seconds{method, route, status_code}`: a histogram of every request
 *     Fastify answers, by route template (`/api/category/:id`, never the URL itself, which would
 *     make one series per listing; `(unmatched)` for a 404 that matched no route). Answers from
 *     the public read cache are Fastify's too, and timed like the others (decision 0051).
 *   - The process (prom-client's default metrics, once per process): event-loop delay
 *     (`nodejs_eventloop_lag_*`), heap (`nodejs_heap_size_*`), resident memory, CPU, GC.
 *   - `db_pool_max`, and on a PostgreSQL server `db_pool_connections{state="in_use"|"idle"}` and
 *     `db_pool_waiting` (node-postgres's counters; PGlite's one connection does not show its
 *     queue in its public API).
 *   - `jobs_queued{job}` (pg-boss's `getQueueSize`: created or waiting to retry, asked when
 *     scraped, at most 2 s) and `jobs_failed_total{job}` (attempts that failed here).
 *   - `live_message_connections`: open Server-Sent-Event streams of live messages.
 *   - `public_cache_lookups_total{result="hit"|"miss"}` (plugins/public-cache.ts).
 *   - With read replicas (decision 0050): `db_replica_up{replica}` (1 while it gets reads),
 *     `db_replica_lag_seconds{replica}` (at its last check), `db_replica_reads_total{server,
 *     reason}` (where public reads went, and why) and `db_replica_fallbacks_total{replica}`.
 *   Counts kept by other plugins (public cache, jobs, live messages) are plain
 *   numbers on their hot paths, read here when scraped.
 */
import fp from 'fastify-plugin';
import http from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { totalHeldCents } from '../payments/protected.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Metrics other plugins feed (plugins/metrics.ts); inert when metrics are off. */
    metrics: AppMetrics;
  }
}

/** What the rest of the app sees of the metrics. */
export interface AppMetrics {
  /** Whether `/metrics` is served (METRICS_TOKEN or METRICS_PORT). */
  readonly enabled: boolean;
  /** Sets where the number of open live-message streams is read from (routes/messages). */
  countLiveMessageConnections(count: () => number): void;
  /** The metrics in the Prometheus text format (`contentType`); for the endpoint and tests. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** The METRICS_PORT listener's address once listening, else undefined. */
  address(): AddressInfo | undefined;
}

/** Request durations' bucket bounds (seconds): 1 ms to 10 s. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Longest a scrape waits for the job queue's depth (ms); a scrape must not hang on an outage. */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;
/** Route label of a request no route matched. */
const UNMATCHED = '(unmatched)';

/** The process's own metrics, in one registry per process (they describe the process). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** SHA-256 of `text`: equal-length inputs for `timingSafeEqual` whatever the token's length. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries `Bearer <token>` (RFC 6750 §2.1; the scheme in any
 * case), compared in constant time.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.metrics;
    let liveConnections: () => number = () => 0;

    if (!settings) {
      app.decorate('metrics', {
        enabled: false,
        countLiveMessageConnections: (count: () => number) => void count,
        scrape: async () => ({ contentType: 'text/plain', body: '' }),
        address: () => undefined,
      } satisfies AppMetrics);
      return;
    }

    const registry = new Registry();
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by route template and status.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      durations.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED,
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    new Gauge({
      name: 'db_pool_max',
      help: 'Connections the request pool may open (1: the embedded PGlite database).',
      registers: [registry],
      collect() {
        this.set(app.database.poolStats().max);
      },
    });
    if (app.database.kind === 'postgres') {
      new Gauge({
        name: 'db_pool_connections',
        help: "The request pool's open connections, in use or idle.",
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const { total = 0, idle = 0 } = app.database.poolStats();
          this.set({ state: 'in_use' }, total - idle);
          this.set({ state: 'idle' }, idle);
        },
      });
      new Gauge({
        name: 'db_pool_waiting',
        help: 'Queries waiting for a connection of the request pool.',
        registers: [registry],
        collect() {
          this.set(app.database.poolStats().waiting ?? 0);
        },
      });
    }

    // Read replicas (plugins/read-routing.ts, registered after this plugin: read when scraped).
    if (app.config.replicas) {
      const replicas = () => app.replicas;
      new Gauge({
        name: 'db_replica_up',
        help: 'Whether a read replica gets reads (1: reachable, a standby, within REPLICA_MAX_LAG_SECONDS), by replica (decision 0050).',
        labelNames: ['replica'] as const,
        registers: [registry],
        collect() {
          for (const state of replicas().states()) {
            this.set({ replica: state.name }, state.health === 'up' ? 1 : 0);
          }
        },
      });
      new Gauge({
        name: 'db_replica_lag_seconds',
        help: 'How far a read replica is behind the primary at its last check (seconds), by replica; absent while unknown.',
        labelNames: ['replica'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const state of replicas().states()) {
            if (state.lagSeconds !== null) this.set({ replica: state.name }, state.lagSeconds);
          }
        },
      });
      new Counter({
        name: 'db_replica_reads_total',
        help: 'Public reads by the server they used (primary, replica-<n>) and why (replica, after-write, not-caught-up, no-replica).',
        labelNames: ['server', 'reason'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const { server, reason, count } of replicas().reads()) {
            this.inc({ server, reason }, count);
          }
        },
      });
      new Counter({
        name: 'db_replica_fallbacks_total',
        help: "A replica's queries and read transactions that failed there and ran again on the primary, by replica.",
        labelNames: ['replica'] as const,
        registers: [registry],
        collect() {
          this.reset();
          replicas()
            .fallbacks()
            .forEach((count, index) => this.inc({ replica: String(index) }, count));
        },
      });
    }

    new Gauge({
      name: 'jobs_queued',
      help: 'Jobs waiting to run (created or waiting to retry), by job; absent when unknown.',
      labelNames: ['job'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        if (!app.hasDecorator('jobs')) return;
        const names = Object.keys(app.jobs.failed);
        let timer: NodeJS.Timeout | undefined;
        const depths = await Promise.race([
          Promise.all(names.map((name) => app.jobs.boss.getQueueSize(name))),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), QUEUE_DEPTH_TIMEOUT_MS);
          }),
        ])
          .catch((error: unknown) => {
            app.log.warn({ err: error }, 'metrics: the job queue could not be read');
            return null;
          })
          .finally(() => clearTimeout(timer));
        depths?.forEach((depth, i) => this.set({ job: names[i]! }, depth));
      },
    });
    new Counter({
      name: 'jobs_failed_total',
      help: 'Job attempts that failed in this process (each is retried by its policy), by job.',
      labelNames: ['job'] as const,
      registers: [registry],
      collect() {
        this.reset();
        if (!app.hasDecorator('jobs')) return;
        for (const [job, count] of Object.entries(app.jobs.failed)) this.inc({ job }, count);
      },
    });

    new Gauge({
      name: 'payments_held_cents',
      help: 'Money held for buyers and sellers by the payment ledger: charged − released − refunded, cents (decision 0042).',
      registers: [registry],
      async collect() {
        this.set(await totalHeldCents(app.db));
      },
    });

    new Gauge({
      name: 'live_message_connections',
      help: 'Open live-message streams (Server-Sent Events).',
      registers: [registry],
      collect() {
        this.set(liveConnections());
      },
    });

    new Counter({
      name: 'public_cache_lookups_total',
      help: 'Anonymous public reads answered from the in-process cache (hit) or not (miss).',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        this.reset();
        if (!app.hasDecorator('publicCache')) return;
        this.inc({ result: 'hit' }, app.publicCache.hits);
        this.inc({ result: 'miss' }, app.publicCache.misses);
      },
    });

    const scrape = async () => ({
      contentType: registry.contentType,
      body: (await processMetrics().metrics()) + (await registry.metrics()),
    });
    const authorised = (header: string | undefined) =>
      settings.token === undefined || bearerMatches(header, settings.token);

    const decorate = (server: http.Server | undefined) =>
      app.decorate('metrics', {
        enabled: true,
        countLiveMessageConnections(count: () => number) {
          liveConnections = count;
        },
        scrape,
        address: () => (server?.address() as AddressInfo | null) ?? undefined,
      } satisfies AppMetrics);

    if (settings.port === undefined) {
      decorate(undefined);
      // Operational, not part of the API: kept out of the OpenAPI document.
      app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
        if (!authorised(request.headers.authorization)) {
          return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({
            statusCode: 401,
            error: 'Unauthorized',
            message: 'A metrics token is needed.',
          });
        }
        const { contentType, body } = await scrape();
        return reply.header('cache-control', 'no-store').type(contentType).send(body);
      });
      return;
    }

    // METRICS_PORT: a bare listener of its own, only GET/HEAD /metrics.
    const port = settings.port;
    const server = http.createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      if (!authorised(request.headers.authorization)) {
        response
          .writeHead(401, {
            'content-type': 'text/plain; charset=utf-8',
            'www-authenticate': 'Bearer realm="metrics"',
          })
          .end('A metrics token is needed.\n');
        return;
      }
      scrape().then(
        ({ contentType, body }) => {
          response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
          response.end(request.method === 'HEAD' ? undefined : body);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    decorate(server);
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, settings.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      app.log.info({ address: server.address() }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
