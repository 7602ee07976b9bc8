/**
 * Opens the database: embedded PGlite (a directory, or memory for tests) by default, a
 * PostgreSQL server when a URL is given (docs/architecture.md). Both are driven through Drizzle with the
 * same schema; multi-statement writes must use `db.transaction` (PGlite is one connection and
 * serialises transactions through its driver API).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
import { isDatabaseUnavailable } from '../plugins/error-handler.js';
import { loadPlaces } from './places.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | {
      kind: 'pglite';
      /** a directory, or undefined for an in-memory database */
      dir?: string;
      /** a data-directory dump (`dumpDataDir`) to start from instead of an empty cluster */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** The server's connection URL (PostgreSQL only), for connections outside the pool (LISTEN). */
  url?: string;
  /**
   * Applies the committed migrations, then loads the gazetteer into an empty `places` table
   * (`places.ts`, decision 0026). Idempotent.
   */
  migrate(): Promise<void>;
  /** Resolves when the database answers `select 1`; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * The request pool's connections now (for `GET /metrics`): `max` it may open, `total` open,
   * `idle` of them free, `waiting` queries queued for one (node-postgres's `totalCount`,
   * `idleCount`, `waitingCount`). PGlite is one connection whose queue its public API does not
   * show: `{ max: 1 }` only.
   */
  poolStats(): { max: number; total?: number; idle?: number; waiting?: number };
  close(): Promise<void>;
}

/**
 * PGlite runs PostgreSQL inside this process, so its buffer cache is our memory: 32 MB of
 * shared buffers instead of PGlite's 128 MB default keeps a restarted server at ~220 MB RSS
 * instead of ~330 MB; the operating system's page cache still holds the data files.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/** Time a PostgreSQL server may take to hand out a connection or run a statement (ms). */
const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
const POSTGRES_STATEMENT_TIMEOUT_MS = 15_000;

/** `application_name` of the primary's request pool (pg_stat_activity; decision 0050). */
export const PRIMARY_APPLICATION_NAME = 'second-gear-primary';

/**
 * Where a replica's reads go when the replica cannot serve them (decision 0050): `db`, the
 * primary; `onFailure` hears of each such failure (the replica is then taken out of rotation).
 */
export interface ReadFallback {
  db: Database;
  onFailure(error: Error): void;
}

/**
 * Opens a database handle. For PostgreSQL, a pool of `poolSize` connections; pool errors of idle
 * connections are passed to `onPoolError` instead of crashing the process.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: {
    poolSize?: number;
    onPoolError?: (error: Error) => void;
    /** PostgreSQL server only: the longest a statement may run (ms); tests shorten it */
    statementTimeoutMs?: number;
    /** PostgreSQL server only: the pool's `application_name`; default PRIMARY_APPLICATION_NAME */
    applicationName?: string;
    /**
     * PostgreSQL server only, for a read replica's pool: a query or read transaction that fails
     * because the server cannot serve ({@link mustFallBack}) runs again on `fallback.db`.
     */
    fallback?: ReadFallback;
  } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create(target.dir ?? 'memory://', {
      postgresqlconf: PGLITE_SETTINGS,
      // Search (decision 0012): trigram similarity and accent folding. A PostgreSQL
      // server ships both in its contrib package; PGlite loads them from its own bundle.
      extensions: { pg_trgm, unaccent },
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      migrate: async () => {
        await migratePglite(db as never, { migrationsFolder: migrationsDir });
        await loadPlaces(db);
      },
      ping: async () => {
        await client.query('select 1');
      },
      poolStats: () => ({ max: 1 }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({
    Client: TimeoutClosingClient,
    connectionString: target.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    statement_timeout: options.statementTimeoutMs ?? POSTGRES_STATEMENT_TIMEOUT_MS,
    query_timeout: options.statementTimeoutMs ?? POSTGRES_STATEMENT_TIMEOUT_MS,
    application_name: options.applicationName ?? PRIMARY_APPLICATION_NAME,
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  if (options.fallback) fallBackOnFailure(pool, options.fallback);
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  db.transaction = pooledTransaction(pool, options.onPoolError);
  if (options.fallback) db.transaction = transactionWithFallback(db, options.fallback);
  return {
    db,
    kind: 'postgres',
    url: target.url,
    migrate: async () => {
      await migratePostgres(db as never, { migrationsFolder: migrationsDir });
      await loadPlaces(db);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({
      max: pool.options.max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/**
 * True when a read that failed on a replica should run again on the primary: the server cannot
 * serve now (error-handler.ts `isDatabaseUnavailable`: unreachable, shutting down, a query
 * cancelled by a conflict with recovery, …), or it refuses this database or its user (SQLSTATE
 * 3D000 invalid catalog name, class 28 invalid authorisation: a misconfigured replica). Anything
 * else is the query's own doing and would fail on the primary too.
 */
export function mustFallBack(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (code === '3D000' || code.startsWith('28'))) return true;
  return isDatabaseUnavailable(error);
}

/**
 * Makes `pool.query` (drizzle's path for every statement outside a transaction) run a failed
 * query again on the fallback's pool when {@link mustFallBack}. Promise-style calls only: the
 * callback style is pg-pool's own (checks out, queries, releases), left as it is.
 */
function fallBackOnFailure(pool: pg.Pool, fallback: ReadFallback) {
  const primary = (fallback.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const again = primary.query.bind(primary) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (!mustFallBack(error)) throw error;
      fallback.onFailure(error instanceof Error ? error : new Error(String(error)));
      return again(...args);
    });
  }) as pg.Pool['query'];
}

/**
 * `db.transaction` of a replica: a transaction that fails because the replica cannot serve runs
 * again, whole, on the fallback. Only reads run on a replica (a standby refuses every write), so
 * running the callback twice repeats nothing but reads.
 */
function transactionWithFallback(db: Database, fallback: ReadFallback): Database['transaction'] {
  const own = db.transaction.bind(db);
  return async (transaction, config) => {
    try {
      return await own(transaction, config);
    } catch (error) {
      if (!mustFallBack(error)) throw error;
      fallback.onFailure(error instanceof Error ? error : new Error(String(error)));
      return fallback.db.transaction(transaction, config);
    }
  };
}

/** How long a health check of a replica or of the primary's WAL position may take (ms). */
export const MONITOR_TIMEOUT_MS = 2_000;

/**
 * A pool of one connection for health checks (read replicas, decision 0050), apart from the
 * request pools so that a check neither waits behind requests nor falls back to the primary: it
 * connects and answers within {@link MONITOR_TIMEOUT_MS} or fails, and a connection whose
 * answer does not come is closed. Its errors go to `onError`.
 */
export function openMonitorPool(
  url: string,
  applicationName: string,
  onError: (error: Error) => void,
): pg.Pool {
  const pool = new pg.Pool({
    Client: TimeoutClosingClient,
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: MONITOR_TIMEOUT_MS,
    statement_timeout: MONITOR_TIMEOUT_MS,
    query_timeout: MONITOR_TIMEOUT_MS,
    application_name: applicationName,
  });
  pool.on('error', onError);
  return pool;
}

/** The message node-postgres 8 rejects a query with when `query_timeout` passes. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * A node-postgres client that closes its connection when a query gets no answer within
 * `query_timeout` (a frozen network, a stalled server). node-postgres leaves such a connection
 * open, so in a transaction drizzle's ROLLBACK, sent next on the same connection, would wait out
 * its own 15 s (the stress tests' network freeze saw a booking answer after 22 s). Closing it fails
 * every query queued behind at once; the client emits `error`, which whoever holds it listens to
 * (`pooledTransaction`, pg-pool for idle clients), and it is not reused. Only promise-style calls
 * are watched: callback-style ones are pg-pool's `pool.query`, which already discards a client
 * whose query failed.
 */
class TimeoutClosingClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) {
            this.connection.stream.destroy();
          }
        });
      }
      return result;
    }) as pg.Client['query'];
  }
}

/**
 * `db.transaction` for a node-postgres pool, replacing drizzle-orm 0.45's: that one checks a
 * client out of the pool and sends BEGIN before its try/finally, so when the connection dies at
 * that moment (a database outage, the stress tests' cut proxy) the client is never released: its
 * pool slot is lost for good, and the socket's later error, with no listener on a checked-out
 * client, is an uncaught exception that stops the process. Here the client is checked out with
 * an error listener for as long as we hold it, the whole transaction (BEGIN included) runs on it
 * through drizzle's own single-client transaction, and it always goes back to the pool, destroyed
 * (`release(error)`) when the transaction failed, since its connection may be broken.
 */
function pooledTransaction(
  pool: pg.Pool,
  onError?: (error: Error) => void,
): Database['transaction'] {
  return async (transaction, config) => {
    const client = await pool.connect();
    const listener = (error: Error) => onError?.(error);
    client.on('error', listener);
    let failure: Error | undefined;
    try {
      const session = drizzlePostgres(client, { schema }) as unknown as Database;
      return await session.transaction(transaction, config);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.removeListener('error', listener);
      client.release(failure);
    }
  };
}
