/**
 * Data access of the listing page and of editing (issue 13; decision 0011). Writes check
 * ownership, the sold price lock and liveness in the same transaction that changes the row
 * (the row is locked FOR UPDATE first), so a concurrent sale cannot slip between check and write.
 */
import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import {
  capitalizeFirst,
  dollarsToCents,
  limits,
  type ProductUpdate,
} from '../../../contract/index.js';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../jobs/queue.js';
import { categories, products, users } from '../../db/schema.js';
import { productCardColumns } from '../catalog/repository.js';
import type { PriceDrop } from '../favourites/price-drop.js';
import { vehicleColumns } from '../selling/repository.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Live listings: not removed. (Sold and unavailable ones still have a page.) */
const live = isNull(products.deletedAt);

/**
 * One live listing with its category's `holds_vehicles` and the seller card fields; null when
 * there is no such live listing or its seller's account is deleted.
 */
export async function findListing(db: Database, id: string) {
  const [row] = await db
    .select({
      ...productCardColumns,
      unavailable: products.unavailable,
      depositCents: products.depositCents,
      categoryHoldsVehicles: categories.holdsVehicles,
      sellerId: products.sellerId,
      sellerSince: users.createdAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.id, id), live, isNull(users.deletedAt)));
  return row ?? null;
}

/**
 * The seller's other listings for the seller card: live, unsold and on the market, newest first,
 * at most `limits.sellerOtherListingsMax`, and how many such listings the seller has in all.
 * Served by `products_seller_idx`.
 */
export async function findSellerListings(db: Database, sellerId: string, exceptId: string) {
  const onMarket = and(
    eq(products.sellerId, sellerId),
    live,
    eq(products.sold, false),
    eq(products.unavailable, false),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        productName: products.productName,
        productImage: products.productImage,
        resellPriceCents: products.resellPriceCents,
      })
      .from(products)
      .where(and(onMarket, ne(products.id, exceptId)))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limits.sellerOtherListingsMax),
    db.select({ n: count() }).from(products).where(onMarket),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** The seller's phone (as on the listing) and e-mail of a live listing; null when none. */
export async function findSellerContact(db: Database, id: string) {
  const [row] = await db
    .select({ phone: products.sellerPhone, email: users.email })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.id, id), live, isNull(users.deletedAt)));
  return row ?? null;
}

export type UpdateResult =
  | { kind: 'updated'; modifiedCount: number }
  | { kind: 'not-found' }
  | { kind: 'not-owner' }
  | { kind: 'sold-price' }
  | { kind: 'bad-category' };

/**
 * Applies `input` to live listing `id` of `sellerId` in one transaction (spec §5 capitalising,
 * prices to cents). A sold listing keeps its price: a changed `resell_price` is 'sold-price';
 * sending the same price is allowed. When only `product_images` is sent, its first photo becomes
 * the cover; when only `product_image` is sent, it replaces the cover and keeps the other photos.
 * When the resell price is lowered, `onPriceDrop` runs in the same transaction after the update
 * (issue 15: the price-drop mail is queued exactly when the new price commits).
 * @returns 'updated' with `modifiedCount` 1 (0 when nothing was sent), or why not.
 */
export function updateProduct(
  db: Database,
  sellerId: string,
  id: string,
  input: ProductUpdate,
  onPriceDrop?: (tx: Transaction, drop: PriceDrop) => Promise<unknown>,
  /** Runs in the same transaction after a change (issue 15: saved-search alerts). */
  afterChange?: (tx: Executor) => Promise<unknown>,
): Promise<UpdateResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        sellerId: products.sellerId,
        sold: products.sold,
        resellPriceCents: products.resellPriceCents,
        productImages: products.productImages,
        productName: products.productName,
      })
      .from(products)
      .where(and(eq(products.id, id), live))
      .for('update');
    if (!row) return { kind: 'not-found' };
    if (row.sellerId !== sellerId) return { kind: 'not-owner' };
    const resellCents =
      input.resell_price === undefined ? undefined : dollarsToCents(input.resell_price);
    if (row.sold && resellCents !== undefined && resellCents !== row.resellPriceCents) {
      return { kind: 'sold-price' };
    }
    if (input.category_id !== undefined) {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, input.category_id), isNull(categories.deletedAt)));
      if (!category) return { kind: 'bad-category' };
    }
    let images: string[] | undefined = input.product_images;
    if (images === undefined && input.product_image !== undefined) {
      images = [
        input.product_image,
        ...row.productImages.slice(1).filter((url) => url !== input.product_image),
      ].slice(0, limits.productImagesMax);
    }
    const changes = Object.fromEntries(
      Object.entries({
        productName: input.product_name && capitalizeFirst(input.product_name),
        productDescription: input.product_description && capitalizeFirst(input.product_description),
        productImage: images?.[0],
        productImages: images,
        categoryId: input.category_id,
        condition: input.condition,
        resellPriceCents: resellCents,
        originalPriceCents:
          input.original_price === undefined ? undefined : dollarsToCents(input.original_price),
        yearOfUsed: input.year_of_used,
        sellerLocation: input.seller_location && capitalizeFirst(input.seller_location),
        sellerPhone: input.seller_phone,
        ...vehicleColumns(input),
        depositCents: input.deposit === undefined ? undefined : dollarsToCents(input.deposit),
        // A place id, or null to clear it (decision 0026); checked by the handler.
        placeId: input.place_id,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(changes).length === 0) return { kind: 'updated', modifiedCount: 0 };
    const updated = await tx
      .update(products)
      .set(changes)
      .where(eq(products.id, id))
      .returning({ id: products.id, productName: products.productName });
    if (updated.length > 0) await afterChange?.(tx);
    if (onPriceDrop && resellCents !== undefined && resellCents < row.resellPriceCents) {
      await onPriceDrop(tx, {
        productId: id,
        productName: updated[0]?.productName ?? row.productName,
        sellerId,
        oldPriceCents: row.resellPriceCents,
        newPriceCents: resellCents,
        editedAtMs: Date.now(),
      });
    }
    return { kind: 'updated', modifiedCount: updated.length };
  });
}

/**
 * Takes the seller's live listing off the market or puts it back; an unavailable listing is no
 * longer promoted. @returns rows changed (0 when already so), or null when not theirs / none.
 */
export async function setAvailability(
  db: Database,
  sellerId: string,
  id: string,
  unavailable: boolean,
  /** Runs in the same transaction when the listing is put back (issue 15: saved-search alerts). */
  afterPutBack?: (tx: Executor) => Promise<unknown>,
): Promise<
  { kind: 'not-found' } | { kind: 'not-owner' } | { kind: 'done'; modifiedCount: number }
> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sellerId: products.sellerId, unavailable: products.unavailable })
      .from(products)
      .where(and(eq(products.id, id), live))
      .for('update');
    if (!row) return { kind: 'not-found' };
    if (row.sellerId !== sellerId) return { kind: 'not-owner' };
    if (row.unavailable === unavailable) return { kind: 'done', modifiedCount: 0 };
    await tx
      .update(products)
      .set(unavailable ? { unavailable, promote: false } : { unavailable })
      .where(eq(products.id, id));
    if (!unavailable) await afterPutBack?.(tx);
    return { kind: 'done', modifiedCount: 1 };
  });
}
