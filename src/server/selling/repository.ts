/**
 * Data access of the seller's area (docs/product.md §2 Seller dashboard, §7). Every write checks
 * ownership in the same statement that changes the row, so a concurrent change cannot slip
 * between the check and the write.
 */
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  categoryNameKey,
  dollarsToCents,
  type NewProduct,
  capitalizeFirst,
  type VehicleDetails,
} from '#contract/index.js';
import { findSimilarCategory, lockCategoryNames } from '../catalog/category-names.js';
import type { Database } from '../db/client.js';
import type { Executor } from '../jobs/queue.js';
import { productCardColumns } from '../catalog/repository.js';
import { categories, onMarketSql, priceHistory, products, users } from '../db/schema.js';

export type InsertCategoryResult =
  { kind: 'created'; id: string } | { kind: 'similar'; existing: string } | { kind: 'daily-cap' };

/**
 * Adds a category for seller `sellerId` (docs/product.md §5: `name` arrives normalised and capitalised by
 * the contract's schema), in one transaction under the category-name lock: refused when the
 * seller added `dailyMax` categories in the last 24 hours, or when a live category has the same
 * name ignoring case or the same near-duplicate key.
 */
export function insertCategory(
  db: Database,
  sellerId: string,
  name: string,
  dailyMax: number,
): Promise<InsertCategoryResult> {
  return db.transaction(async (tx) => {
    await lockCategoryNames(tx);
    const [recent] = await tx
      .select({ n: count() })
      .from(categories)
      .where(
        and(
          eq(categories.createdBy, sellerId),
          gt(categories.createdAt, sql`now() - interval '24 hours'`),
        ),
      );
    if ((recent?.n ?? 0) >= dailyMax) return { kind: 'daily-cap' };
    const similar = await findSimilarCategory(tx, name);
    if (similar) return { kind: 'similar', existing: similar.categoryName };
    const [row] = await tx
      .insert(categories)
      .values({ categoryName: name, nameKey: categoryNameKey(name), createdBy: sellerId })
      .returning({ id: categories.id });
    return { kind: 'created', id: row!.id };
  });
}

export async function categoryExists(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), isNull(categories.deletedAt)));
  return rows.length > 0;
}

/** Whether live category `id` holds vehicles; null when there is no such live category. */
export async function findCategoryHoldsVehicles(db: Database, id: string): Promise<boolean | null> {
  const [row] = await db
    .select({ holdsVehicles: categories.holdsVehicles })
    .from(categories)
    .where(and(eq(categories.id, id), isNull(categories.deletedAt)));
  return row ? row.holdsVehicles : null;
}

/**
 * The vehicle-detail columns of a form's input: absent fields are left out (so an
 * update keeps them), null clears them.
 */
export function vehicleColumns(input: Partial<VehicleDetails>) {
  return {
    make: input.make,
    model: input.model,
    modelYear: input.model_year,
    mileageKm: input.mileage_km,
    fuelType: input.fuel_type,
    transmission: input.transmission,
    bodyType: input.body_type,
    color: input.color,
    vin: input.vin,
  };
}

/**
 * Inserts a listing for `sellerId`. Prices arrive in dollars and are stored in cents; name,
 * description and location are capitalised (docs/product.md §5); the flags start false (docs/product.md §4).
 * The seller's row is share-locked in the same transaction, so an admin deleting the seller at
 * that moment either comes first (nothing is inserted) or waits and then removes the listing too.
 * It expires `ttlDays` days from now unless renewed (LISTING_TTL_DAYS, decision 0027), and its
 * price history starts with its asking price.
 * @returns the new id, or null when the seller has been deleted.
 */
export async function insertProduct(
  db: Database,
  sellerId: string,
  /** The listing; the handler fills a left-out location text from its place (`resolveListingPlace`). */
  input: NewProduct,
  /** Runs in the same transaction once the listing exists (saved-search alerts). */
  afterInsert?: (tx: Executor, id: string) => Promise<unknown>,
  /** Days until it expires (LISTING_TTL_DAYS). */
  ttlDays = 60,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [seller] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, sellerId), isNull(users.deletedAt)))
      .for('share');
    if (!seller) return null;
    const [row] = await tx
      .insert(products)
      .values({
        productName: capitalizeFirst(input.product_name),
        productDescription: capitalizeFirst(input.product_description),
        productImage: input.product_image,
        productImages: input.product_images ?? [input.product_image],
        categoryId: input.category_id,
        condition: input.condition,
        resellPriceCents: dollarsToCents(input.resell_price),
        originalPriceCents:
          input.original_price === undefined || input.original_price === null
            ? null
            : dollarsToCents(input.original_price),
        yearOfUsed: input.year_of_used,
        sellerLocation: capitalizeFirst(input.seller_location ?? ''),
        sellerPhone: input.seller_phone,
        sellerId,
        ...vehicleColumns(input),
        depositCents: dollarsToCents(input.deposit ?? 0),
        expiresAt: sql`date_trunc('milliseconds', now()) + make_interval(days => ${ttlDays})`,
        placeId: input.place_id ?? null,
      })
      .returning({
        id: products.id,
        resellPriceCents: products.resellPriceCents,
        createdAt: products.createdAt,
      });
    // The first asking price opens the listing's price history (decision 0027).
    await tx
      .insert(priceHistory)
      .values({ productId: row!.id, priceCents: row!.resellPriceCents, at: row!.createdAt });
    await afterInsert?.(tx, row!.id);
    return row!.id;
  });
}

/** The seller's live products, newest first, with category and seller fields for docs/product.md §3. */
export function listSellerProducts(db: Database, sellerId: string) {
  return db
    .select({
      ...productCardColumns,
      sellerPhone: products.sellerPhone,
      sellerEmail: users.email,
      reported: products.reported,
      reportCount: products.reportCount,
      unavailable: products.unavailable,
      expiresAt: products.expiresAt,
      depositCents: products.depositCents,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.sellerId, sellerId), isNull(products.deletedAt)))
    .orderBy(desc(products.createdAt), desc(products.id));
}

/** Who owns a live product and whether it is sold or promoted; null when there is none. */
export async function findProductState(db: Database, id: string) {
  const [row] = await db
    .select({ sellerId: products.sellerId, sold: products.sold, promote: products.promote })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row ?? null;
}

/** Promotes the seller's unsold, unpromoted live product; returns the number of rows changed. */
export async function promoteProduct(db: Database, sellerId: string, id: string): Promise<number> {
  const rows = await db
    .update(products)
    .set({ promote: true })
    .where(
      and(
        eq(products.id, id),
        eq(products.sellerId, sellerId),
        eq(products.promote, false),
        // Only a listing on the market can be promoted (docs/product.md §4: never a sold one).
        sql`${onMarketSql}`,
      ),
    )
    .returning({ id: products.id });
  return rows.length;
}

/**
 * Soft-deletes the seller's live product (it leaves every list, the carousel included); orders
 * and payments keep their snapshot. Returns the number of rows deleted (0 or 1).
 */
export async function deleteProduct(db: Database, sellerId: string, id: string): Promise<number> {
  const rows = await db
    .update(products)
    .set({ deletedAt: sql`now()`, promote: false })
    .where(and(eq(products.id, id), eq(products.sellerId, sellerId), isNull(products.deletedAt)))
    .returning({ id: products.id });
  return rows.length;
}
