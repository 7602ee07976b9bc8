/**
 * Category name rules shared by the seller's `POST /api/categories` and the admin's rename and
 * merge (src/contract/categories.ts). Writes that create or rename a category
 * take one transaction-scoped advisory lock first, so two near-duplicates added at the same
 * moment cannot both pass the check (adding a category is rare; serialising it costs nothing).
 */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { categoryNameKey } from '#contract/categories.js';
import type { Database } from '../db/client.js';
import { categories } from '../db/schema.js';

export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Serialises category-name writes until the caller's transaction ends. */
export async function lockCategoryNames(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('second-gear:category-names'))`);
}

/**
 * A live category whose name equals `name` ignoring case, or whose near-duplicate key equals
 * `name`'s; `exceptId` is left out (a rename may keep its own name). null when there is none.
 */
export async function findSimilarCategory(
  tx: Executor,
  name: string,
  exceptId?: string,
): Promise<{ id: string; categoryName: string } | null> {
  const [row] = await tx
    .select({ id: categories.id, categoryName: categories.categoryName })
    .from(categories)
    .where(
      and(
        isNull(categories.deletedAt),
        or(
          eq(sql`lower(${categories.categoryName})`, name.toLowerCase()),
          eq(categories.nameKey, categoryNameKey(name)),
        ),
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Fills `name_key` of categories saved before it existed (start-up; idempotent). */
export async function backfillCategoryKeys(db: Database): Promise<number> {
  const rows = await db
    .select({ id: categories.id, categoryName: categories.categoryName })
    .from(categories)
    .where(isNull(categories.nameKey));
  for (const row of rows) {
    await db
      .update(categories)
      .set({ nameKey: categoryNameKey(row.categoryName) })
      .where(eq(categories.id, row.id));
  }
  return rows.length;
}
