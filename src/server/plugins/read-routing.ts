/**
 * Read replicas (decision 0050; DATABASE_REPLICA_URLS): which database a public read uses.
 *
 * - **Who asks.** Handlers of public reads (search, category, listing and seller pages, places,
 *   the sitemap) read through `app.readDb(request)`; everything else reads and writes `app.db`,
 *   the primary. Without replicas `readDb` is `app.db`, and nothing here runs.
 * - **Which replica.** A healthy one (db/replicas.ts: reachable, a standby, at most
 *   REPLICA_MAX_LAG_SECONDS behind), in turn; none healthy: the primary. One request reads from
 *   one server, decided on its first read.
 * - **A client's own writes.** Every successful write that can change a public answer (the writes
 *   that raise the public cache's topic, plugins/invalidation.ts; identity answers under
 *   `/api/auth/` excepted) sets the cookie `sg_primary_until` (signed, HttpOnly,
 *   REPLICA_READ_AFTER_WRITE_SECONDS long); a request that carries a valid one reads from the
 *   primary, so its client sees its write at once.
 * - **What the public cache keeps.** A read whose answer the public cache will keep
 *   (plugins/public-cache.ts `fillsPublicCache`) must include every write before the cache's
 *   current generation began: it uses only a replica known to be caught up to that moment, else
 *   the primary. A lagging replica never fills the cache with what a write just replaced.
 * - **Failures.** A query or read transaction a replica cannot serve runs again on the primary
 *   (db/client.ts `mustFallBack`) and takes the replica out of rotation until its next check
 *   finds it fit (a query cancelled by a conflict with recovery only runs again).
 * - **Checks.** Every REPLICA_CHECK_INTERVAL_MS, through connections of their own
 *   (`application_name` `second-gear-replica-monitor` on the primary, `second-gear-replica-<n>-monitor`
 *   on replica n); the request pools are `second-gear-primary` and `second-gear-replica-<n>`.
 *   `GET /api/ready` and `GET /metrics` report each replica; logs name replicas by number,
 *   never by URL.
 */
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReplicaConfig } from '../config.js';
import { resolveAuthSecret } from '../auth/secret.js';
import { openDatabase, openMonitorPool, type Database, type DatabaseHandle } from '../db/client.js';
import {
  chooseReplica,
  createReplicaMonitor,
  parseLsn,
  type ReadReason,
  type ReplicaMonitor,
  type ReplicaState,
} from '../db/replicas.js';
import { createSignedPairs } from '../lib/signed-pair.js';
import { writeKindOf } from './invalidation.js';
import { fillsPublicCache } from './public-cache.js';

/** How often each replica (and the primary's WAL position) is checked (ms). */
export const REPLICA_CHECK_INTERVAL_MS = 1_000;

/** The cookie that keeps a client's public reads on the primary after its own write. */
export const PRIMARY_UNTIL_COOKIE = 'sg_primary_until';

/** What the rest of the app (readiness, metrics, tests) sees of the replicas. */
export interface ReplicaSet {
  /** Whether DATABASE_REPLICA_URLS is set. */
  readonly configured: boolean;
  /** Each replica's state after the last check, in configuration order. */
  states(): readonly ReplicaState[];
  /** The database of replica `index` (tests ask it which server it is). */
  db(index: number): Database;
  /** Public reads routed since start, by server (`primary`, `replica-<n>`) and reason. */
  reads(): { server: string; reason: ReadReason; count: number }[];
  /** Queries and transactions of each replica that ran again on the primary since start. */
  fallbacks(): readonly number[];
  /** The checks: `check()` now, `stop()`/`start()` the periodic ones (tests drive them). */
  readonly monitor: ReplicaMonitor;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The database a public read of `request` uses: a healthy replica, or the primary for a
     * client that wrote within REPLICA_READ_AFTER_WRITE_SECONDS, for a cache fill no replica has
     * caught up with, or when no replica is healthy (decision 0050). `app.db` without replicas.
     */
    readDb(request: FastifyRequest): Database;
    /** The read replicas (decision 0050); `configured: false` without DATABASE_REPLICA_URLS. */
    replicas: ReplicaSet;
  }
}

const noReplicas = (app: FastifyInstance): ReplicaSet => ({
  configured: false,
  states: () => [],
  db: () => app.db,
  reads: () => [],
  fallbacks: () => [],
  monitor: {
    check: async () => undefined,
    states: () => [],
    start: () => undefined,
    stop: () => undefined,
    markDown: () => undefined,
  },
});

/** `Cookie` header value of `name`, or undefined (RFC 6265 §5.4 cookie-string). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** SQLSTATE class 40 (a standby cancels a query that conflicts with recovery: 40001). */
const isTransactionRollback = (error: Error) => {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && code.startsWith('40');
};

export const readRoutingPlugin = fp(
  async (app: FastifyInstance) => {
    const settings: ReplicaConfig | undefined = app.config.replicas;
    if (!settings) {
      const primary = app.db;
      app.decorate('readDb', () => primary);
      app.decorate('replicas', noReplicas(app));
      return;
    }
    const primaryUrl = app.database.url;
    if (app.database.kind !== 'postgres' || !primaryUrl) {
      throw new Error('DATABASE_REPLICA_URLS needs the primary on a PostgreSQL server');
    }
    const log = app.log;
    const fallbacks = settings.urls.map(() => 0);
    const handles: DatabaseHandle[] = [];
    const monitorPools: pg.Pool[] = [];
    const warnIdle = (replica: string) => (error: Error) =>
      log.warn({ replica, err: error }, `read replica ${replica}: an idle connection failed`);
    // Set right below; the fallbacks of the replicas' pools reach it only once requests run.
    let monitor: ReplicaMonitor | undefined;

    const closeAll = async () => {
      monitor?.stop();
      await Promise.allSettled([
        ...handles.map((handle) => handle.close()),
        ...monitorPools.map((pool) => pool.end()),
      ]);
    };
    try {
      for (const [index, url] of settings.urls.entries()) {
        const name = String(index);
        handles.push(
          await openDatabase(
            { kind: 'postgres', url },
            {
              applicationName: `second-gear-replica-${index}`,
              onPoolError: warnIdle(name),
              fallback: {
                db: app.db,
                onFailure(error) {
                  fallbacks[index]! += 1;
                  if (isTransactionRollback(error)) return;
                  monitor?.markDown(index, error.message);
                },
              },
            },
          ),
        );
        monitorPools.push(
          openMonitorPool(url, `second-gear-replica-${index}-monitor`, warnIdle(name)),
        );
      }
      const primaryMonitor = openMonitorPool(primaryUrl, 'second-gear-replica-monitor', (error) =>
        log.warn({ err: error }, 'read replicas: the check connection to the primary failed'),
      );
      monitorPools.push(primaryMonitor);

      monitor = createReplicaMonitor({
        maxLagSeconds: settings.maxLagSeconds,
        primaryLsn: async () => {
          const { rows } = await primaryMonitor.query<{ lsn: string }>(
            'select pg_current_wal_lsn()::text as lsn',
          );
          return parseLsn(rows[0]!.lsn);
        },
        replicas: settings.urls.map((_url, index) => ({
          name: String(index),
          probe: async () => {
            const { rows } = await monitorPools[index]!.query<{
              in_recovery: boolean;
              replay_lsn: string | null;
              replay_age: number | null;
            }>(
              `select pg_is_in_recovery() as in_recovery,
                 pg_last_wal_replay_lsn()::text as replay_lsn,
                 extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as replay_age`,
            );
            const row = rows[0]!;
            return {
              inRecovery: row.in_recovery,
              replayLsn: row.replay_lsn === null ? null : parseLsn(row.replay_lsn),
              replayAgeSeconds: row.replay_age,
            };
          },
        })),
        onChange(state, previous) {
          const details = {
            replica: state.name,
            health: state.health,
            lagSeconds: state.lagSeconds,
          };
          if (state.health === 'up') log.info(details, `read replica ${state.name} is up`);
          else if (state.health === 'lagging') {
            log.warn(
              details,
              `read replica ${state.name} is lagging: no reads until it catches up`,
            );
          } else if (previous !== null || state.problem) {
            log.warn(
              { ...details, problem: state.problem },
              `read replica ${state.name} is down: ${state.problem ?? 'unknown'}`,
            );
          }
        },
      });
    } catch (error) {
      await closeAll();
      throw error;
    }
    const checks = monitor;

    // When the public cache's current generation began on this instance (ms since the epoch):
    // a cache fill must include every write before it. At start, writes before it are unknown.
    let publicSince = Date.now();
    app.invalidation.subscribe('public', () => {
      publicSince = Date.now();
    });

    await checks.check();
    checks.start(REPLICA_CHECK_INTERVAL_MS);
    app.addHook('onClose', closeAll);

    const reads = new Map<string, number>();
    let turn = 0;
    const chosen = new WeakMap<FastifyRequest, Database>();
    const windowMs = settings.readAfterWriteSeconds * 1000;
    const pairs = createSignedPairs(resolveAuthSecret(app.config), 'primary-reads-v1');
    const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';

    /** Whether `request` carries a valid, unexpired `sg_primary_until` of ours. */
    const wroteRecently = (request: FastifyRequest): boolean => {
      if (windowMs === 0) return false;
      const value = cookieValue(request.headers.cookie, PRIMARY_UNTIL_COOKIE);
      const pair = value === undefined ? null : pairs.verify(value);
      if (!pair || pair[0] !== 'until' || typeof pair[1] !== 'number') return false;
      return pair[1] > Date.now();
    };

    app.decorate('readDb', (request: FastifyRequest): Database => {
      const known = chosen.get(request);
      if (known) return known;
      const { replica, reason } = chooseReplica(checks.states(), {
        stickyToPrimary: wroteRecently(request),
        mustInclude: fillsPublicCache(request) ? publicSince : null,
        turn: turn++ % settings.urls.length,
      });
      const server = replica === null ? 'primary' : `replica-${replica}`;
      const key = `${server} ${reason}`;
      reads.set(key, (reads.get(key) ?? 0) + 1);
      const db = replica === null ? app.db : handles[replica]!.db;
      chosen.set(request, db);
      return db;
    });

    app.decorate('replicas', {
      configured: true,
      states: () => checks.states(),
      db: (index: number) => handles[index]!.db,
      reads: () =>
        [...reads].map(([key, count]) => {
          const [server, reason] = key.split(' ') as [string, ReadReason];
          return { server, reason, count };
        }),
      fallbacks: () => fallbacks,
      monitor: checks,
    } satisfies ReplicaSet);

    // The writer's cookie, on the answer of every write that can change a public answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        windowMs > 0 &&
        !request.url.startsWith('/api/auth/') &&
        writeKindOf(request, reply.statusCode) === 'public'
      ) {
        const value = pairs.sign(['until', Date.now() + windowMs]);
        reply.header(
          'set-cookie',
          `${PRIMARY_UNTIL_COOKIE}=${value}; Max-Age=${settings.readAfterWriteSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`,
        );
      }
      done(null, payload);
    });
  },
  { name: 'read-routing', dependencies: ['database', 'invalidation', 'public-cache'] },
);
