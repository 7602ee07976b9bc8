/**
 * Catalogue queries of the public pages (spec §2 Home, Blogs, Category page). Each query is
 * served by an index of schema.ts; listings that grow are paginated by keyset.
 */
import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { limits } from '../../../contract/index.js';
import type { Database } from '../../db/client.js';
import { blogs, categories, products, users } from '../../db/schema.js';
import type { ProductCardRow } from './presenters.js';

/** Position of the last row of a page: the listing is ordered by (createdAt, id) descending. */
export interface ListingCursor {
  createdAt: Date;
  id: string;
}

/** Encodes a cursor as base64url text (opaque to clients). */
export function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

/** Decodes a cursor; returns null when the text is not one this server produced. */
export function decodeCursor(text: string): ListingCursor | null {
  const [iso, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!iso || !id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const createdAt = new Date(iso);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id };
}

export function listCategories(db: Database) {
  return db
    .select({ id: categories.id, categoryName: categories.categoryName })
    .from(categories)
    .orderBy(asc(sql`lower(${categories.categoryName})`), asc(categories.id));
}

export async function categoryExists(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return rows.length > 0;
}

/**
 * Promoted, unsold, live listings, newest first (spec §7 GET /promoted-product/), at most
 * `limits.promotedMax`: a carousel, not a catalogue (decision 0003).
 */
export function listPromotedProducts(db: Database) {
  return db
    .select({
      id: products.id,
      productImage: products.productImage,
      productName: products.productName,
      resellPriceCents: products.resellPriceCents,
    })
    .from(products)
    .where(and(eq(products.promote, true), eq(products.sold, false), isNull(products.deletedAt)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limits.promotedMax);
}

export function listBlogs(db: Database) {
  return db
    .select({ id: blogs.id, question: blogs.question, answer: blogs.answer })
    .from(blogs)
    .orderBy(asc(blogs.createdAt), asc(blogs.id));
}

/**
 * The columns of a product card (spec §2 Category page), joined from products, categories and
 * users; queries that select them must join `categories` and `users` on the product.
 */
export const productCardColumns = {
  id: products.id,
  productName: products.productName,
  productDescription: products.productDescription,
  productImage: products.productImage,
  categoryId: products.categoryId,
  categoryName: categories.categoryName,
  condition: products.condition,
  resellPriceCents: products.resellPriceCents,
  originalPriceCents: products.originalPriceCents,
  yearOfUsed: products.yearOfUsed,
  sellerLocation: products.sellerLocation,
  sellerName: users.displayName,
  sellerUid: users.uid,
  sellerImage: users.photoUrl,
  sellerStatus: users.status,
  createdAt: products.createdAt,
  sold: products.sold,
  promote: products.promote,
};

/**
 * One page of a category's live listings, newest first, starting after `cursor`.
 * Returns up to `limit` rows.
 */
export function listCategoryProducts(
  db: Database,
  categoryId: string,
  limit: number,
  cursor: ListingCursor | null,
): Promise<ProductCardRow[]> {
  const after = cursor
    ? or(
        lt(products.createdAt, cursor.createdAt),
        and(eq(products.createdAt, cursor.createdAt), lt(products.id, cursor.id)),
      )
    : undefined;
  return db
    .select(productCardColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.categoryId, categoryId), isNull(products.deletedAt), after))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/** The seller's verification status, or null when no live user has this uid. */
export async function findSellerStatus(db: Database, uid: string): Promise<string | null> {
  const rows = await db
    .select({ status: users.status })
    .from(users)
    .where(and(eq(users.uid, uid), isNull(users.deletedAt)))
    .limit(1);
  return rows[0]?.status ?? null;
}
