/**
 * Queries of the admin's category management (src/contract/categories.ts):
 * list with listing counts, rename, set the kind, merge (moving the listings), delete an empty
 * one. Each write
 * is one transaction under the category-name lock that changes the rows and inserts its
 * `audit_log` row.
 */
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { categoryNameKey, type CategoryKind } from '#contract/index.js';
import type { AuditAction } from '#contract/index.js';
import type { Database } from '../db/client.js';
import { auditLog, categories, products, users } from '../db/schema.js';
import {
  findSimilarCategory,
  lockCategoryNames,
  type Executor,
} from '../catalog/category-names.js';

/** Every live category with its live listing count and adding seller, by name. */
export function listCategoriesForAdmin(db: Database) {
  return db
    .select({
      id: categories.id,
      categoryName: categories.categoryName,
      holdsVehicles: categories.holdsVehicles,
      createdAt: categories.createdAt,
      createdBy: users.displayName,
      listingCount: sql<number>`(
        select count(*)::int from ${products}
        where ${products.categoryId} = ${categories.id} and ${products.deletedAt} is null
      )`,
    })
    .from(categories)
    .leftJoin(users, eq(users.id, categories.createdBy))
    .where(isNull(categories.deletedAt))
    .orderBy(asc(sql`lower(${categories.categoryName})`), asc(categories.id));
}

async function record(
  tx: Executor,
  actorId: string,
  action: AuditAction,
  targetId: string,
  details: Record<string, unknown>,
) {
  await tx.insert(auditLog).values({ actorId, action, targetType: 'category', targetId, details });
}

/** A live category, locked for the rest of the transaction; null when there is none. */
async function lockLiveCategory(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: categories.id, categoryName: categories.categoryName })
    .from(categories)
    .where(and(eq(categories.id, id), isNull(categories.deletedAt)))
    .for('update');
  return row ?? null;
}

export type RenameResult =
  | { kind: 'done'; modifiedCount: number }
  | { kind: 'not-found' }
  | { kind: 'similar'; existing: string };

/** Renames live category `id` to (normalised) `name`; records `category.rename`. */
export function renameCategory(db: Database, actorId: string, id: string, name: string) {
  return db.transaction(async (tx): Promise<RenameResult> => {
    await lockCategoryNames(tx);
    const category = await lockLiveCategory(tx, id);
    if (!category) return { kind: 'not-found' };
    const similar = await findSimilarCategory(tx, name, id);
    if (similar) return { kind: 'similar', existing: similar.categoryName };
    if (category.categoryName === name) return { kind: 'done', modifiedCount: 0 };
    await tx
      .update(categories)
      .set({ categoryName: name, nameKey: categoryNameKey(name) })
      .where(eq(categories.id, id));
    await record(tx, actorId, 'category.rename', id, {
      modifiedCount: 1,
      previousName: category.categoryName,
      name,
    });
    return { kind: 'done', modifiedCount: 1 };
  });
}

/**
 * Sets what live category `id` holds (decision 0047: `vehicles` or `parts`, stored as
 * `holds_vehicles`); records `category.kind` when it changes.
 */
export function setCategoryKind(db: Database, actorId: string, id: string, kind: CategoryKind) {
  return db.transaction(
    async (tx): Promise<{ kind: 'not-found' } | { kind: 'done'; modifiedCount: number }> => {
      const category = await lockLiveCategory(tx, id);
      if (!category) return { kind: 'not-found' };
      const holdsVehicles = kind === 'vehicles';
      const [row] = await tx
        .update(categories)
        .set({ holdsVehicles })
        .where(and(eq(categories.id, id), ne(categories.holdsVehicles, holdsVehicles)))
        .returning({ id: categories.id });
      if (!row) return { kind: 'done', modifiedCount: 0 };
      await record(tx, actorId, 'category.kind', id, { modifiedCount: 1, kind });
      return { kind: 'done', modifiedCount: 1 };
    },
  );
}

export type MergeResult =
  | { kind: 'done'; modifiedCount: number }
  | { kind: 'not-found' }
  | { kind: 'target-not-found' }
  | { kind: 'same' };

/**
 * Moves every listing of category `id` (live and deleted, so nothing points at it any more) to
 * `into`, and removes `id`; records `category.merge`. Orders keep the category name they were
 * booked under (docs/product.md §3 Order snapshot).
 */
export function mergeCategory(db: Database, actorId: string, id: string, into: string) {
  return db.transaction(async (tx): Promise<MergeResult> => {
    if (id === into) return { kind: 'same' };
    await lockCategoryNames(tx);
    const source = await lockLiveCategory(tx, id);
    if (!source) return { kind: 'not-found' };
    const target = await lockLiveCategory(tx, into);
    if (!target) return { kind: 'target-not-found' };
    const [live] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.deletedAt)));
    await tx.update(products).set({ categoryId: into }).where(eq(products.categoryId, id));
    await tx
      .update(categories)
      .set({ deletedAt: sql`now()` })
      .where(eq(categories.id, id));
    const modifiedCount = live?.n ?? 0;
    await record(tx, actorId, 'category.merge', id, {
      modifiedCount,
      deletedCount: 1,
      name: source.categoryName,
      into,
      intoName: target.categoryName,
    });
    return { kind: 'done', modifiedCount };
  });
}

export type DeleteCategoryResult =
  | { kind: 'done'; deletedCount: number }
  | { kind: 'not-found' }
  | { kind: 'not-empty'; listings: number };

/** Removes category `id` when it has no live listing; records `category.delete`. */
export function deleteCategory(db: Database, actorId: string, id: string) {
  return db.transaction(async (tx): Promise<DeleteCategoryResult> => {
    const [category] = await tx
      .select({ categoryName: categories.categoryName, deletedAt: categories.deletedAt })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!category) return { kind: 'not-found' };
    if (category.deletedAt) return { kind: 'done', deletedCount: 0 };
    const [live] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.deletedAt)));
    if ((live?.n ?? 0) > 0) return { kind: 'not-empty', listings: live!.n };
    await tx
      .update(categories)
      .set({ deletedAt: sql`now()` })
      .where(eq(categories.id, id));
    await record(tx, actorId, 'category.delete', id, {
      deletedCount: 1,
      name: category.categoryName,
    });
    return { kind: 'done', deletedCount: 1 };
  });
}
