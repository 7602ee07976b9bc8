/**
 * Data access of favourites (decision 0013). Every read and write is scoped to the
 * caller's own user id: another user's favourites are never reachable.
 */
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { categories, favourites, products, users } from '../db/schema.js';
import { after, type KeysetCursor } from '../lib/pagination.js';
import { productCardColumns } from '../catalog/repository.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** True when `productId` is a listing that is not removed (a favourite may be added). */
export async function listingExists(db: Database, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  return row !== undefined;
}

/** Adds the favourite; nothing when it is already there. */
export async function addFavourite(db: Database, userId: string, productId: string) {
  await db.insert(favourites).values({ userId, productId }).onConflictDoNothing();
}

/** Removes the caller's favourite; nothing when there is none. */
export async function removeFavourite(db: Database, userId: string, productId: string) {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
}

const keyset = { createdAt: favourites.createdAt, id: favourites.productId };

/**
 * One page of the caller's favourites, newest first, with each listing's card columns and what
 * decides its state (the listing's state, its delete, its seller's). Served by `favourites_user_idx`.
 */
export async function listFavourites(
  db: Database,
  userId: string,
  cursor: KeysetCursor | null,
  limit: number,
) {
  const rows = await db
    .select({
      card: productCardColumns,
      favouritedAt: favourites.createdAt,
      deletedAt: products.deletedAt,
      sellerDeletedAt: users.deletedAt,
    })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(favourites.userId, userId), after(keyset, cursor)))
    .orderBy(desc(favourites.createdAt), desc(favourites.productId))
    .limit(limit);
  // keysetPage reads the list's own keyset (when favourited, which listing).
  return rows.map((row) => ({ ...row, createdAt: row.favouritedAt, id: row.card.id }));
}

/** Which of `productIds` the caller has in favourites. */
export async function favouriteIdsAmong(
  db: Database,
  userId: string,
  productIds: string[],
): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: favourites.productId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), inArray(favourites.productId, productIds)));
  return rows.map((row) => row.id);
}

/**
 * The watchers a price drop of `productId` alerts (decision 0013): users with the listing in
 * favourites whose account is live and who are not its seller; `wantsMail` is false for those
 * who opted out of the mail (`price_drop_emails`; they may still get the push, decision 0045).
 */
export function priceDropWatchers(tx: Executor, productId: string, sellerId: string) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      name: users.displayName,
      wantsMail: users.priceDropEmails,
    })
    .from(favourites)
    .innerJoin(users, eq(users.id, favourites.userId))
    .where(
      and(eq(favourites.productId, productId), isNull(users.deletedAt), ne(users.id, sellerId)),
    )
    .orderBy(sql`${users.id}`);
}

/** Turns price-drop mail off for `userId`. @returns false when there is no such user. */
export async function optOutOfPriceDrops(db: Database, userId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ priceDropEmails: false })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
