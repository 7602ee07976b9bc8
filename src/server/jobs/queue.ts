/**
 * The durable job queue (docs/features.md; docs/jobs.md): pg-boss 10 on our own database, through
 * an `executeSql` adapter, so it runs on the embedded PGlite and on a PostgreSQL server alike,
 * with no second connection pool. pg-boss keeps its tables in the `pgboss` schema and creates
 * or migrates them itself at start (under an advisory lock, so several instances may start at
 * once). A job is fetched with `FOR UPDATE SKIP LOCKED`, so with several instances each job runs
 * on one of them; a failed job is retried with its queue's retry policy; cron schedules are
 * kept in the database and fire once per slot across all instances.
 *
 * Choice and alternatives: docs/decisions/0009-job-queue.md.
 */
import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.js';
import { queryRows } from '../db/rows.js';

/** pg-boss's database seam: one SQL text with `$n` parameters → `{rows}`. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** The schema pg-boss keeps its tables in. */
export const jobSchema = 'pgboss';

/** pg-boss wraps its multi-statement commands in one explicit transaction. */
const LOCKED_BLOCK = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * pg-boss's `executeSql` over PGlite's one connection. Single statements with parameters use
 * the extended protocol (`query`); pg-boss's parameterless multi-statement commands use `exec`,
 * and its `BEGIN; …; COMMIT;` blocks run inside PGlite's transaction API, so a failure rolls
 * back at once instead of leaving the shared connection in an aborted transaction (docs/architecture.md:
 * no loose BEGIN/COMMIT on the shared connection).
 */
export function pgliteExecuteSql(client: PGlite): ExecuteSql {
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const block = LOCKED_BLOCK.exec(text);
    const results = block
      ? await client.transaction((tx) => tx.exec(block[1]!))
      : await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
}

/**
 * pg-boss's `executeSql` over a node-postgres pool. A parameterless command (possibly a
 * `BEGIN; …; COMMIT;` block) gets a connection of its own and a ROLLBACK when it fails, so a
 * connection never goes back to the pool inside an aborted transaction.
 */
export function poolExecuteSql(pool: pg.Pool): ExecuteSql {
  return async (text, values) => {
    if (values && values.length > 0) return pool.query(text, values);
    const client = await pool.connect();
    try {
      return await client.query(text);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}

/** How many connections the queue's own pool holds on a PostgreSQL server. */
export const QUEUE_POOL_SIZE = 2;

/**
 * The `executeSql` of a database handle for the queue's own work (fetching, completing and
 * scheduling jobs), with `close` to release what it opened. On PGlite: the embedded database. On
 * a PostgreSQL server: a pool of its own (QUEUE_POOL_SIZE connections, same settings as the
 * request pool), so workers whose queries stall in a database outage never take the connections
 * requests wait for (tests/stress/database-outage.test.ts bounds every request at 20 s).
 * Enqueuing inside an action's transaction still uses that transaction (drizzleExecuteSql).
 */
export function executeSqlFor(database: DatabaseHandle): {
  executeSql: ExecuteSql;
  close: () => Promise<void>;
} {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    return { executeSql: pgliteExecuteSql(client as PGlite), close: async () => undefined };
  }
  const requestPool = client as pg.Pool;
  const pool = new pg.Pool({ ...requestPool.options, max: QUEUE_POOL_SIZE });
  pool.on('error', () => undefined);
  const run = poolExecuteSql(pool);
  let closed = false;
  return {
    // pg-boss's stop() does not wait for a worker whose fetch is in flight: when that fetch
    // returns, the worker completes or fails its jobs. After close those queries never answer
    // (the loop parks; the jobs expire and are retried elsewhere) instead of rejecting on an
    // ended pool outside any caller's reach (an unhandled rejection).
    executeSql: (text, values) => (closed ? new Promise(() => undefined) : run(text, values)),
    close: () => {
      closed = true;
      return pool.end();
    },
  };
}

/** A Drizzle database or the transaction handle `db.transaction` passes to its callback. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * pg-boss's `executeSql` inside a Drizzle transaction (or on the plain database): the job row is
 * written by the caller's own transaction, so it exists exactly when the action that caused it
 * commits (docs/features.md). `$n` placeholders become Drizzle parameters, each value passed as one
 * parameter (arrays and objects included).
 */
export function drizzleExecuteSql(executor: Executor): ExecuteSql {
  return async (text, values = []) => {
    const chunks: SQL[] = [];
    let last = 0;
    for (const match of text.matchAll(/\$(\d+)/g)) {
      chunks.push(sql.raw(text.slice(last, match.index)));
      chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
      last = match.index + match[0].length;
    }
    chunks.push(sql.raw(text.slice(last)));
    return { rows: await queryRows<unknown>(executor, sql.join(chunks)) };
  };
}

export interface QueueOptions {
  executeSql: ExecuteSql;
  /** Run workers, cron and maintenance here (false: this instance only enqueues). */
  workers: boolean;
}

/** Creates (does not start) the pg-boss instance. */
export function createBoss(options: QueueOptions): PgBoss {
  return new PgBoss({
    db: { executeSql: options.executeSql as PgBoss.Db['executeSql'] },
    schema: jobSchema,
    migrate: true,
    // Maintenance (expiring stuck jobs, archiving, deleting) and cron only where jobs run.
    supervise: options.workers,
    schedule: options.workers,
    maintenanceIntervalSeconds: 120,
    cronMonitorIntervalSeconds: 30,
    // Completed jobs are archived after an hour and deleted after a week.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 7,
  });
}
