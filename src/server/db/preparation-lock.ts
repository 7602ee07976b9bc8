/**
 * The PostgreSQL advisory lock that instances started together take while they prepare shared
 * structures (docs/deploy.md, "Migrations run once"): the migrations (db/prepare.ts)
 * and the job queue's tables (jobs/plugin.ts: pg-boss creates one table per queue on its first
 * start, and two instances creating the same queue at once deadlock in PostgreSQL).
 */
import pg from 'pg';
import type { DatabaseHandle } from './client.js';

/** Key of the advisory lock (`pg_advisory_lock`, session level). */
export const PREPARATION_LOCK_KEY = 7_031_977_042;

/**
 * Runs `work` holding the preparation lock, on a connection of its own (outside the pool, whose
 * statement timeout would cut a long wait short); waits as long as another instance holds it.
 * PGlite has one process: `work` runs at once, without a lock.
 * @returns what `work` returns. @throws what `work` throws, or a connection error.
 */
export async function withPreparationLock<T>(
  database: Pick<DatabaseHandle, 'kind' | 'url'>,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres' || !database.url) return work();
  const lock = new pg.Client({ connectionString: database.url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [PREPARATION_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock too, should the unlock fail.
    await lock.query('SELECT pg_advisory_unlock($1)', [PREPARATION_LOCK_KEY]).catch(() => {});
    await lock.end().catch(() => {});
  }
}
