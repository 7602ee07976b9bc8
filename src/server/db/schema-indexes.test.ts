/**
 * The migrated database has every index `schema.ts` declares, on the columns and predicate it
 * declares. Migrations are written by hand (decision 0008), so a migration can drop an index
 * without a word: 0019_listing_status dropped `order_status`, and PostgreSQL dropped the radius
 * index 0018_places had made partial on it, leaving every radius search on a sequential scan.
 * Runs on PGlite and, with DATABASE_URL, on the PostgreSQL server.
 */
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/database.js';
import type { DatabaseHandle } from './client.js';
import * as schema from './schema.js';
import { rowsOf } from './rows.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
}, 120_000);
afterAll(() => handle.close());

/** Every index declared on a table of schema.ts: table, index name, and whether it is partial. */
function declaredIndexes() {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => value instanceof PgTable)
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.indexes.map((index) => ({
        table: config.name,
        name: index.config.name!,
        partial: index.config.where !== undefined,
      }));
    });
}

describe('the migrated database', () => {
  it('has every index schema.ts declares, partial where declared partial', async () => {
    const declared = declaredIndexes();
    expect(declared.length).toBeGreaterThan(30);
    const result = await handle.db.execute(
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`,
    );
    const present = new Map(
      rowsOf<{ tablename: string; indexname: string; indexdef: string }>(result).map((row) => [
        `${row.tablename}.${row.indexname}`,
        row.indexdef,
      ]),
    );
    const missing = declared
      .filter((index) => !present.has(`${index.table}.${index.name}`))
      .map((index) => `${index.table}.${index.name}`);
    expect(missing).toEqual([]);
    const notPartial = declared
      .filter(
        (index) => index.partial && !/ WHERE /.test(present.get(`${index.table}.${index.name}`)!),
      )
      .map((index) => index.name);
    expect(notPartial).toEqual([]);
  });

  it('keeps the radius index on the one "on the market" predicate (decision 0027)', async () => {
    const result = await handle.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'products_search_place_idx'`,
    );
    const [row] = rowsOf<{ indexdef: string }>(result);
    expect(row?.indexdef).toMatch(/\(place_lat, place_lon\)/);
    expect(row?.indexdef).toMatch(
      /listing_status = ANY \(ARRAY\['active'::text, 'reserved'::text\]\)/,
    );
    expect(row?.indexdef).toMatch(/deleted_at IS NULL/);
  });
});
