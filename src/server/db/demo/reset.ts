/** Empties the database for `npm run seed -- --reset` (demo and development databases only). */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { rowsOf } from '../rows.js';

/**
 * Deletes every row of every table in the current schema (`public`), in one transaction, and
 * returns the emptied tables' names; the gazetteer (`places`) is kept. All tables go in a single `TRUNCATE … CASCADE`, which is
 * FK-safe whatever the order and also covers tables added later (identity sessions, …). The
 * migrations journal lives in the `drizzle` schema and is kept, so the schema stays migrated.
 */
export async function deleteAllRows(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ tablename: string }>(
      // The gazetteer (decision 0026) is reference data loaded once after the migrations, not
      // demo data: it stays.
      sql`select tablename from pg_tables where schemaname = current_schema()
        and tablename <> 'places' order by tablename`,
    );
    // PGlite and node-postgres both answer with `{ rows }`.
    const names = rowsOf<{ tablename: string }>(result).map((row) => row.tablename);
    if (names.length > 0) {
      const tables = sql.join(
        names.map((name) => sql.identifier(name)),
        sql`, `,
      );
      await tx.execute(sql`truncate table ${tables} cascade`);
    }
    return names;
  });
}
