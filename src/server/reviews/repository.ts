/**
 * Data access of reviews and seller profiles (decision 0013). A review belongs to one
 * paid order (unique `order_id`); removed reviews (`removed_at`) are kept but never shown or
 * counted. The rating average is computed in SQL over the seller's live reviews.
 */
import { sellerTypeColumns } from '../dealers/presenters.js';
import { and, avg, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { auditLog, categories, liveSql, orders, products, reviews, users } from '../db/schema.js';
import { productCardColumns } from '../catalog/repository.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

const buyer = alias(users, 'review_buyer');

/** The order a review is about: its parties and whether it is paid; null when unknown. */
export async function findOrderForReview(db: Executor, orderId: string) {
  const [row] = await db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId, paid: orders.paid })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

function selectReviews(db: Executor) {
  return db
    .select({
      id: reviews.id,
      orderId: reviews.orderId,
      sellerId: reviews.sellerId,
      buyerId: reviews.buyerId,
      rating: reviews.rating,
      text: reviews.text,
      sellerReply: reviews.sellerReply,
      repliedAt: reviews.repliedAt,
      removedAt: reviews.removedAt,
      createdAt: reviews.createdAt,
      buyerName: buyer.displayName,
      buyerPhoto: buyer.photoUrl,
      productName: orders.productName,
    })
    .from(reviews)
    .innerJoin(buyer, eq(buyer.id, reviews.buyerId))
    .innerJoin(orders, eq(orders.id, reviews.orderId));
}
export type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

/** One review that is not removed; null when none. */
export async function findLiveReview(db: Executor, id: string): Promise<ReviewRow | null> {
  const [row] = await selectReviews(db).where(and(eq(reviews.id, id), isNull(reviews.removedAt)));
  return row ?? null;
}

/**
 * Stores a review (the unique `order_id` decides between two concurrent first reviews) and adds
 * it to the seller's `review_count` / `rating_sum`, in one transaction.
 * @returns its id, or null when the order already has one.
 */
export function insertReview(
  db: Database,
  values: { orderId: string; sellerId: string; buyerId: string; rating: number; text: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values(values)
      .onConflictDoNothing({ target: reviews.orderId })
      .returning({ id: reviews.id });
    if (!row) return null;
    await tx
      .update(users)
      .set({
        reviewCount: sql`${users.reviewCount} + 1`,
        ratingSum: sql`${users.ratingSum} + ${values.rating}`,
      })
      .where(eq(users.id, values.sellerId));
    return row.id;
  });
}

/** Sets the seller's reply when there is none yet. @returns false when already replied. */
export async function setReply(db: Executor, id: string, text: string): Promise<boolean> {
  const updated = await db
    .update(reviews)
    .set({ sellerReply: text, repliedAt: sql`now()` })
    .where(and(eq(reviews.id, id), isNull(reviews.sellerReply), isNull(reviews.removedAt)))
    .returning({ id: reviews.id });
  return updated.length > 0;
}

/**
 * Removes a review (soft) and records `review.remove` in the audit log, in one transaction.
 * @returns rows changed: 0 when it was already removed; null when there is no such review.
 */
export function removeReview(db: Database, id: string, adminId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ removedAt: reviews.removedAt, sellerId: reviews.sellerId, rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update');
    if (!row) return null;
    if (row.removedAt) return 0;
    await tx
      .update(reviews)
      .set({ removedAt: sql`now()`, removedBy: adminId })
      .where(eq(reviews.id, id));
    await tx
      .update(users)
      .set({
        reviewCount: sql`${users.reviewCount} - 1`,
        ratingSum: sql`${users.ratingSum} - ${row.rating}`,
      })
      .where(eq(users.id, row.sellerId));
    await tx.insert(auditLog).values({
      actorId: adminId,
      action: 'review.remove',
      targetType: 'review',
      targetId: id,
      details: { modifiedCount: 1, sellerId: row.sellerId },
    });
    return 1;
  });
}

/** A seller's rating over live reviews: mean rounded to one decimal (null when none), count. */
export async function ratingOf(db: Executor, sellerId: string) {
  const [row] = await db
    .select({ average: avg(reviews.rating), n: count() })
    .from(reviews)
    .where(and(eq(reviews.sellerId, sellerId), isNull(reviews.removedAt)));
  const n = row?.n ?? 0;
  const average = n > 0 && row?.average != null ? Math.round(Number(row.average) * 10) / 10 : null;
  return { average, count: n };
}

/** A live user by uid (the profile's person); null when unknown or deleted. */
export async function findSellerByUid(db: Database, uid: string) {
  const [row] = await db
    .select({
      id: users.id,
      uid: users.uid,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      status: users.status,
      createdAt: users.createdAt,
      ...sellerTypeColumns,
      phoneVerifiedAt: users.phoneVerifiedAt,
      identityVerifiedAt: users.identityVerifiedAt,
      adminVerifiedAt: users.adminVerifiedAt,
    })
    .from(users)
    .where(and(eq(users.uid, uid), eq(users.role, 'seller'), isNull(users.deletedAt)));
  return row ?? null;
}

/** The seller's live listings (unsold, on the market), newest first. `products_seller_idx`. */
export function liveListingsOf(db: Database, sellerId: string, limit: number) {
  return db
    .select(productCardColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.sellerId, sellerId), sql`${liveSql}`))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/** The seller's live reviews, newest first. Served by `reviews_seller_idx`. */
export function reviewsOf(db: Database, sellerId: string, limit: number) {
  return selectReviews(db)
    .where(and(eq(reviews.sellerId, sellerId), isNull(reviews.removedAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
