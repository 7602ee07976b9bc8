/**
 * What the sitemap lists (decision 0015): live listings (unsold, not removed, on the
 * market, of a seller who is not deleted) and the sellers who have one. Listings are read in the
 * order of the search's "newest" index (`created_at, id` on live listings), a page at a time.
 */
import { and, asc, count, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { liveSql, products, users } from '../db/schema.js';

/** One listing URL of the sitemap. */
export interface SitemapListing {
  id: string;
  /** When it was posted (its last change the sitemap knows of). */
  createdAt: Date;
}

/** How many live listings there are. */
export async function countLiveListings(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(users, sql`${users.id} = ${products.sellerId}`)
    .where(and(sql`${liveSql}`, isNull(users.deletedAt)));
  return row?.n ?? 0;
}

/** Live listings `offset`…`offset + limit - 1`, oldest first (a stable order for paging). */
export function liveListingsPage(
  db: Database,
  offset: number,
  limit: number,
): Promise<SitemapListing[]> {
  return db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .innerJoin(users, sql`${users.id} = ${products.sellerId}`)
    .where(and(sql`${liveSql}`, isNull(users.deletedAt)))
    .orderBy(asc(products.createdAt), asc(products.id))
    .offset(offset)
    .limit(limit);
}

/** The public uids of sellers with at least one live listing (at most `limit`). */
export async function sellersWithListings(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: users.uid })
    .from(users)
    .innerJoin(products, sql`${products.sellerId} = ${users.id}`)
    .where(and(sql`${liveSql}`, isNull(users.deletedAt)))
    .orderBy(asc(users.uid))
    .limit(limit);
  return rows.map((row) => row.uid);
}
