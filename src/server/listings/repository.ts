/**
 * Data access of the listing page and of editing (decision 0011). Writes check
 * ownership, the sold price lock and liveness in the same transaction that changes the row
 * (the row is locked FOR UPDATE first), so a concurrent sale cannot slip between check and write.
 */
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  capitalizeFirst,
  dollarsToCents,
  limits,
  transition,
  type ListingRefusal,
  type ListingStatus,
  type ProductUpdate,
} from '#contract/index.js';
import type { Database } from '../db/client.js';
import type { Executor } from '../jobs/queue.js';
import { categories, onMarketSql, priceHistory, products, users } from '../db/schema.js';
import { productCardColumns } from '../catalog/repository.js';
import type { PriceDrop } from '../favourites/price-drop.js';
import { vehicleColumns } from '../selling/repository.js';
import { transitionListing, transitionListingTo } from './listing-state.js';
import { othersPhotos } from '../trust/photo-owners.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Listings with a page: not deleted. (Sold, unavailable, reserved and expired ones still have
 * one; a removed one is deleted too.)
 */
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
      statusChangedAt: products.statusChangedAt,
      expiresAt: products.expiresAt,
      soldPriceCents: products.soldPriceCents,
      categoryHoldsVehicles: categories.holdsVehicles,
      sellerId: products.sellerId,
      sellerSince: users.createdAt,
      vinDecoded: products.vinDecoded,
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
  const onMarket = and(eq(products.sellerId, sellerId), sql`${onMarketSql}`);
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

/** Every asking price of listing `id`, oldest first (cents; decision 0027). */
export function findPriceHistory(db: Database, id: string) {
  return db
    .select({ priceCents: priceHistory.priceCents, at: priceHistory.at })
    .from(priceHistory)
    .where(eq(priceHistory.productId, id))
    .orderBy(asc(priceHistory.at), asc(priceHistory.id));
}

/**
 * Up to `limit` listings on the market like listing `like` (decision 0027, the page of an expired
 * or gone listing): same make and model when it has them, else same category; newest first.
 * Served by `products_search_make_idx` / `products_search_category_idx`.
 */
export async function findSimilarListings(
  db: Database,
  like: { id: string; categoryId: string | null; make: string | null; model: string | null },
  limit: number,
) {
  const select = () =>
    db
      .select(productCardColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(users, eq(users.id, products.sellerId));
  if (like.make && like.model) {
    const rows = await select()
      .where(
        and(
          sql`${onMarketSql}`,
          eq(sql`lower(${products.make})`, like.make.toLowerCase()),
          eq(sql`lower(${products.model})`, like.model.toLowerCase()),
          ne(products.id, like.id),
        ),
      )
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit);
    if (rows.length > 0) return rows;
  }
  return select()
    .where(
      and(
        sql`${onMarketSql}`,
        like.categoryId === null ? undefined : eq(products.categoryId, like.categoryId),
        ne(products.id, like.id),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/**
 * What the page of a listing that has no page any more needs (deleted by its seller or with its
 * account, or removed): its category, make and model for similar listings; null when unknown.
 */
export async function findGoneListing(db: Database, id: string) {
  const [row] = await db
    .select({
      id: products.id,
      categoryId: products.categoryId,
      make: products.make,
      model: products.model,
    })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

/**
 * The seller's phone and e-mail of a live listing; null when none. The phone is the seller's
 * verified number (decision 0044) when they have one, else the one typed on the listing.
 */
export async function findSellerContact(db: Database, id: string) {
  const [row] = await db
    .select({
      phone: sql<string>`case when ${users.phoneVerifiedAt} is not null then ${users.phoneE164}
        else ${products.sellerPhone} end`,
      email: users.email,
    })
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
  | { kind: 'bad-category' }
  /** `foreign`: photos among `photos` another account uploaded (trust/photo-owners.ts). */
  | { kind: 'others-photos'; photos: string[]; foreign: string[] };

/**
 * Applies `input` to live listing `id` of `sellerId` in one transaction (docs/product.md §5 capitalising,
 * prices to cents). A sold listing keeps its price: a changed `resell_price` is 'sold-price';
 * sending the same price is allowed. When only `product_images` is sent, its first photo becomes
 * the cover; when only `product_image` is sent, it replaces the cover and keeps the other photos.
 * When the resell price is lowered, `onPriceDrop` runs in the same transaction after the update
 * (the price-drop mail is queued exactly when the new price commits).
 * @returns 'updated' with `modifiedCount` 1 (0 when nothing was sent), or why not.
 */
export function updateProduct(
  db: Database,
  sellerId: string,
  id: string,
  input: ProductUpdate,
  onPriceDrop?: (tx: Transaction, drop: PriceDrop) => Promise<unknown>,
  /** Runs in the same transaction after a change (saved-search alerts). */
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
    if (images !== undefined) {
      // Only photos the seller uploaded (decision 0028, "Photo owners").
      const foreign = await othersPhotos(tx, sellerId, images);
      if (foreign.length > 0) return { kind: 'others-photos', photos: images, foreign };
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
    if (resellCents !== undefined && resellCents !== row.resellPriceCents) {
      await tx.insert(priceHistory).values({ productId: id, priceCents: resellCents });
    }
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
 * Takes the seller's listing off the market or puts it back (the availability toggle,
 * now a transition of listing-state.ts: → unavailable, unavailable → active). Putting back a
 * listing that is not unavailable changes nothing.
 * @returns rows changed (0 when already so), or why not.
 */
export async function setAvailability(
  db: Database,
  sellerId: string,
  id: string,
  unavailable: boolean,
  /** Runs in the same transaction when the listing is put back (saved-search alerts). */
  afterPutBack?: (tx: Executor) => Promise<unknown>,
): Promise<
  | { kind: 'not-found' }
  | { kind: 'not-owner' }
  | { kind: 'refused'; from: ListingStatus; refusal: ListingRefusal }
  | { kind: 'done'; modifiedCount: number }
> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: products.listingStatus })
      .from(products)
      .where(and(eq(products.id, id), live));
    const seller = { kind: 'seller', userId: sellerId } as const;
    if (!unavailable && row && !transition(row.status, 'putBack', 'seller').ok) {
      // Not off the market: nothing to put back (the owner is still checked).
      const owner = await transitionListingTo(tx, id, row.status, seller);
      return owner.kind === 'done' ? { kind: 'done', modifiedCount: 0 } : owner;
    }
    const result = await transitionListing(
      tx,
      id,
      unavailable ? 'takeOffMarket' : 'putBack',
      seller,
    );
    if (result.kind !== 'done') return result;
    if (!unavailable && result.modifiedCount > 0) await afterPutBack?.(tx);
    return { kind: 'done', modifiedCount: result.modifiedCount };
  });
}
