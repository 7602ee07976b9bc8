/**
 * Catalogue queries of the public pages (docs/product.md §2 Home, Blogs, Category page). Each query is
 * served by an index of schema.ts; listings that grow are paginated by keyset.
 */
import { sellerTypeColumns } from '../dealers/presenters.js';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { limits } from '#contract/index.js';
import type { Database } from '../db/client.js';
import { after, newestFirst, type KeysetCursor } from '../lib/pagination.js';
import { blogs, categories, inCatalogueSql, onMarketSql, products, users } from '../db/schema.js';
import type { ProductCardRow } from './presenters.js';
import type { PlaceRow } from '../places/repository.js';

export function listCategories(db: Database) {
  return db
    .select({
      id: categories.id,
      categoryName: categories.categoryName,
      holdsVehicles: categories.holdsVehicles,
    })
    .from(categories)
    .where(isNull(categories.deletedAt))
    .orderBy(asc(sql`lower(${categories.categoryName})`), asc(categories.id));
}

export async function categoryExists(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), isNull(categories.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Promoted listings on the market (decision 0027), newest first (docs/product.md §7 GET /promoted-product/), at most
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
    .where(
      // The promoted index's predicate (products_promoted_idx), written as it is there.
      sql`${products.promote} and ${onMarketSql}`,
    )
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
 * The columns of a product card (docs/product.md §2 Category page), joined from products, categories and
 * users; queries that select them must join `categories` and `users` on the product.
 */
export const productCardColumns = {
  id: products.id,
  productName: products.productName,
  productDescription: products.productDescription,
  productImage: products.productImage,
  productImages: products.productImages,
  make: products.make,
  model: products.model,
  modelYear: products.modelYear,
  mileageKm: products.mileageKm,
  fuelType: products.fuelType,
  transmission: products.transmission,
  bodyType: products.bodyType,
  color: products.color,
  vin: products.vin,
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
  sellerPhoneVerifiedAt: users.phoneVerifiedAt,
  sellerIdentityVerifiedAt: users.identityVerifiedAt,
  sellerAdminVerifiedAt: users.adminVerifiedAt,
  sellerReviewCount: users.reviewCount,
  sellerRatingSum: users.ratingSum,
  ...sellerTypeColumns,
  createdAt: products.createdAt,
  sold: products.sold,
  promote: products.promote,
  listingStatus: products.listingStatus,
  /** The listing's place (decision 0026) as JSON, null when it has none: one primary-key read. */
  place: sql<PlaceRow | null>`(select json_build_object('id', pl.id, 'name', pl.name,
    'region', pl.region, 'country', pl.country, 'lat', pl.lat, 'lon', pl.lon)
    from places pl where pl.id = ${products.placeId})`,
};

/**
 * One page of a category's listings on the market or sold (`inCatalogueSql`: not deleted,
 * expired, unavailable or removed; decision 0027), newest first, after `cursor` (lib/pagination.ts);
 * up to `limit` rows. Served by `products_category_listing_idx`.
 */
export function listCategoryProducts(
  db: Database,
  categoryId: string,
  cursor: KeysetCursor | null,
  limit: number,
): Promise<ProductCardRow[]> {
  return db
    .select(productCardColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        eq(products.categoryId, categoryId),
        isNull(products.deletedAt),
        sql`${inCatalogueSql}`,
        after(products, cursor),
      ),
    )
    .orderBy(...newestFirst(products))
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
