/**
 * The rows of a raw SQL statement (`db.execute(sql`…`)`). Drizzle types such a result by driver,
 * and our `Database` type covers both drivers, so the result's type says nothing; both PGlite
 * and node-postgres answer `{ rows: [...] }`, one plain object per row, keyed by the statement's
 * column names (snake_case unless aliased). The row type `T` is the caller's promise about the
 * statement's columns: nothing checks it at run time.
 */
import type { SQL } from 'drizzle-orm';

/** Anything that runs a raw statement: the database or a transaction handle. */
export interface RawExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * The rows of a raw statement's `result` (what `db.execute` resolved to).
 * @throws TypeError when `result` has no `rows` array (not a driver's query result).
 */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null | undefined)?.rows;
  if (!Array.isArray(rows)) {
    throw new TypeError('rowsOf: the value is not a query result (it has no rows array).');
  }
  return rows as T[];
}

/** Runs `query` on `db` (the database or a transaction) and returns its rows, typed `T`. */
export async function queryRows<T>(db: RawExecutor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
