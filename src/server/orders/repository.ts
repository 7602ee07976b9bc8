/**
 * Data access of the buyer's area (docs/product.md §3 Order, §4). Orders keep a snapshot of what
 * the buyer saw at booking (schema.ts), filled here from the database: product, category and
 * seller rows, and the caller's own user record, never the request body.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { after, newestFirst, type KeysetCursor } from '../lib/pagination.js';
import { assertBookingAllowed } from './booking-quota.js';
import {
  bookingStateOf,
  bookingTransition,
  effectiveListingStatus,
  listingState,
  type ListingStatus,
  type ReportReason,
} from '#contract/index.js';
import {
  categories,
  deposits,
  orderPayments,
  moderationNotices,
  orders,
  productReports,
  products,
  reviews,
  users,
} from '../db/schema.js';
import { recordAction } from '../moderation/audit.js';
import { releaseHold } from '../listings/listing-state.js';

/** The transaction handle Drizzle passes to `db.transaction`'s callback. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What booking needs to know about a product, its row locked FOR SHARE until the booking
 * transaction ends (a sale or delete of it waits); null when there is no such product at all.
 */
export async function lockBookableProduct(tx: Transaction, productId: string) {
  const [row] = await tx
    .select({
      id: products.id,
      productName: products.productName,
      productImage: products.productImage,
      priceCents: products.resellPriceCents,
      categoryId: products.categoryId,
      categoryName: categories.categoryName,
      sellerId: products.sellerId,
      sellerName: users.displayName,
      sellerEmail: users.email,
      sellerImage: users.photoUrl,
      sellerPhone: products.sellerPhone,
      sellerLocation: products.sellerLocation,
      depositCents: products.depositCents,
      offerFloorCents: products.offerFloorCents,
      sold: products.sold,
      unavailable: products.unavailable,
      listingStatus: products.listingStatus,
      /** The order an accepted offer reserved it for (decision 0053), or null. */
      reservedOrderId: products.reservedOrderId,
      /** That order's buyer, or null. */
      reservedForBuyerId: sql<
        string | null
      >`(select ${orders.buyerId} from ${orders} where ${orders.id} = ${products.reservedOrderId})`,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId))
    .for('share', { of: products });
  return row ?? null;
}
export type BookableProduct = NonNullable<Awaited<ReturnType<typeof lockBookableProduct>>>;

/** The booking buyer: their product record (name and email come from it, docs/product.md §3). */
export interface Booker {
  id: string;
  displayName: string;
  email: string;
}

/** How a booking ended; the route turns the refusals into HTTP errors. */
export type BookingResult =
  /** `created` false: the buyer's existing open order of the product, unchanged. */
  | { kind: 'booked'; orderId: string; created: boolean }
  | { kind: 'not-found' }
  /**
   * Its state is not `bookable` (src/contract/listing-state.ts; a deleted listing counts as
   * `removed`): `message` is the state record's booking refusal.
   */
  | { kind: 'not-bookable'; status: ListingStatus; message: string }
  | { kind: 'own-listing' };

/**
 * Books `productId` for `buyer` (docs/product.md §2 booking modal, §4) in ONE transaction that holds the
 * product row (FOR SHARE) while it applies the booking rules and inserts the order, so a sale or
 * a delete cannot slip between the check and the insert:
 * - no such product: 'not-found'; a state whose record is not `bookable` (reserved — by its
 *   seller or for the buyer of an accepted offer —, sold, unavailable, expired, removed or
 *   deleted; decisions 0027 and 0053): 'not-bookable'; the buyer's own listing: 'own-listing'
 *   (checked in this order);
 * - otherwise an unpaid order with the snapshot of docs/product.md §3 Order (product, category and seller
 *   from the database, name and email from the buyer's record, phone and meeting place from the
 *   form), unless the buyer already has an open (unpaid) order of it: the partial unique index
 *   `orders_one_open_per_buyer_key` decides, so two concurrent bookings cannot both insert.
 *   A new order must fit the buyer's caps (booking-quota.ts), checked with the
 *   buyer's row locked so parallel bookings cannot overshoot.
 * - `notify` runs in the same transaction for a new order (the seller's booking mail
 *   is queued exactly when the order commits).
 * @throws HttpError 429 when the buyer is at a booking cap.
 */
export function bookProduct(
  db: Database,
  buyer: Booker,
  productId: string,
  contact: { phone: string; meetingLocation: string; viewingAt?: Date },
  caps: Config['bookings'],
  notify?: (tx: Transaction, order: OrderRow) => Promise<unknown>,
): Promise<BookingResult> {
  return db.transaction(async (tx) => {
    const product = await lockBookableProduct(tx, productId);
    if (!product) return { kind: 'not-found' };
    const status = stateOf(product);
    const record = listingState(status);
    if (!record.bookable) {
      return { kind: 'not-bookable', status, message: record.refusal.booking! };
    }
    if (product.sellerId === buyer.id) return { kind: 'own-listing' };
    const existing = await findOpenOrder(tx, buyer.id, product.id);
    if (existing) return { kind: 'booked', orderId: existing.id, created: false };
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for('update');
    await assertBookingAllowed(tx, buyer.id, caps);
    const order = await insertOrder(tx, buyer, product, contact);
    if (order.created && notify) {
      const [row] = await selectOrders(tx).where(eq(orders.id, order.id));
      await notify(tx, row!);
    }
    return { kind: 'booked', orderId: order.id, created: order.created };
  });
}

/** Inserts the order, or finds the buyer's open one (see bookProduct). */
export async function insertOrder(
  tx: Transaction,
  buyer: Booker,
  product: BookableProduct,
  contact: { phone: string; meetingLocation: string; viewingAt?: Date },
  priceCents: number = product.priceCents,
): Promise<{ id: string; created: boolean }> {
  const inserted = await tx
    .insert(orders)
    .values({
      productId: product.id,
      buyerId: buyer.id,
      sellerId: product.sellerId,
      customerName: buyer.displayName,
      customerEmail: buyer.email,
      customerPhone: contact.phone,
      meetingLocation: contact.meetingLocation,
      productName: product.productName,
      productImage: product.productImage,
      productPriceCents: priceCents,
      productCategory: product.categoryName,
      productCategoryId: product.categoryId,
      sellerName: product.sellerName,
      sellerPhone: product.sellerPhone,
      sellerEmail: product.sellerEmail,
      sellerImage: product.sellerImage,
      sellerLocation: product.sellerLocation,
      ...(contact.viewingAt
        ? { viewingAt: contact.viewingAt, viewingStatus: 'proposed', viewingProposedBy: 'buyer' }
        : {}),
    })
    .onConflictDoNothing({
      target: [orders.buyerId, orders.productId],
      where: openOrder,
    })
    .returning({ id: orders.id });
  if (inserted[0]) {
    // The listing's deposit at booking; the buyer's card holds it next (decision 0020).
    if (product.depositCents > 0) {
      await tx
        .insert(deposits)
        .values({ orderId: inserted[0].id, amountCents: product.depositCents });
    }
    return { id: inserted[0].id, created: true };
  }
  const open = await findOpenOrder(tx, buyer.id, product.id);
  if (!open) throw new Error('booking conflicted but no open order was found');
  return { id: open.id, created: false };
}

/**
 * An order that is still open: unpaid, not declined by the seller, not cancelled by the buyer
 * (the predicate of the partial unique index `orders_one_open_per_buyer_key`, word for word, so
 * `ON CONFLICT` can infer it).
 */
export const openOrder = sql`not ${orders.paid} and ${orders.declinedAt} is null and ${orders.cancelledAt} is null`;

/**
 * A locked product's state as buyers meet it: a deleted listing (by its seller, an account's
 * delete or moderation) counts as `removed`, whatever its column says.
 */
export function stateOf(product: Pick<BookableProduct, 'deletedAt' | 'listingStatus'>) {
  return effectiveListingStatus(product.listingStatus, product.deletedAt !== null);
}

/** The buyer's open (unpaid, not declined or cancelled) order of a product, or null. */
export async function findOpenOrder(
  db: Database | Transaction,
  buyerId: string,
  productId: string,
) {
  const [row] = await db
    .select({ id: orders.id, priceCents: orders.productPriceCents })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.productId, productId), openOrder));
  return row ?? null;
}

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** Order columns with the buyer's and seller's uids (docs/product.md §3 Order needs both). */
const orderColumns = {
  id: orders.id,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerUid: buyer.uid,
  customerPhone: orders.customerPhone,
  meetingLocation: orders.meetingLocation,
  productName: orders.productName,
  productImage: orders.productImage,
  productPriceCents: orders.productPriceCents,
  productId: orders.productId,
  productCategory: orders.productCategory,
  productCategoryId: orders.productCategoryId,
  sellerName: orders.sellerName,
  sellerPhone: orders.sellerPhone,
  sellerEmail: orders.sellerEmail,
  sellerUid: seller.uid,
  sellerImage: orders.sellerImage,
  sellerLocation: orders.sellerLocation,
  paid: orders.paid,
  declinedAt: orders.declinedAt,
  declineMessage: orders.declineMessage,
  cancelledAt: orders.cancelledAt,
  viewingAt: orders.viewingAt,
  viewingStatus: orders.viewingStatus,
  viewingProposedBy: orders.viewingProposedBy,
  createdAt: orders.createdAt,
  buyerId: orders.buyerId,
  sellerId: orders.sellerId,
  /** The buyer has reviewed the seller for this order (`reviews_order_key`). */
  reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.orderId} = ${orders.id})`,
  /** The booking's viewing deposit (all null when the listing asked none). */
  depositAmountCents: deposits.amountCents,
  depositState: deposits.state,
  depositHeldAt: deposits.heldAt,
  depositCapturedAt: deposits.capturedAt,
  depositDisputeReason: deposits.disputeReason,
  depositDecisionNote: deposits.decisionNote,
  /** The protected payment (all null before payment; decision 0042). */
  paymentStatus: orderPayments.status,
  paymentAmountCents: orderPayments.amountCents,
  paymentHeldAt: orderPayments.heldAt,
  paymentReleasedAt: orderPayments.releasedAt,
  paymentRefundedAt: orderPayments.refundedAt,
  paymentHandedOverAt: orderPayments.handedOverAt,
  paymentHandoverCode: orderPayments.handoverCode,
  paymentDisputeReason: orderPayments.disputeReason,
  paymentDecisionNote: orderPayments.decisionNote,
  paymentBillOfSaleSha256: orderPayments.billOfSaleSha256,
};

function selectOrders(db: Database | Transaction) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .leftJoin(deposits, eq(deposits.orderId, orders.id))
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id));
}
export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** The buyer's orders query, built once per database (prepared, see listBuyerOrders). */
const buyerOrdersQueries = new WeakMap<
  Database,
  { execute(values: { buyerId: string }): Promise<OrderRow[]> }
>();

/**
 * The buyer's orders, newest first; the ones they cancelled are gone from their view. The most
 * frequent signed-in read (My Orders), so a prepared statement: drizzle builds its SQL once, not
 * on every call (a fifth of the request's time in a CPU profile), and PostgreSQL parses
 * it once per connection.
 */
export function listBuyerOrders(db: Database, buyerId: string): Promise<OrderRow[]> {
  let query = buyerOrdersQueries.get(db);
  if (!query) {
    query = selectOrders(db)
      .where(and(eq(orders.buyerId, sql.placeholder('buyerId')), isNull(orders.cancelledAt)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .prepare('list_buyer_orders');
    buyerOrdersQueries.set(db, query);
  }
  return query.execute({ buyerId });
}

/** One order of the buyer; null for an unknown order and for another buyer's alike. */
export async function findBuyerOrder(
  db: Database,
  buyerId: string,
  orderId: string,
): Promise<OrderRow | null> {
  const [row] = await selectOrders(db).where(
    and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)),
  );
  return row ?? null;
}

/**
 * One page of the bookings of `sellerId`'s products, newest first, cancelled ones
 * included (the seller sees them as cancelled). Served by `orders_seller_idx`.
 */
export function listSellerOrders(
  db: Database,
  sellerId: string,
  cursor: KeysetCursor | null,
  limit: number,
): Promise<OrderRow[]> {
  return selectOrders(db)
    .where(and(eq(orders.sellerId, sellerId), after(orders, cursor)))
    .orderBy(...newestFirst(orders))
    .limit(limit);
}

/** How closing a booking ended; the route turns the refusals into HTTP errors. */
export type CloseResult =
  | { kind: 'closed'; changed: boolean; order: OrderRow }
  | { kind: 'not-found' }
  | { kind: 'paid' }
  /** Declined by the seller when the buyer cancels, or cancelled when the seller declines. */
  | { kind: 'already-closed' };

/**
 * Closes an unpaid booking in one transaction with its row locked (a payment being recorded for
 * it waits, then finds it closed and refunds): `decline` by the seller of the product, `cancel`
 * by its buyer. `party` is the caller's user id; an order that is not theirs is 'not-found'.
 * `notify` runs inside the same transaction once the order is closed now (not on a repeat), so
 * the mail job exists exactly when the change commits. A reservation the order held (an accepted
 * offer's) is released in the same transaction: the listing is back on the market.
 */
export function closeOrder(
  db: Database,
  action: { kind: 'decline'; message: string | null } | { kind: 'cancel' },
  party: string,
  orderId: string,
  notify: (tx: Transaction, order: OrderRow) => Promise<unknown>,
): Promise<CloseResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        productId: orders.productId,
        paid: orders.paid,
        declinedAt: orders.declinedAt,
        cancelledAt: orders.cancelledAt,
      })
      .from(orders)
      .where(
        and(
          eq(orders.id, orderId),
          eq(action.kind === 'decline' ? orders.sellerId : orders.buyerId, party),
        ),
      )
      .for('update');
    if (!locked) return { kind: 'not-found' };
    // The booking's transition table (src/contract/deal-states.ts): only an open booking closes.
    const from = bookingStateOf(locked);
    const next = bookingTransition(
      from,
      action.kind,
      action.kind === 'decline' ? 'seller' : 'buyer',
    );
    if (!next.ok) return { kind: from === 'paid' ? 'paid' : 'already-closed' };
    const mine = next.same;
    if (!mine) {
      await tx
        .update(orders)
        .set(
          action.kind === 'decline'
            ? { declinedAt: new Date(), declineMessage: action.message }
            : { cancelledAt: new Date() },
        )
        .where(eq(orders.id, orderId));
      // The deal fell through: a reservation this order held ends (decision 0053).
      await releaseHold(tx, locked.productId, orderId);
    }
    const [order] = await selectOrders(tx).where(eq(orders.id, orderId));
    if (!mine) await notify(tx, order!);
    return { kind: 'closed', changed: !mine, order: order! };
  });
}

/**
 * Records `reporterId`'s report of a live product (docs/spec-deviations.md, DSA Art. 16): one
 * `product_reports` row per buyer and product, with its reason and optional note; the product is
 * marked reported and its reportCount set to the number of reporters; a `moderation_notices` row
 * (the transparency count) and a `report.create` audit row — all in one transaction. A repeat
 * report changes nothing (its reason and note are not taken).
 * @param notice the reason (`Other` for the spec's body-less call) and a trimmed note or none.
 * @returns null for an unknown or deleted product, else whether this report is new and the count.
 */
export function reportProduct(
  db: Database,
  productId: string,
  reporterId: string,
  notice: { reason: ReportReason; note: string | null } = { reason: 'Other', note: null },
): Promise<{ created: boolean; reportCount: number } | null> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ reportCount: products.reportCount })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .for('update');
    if (!product) return null;
    const now = new Date();
    const inserted = await tx
      .insert(productReports)
      .values({ productId, reporterId, reason: notice.reason, note: notice.note, createdAt: now })
      .onConflictDoNothing()
      .returning({ productId: productReports.productId });
    if (inserted.length === 0) return { created: false, reportCount: product.reportCount };
    const [reporters] = await tx
      .select({ n: count() })
      .from(productReports)
      .where(eq(productReports.productId, productId));
    const reportCount = reporters?.n ?? 1;
    await tx
      .update(products)
      .set({ reported: true, reportCount })
      .where(eq(products.id, productId));
    await tx
      .insert(moderationNotices)
      .values({ productId, reporterId, reason: notice.reason, createdAt: now });
    await recordAction(tx, {
      actorId: reporterId,
      action: 'report.create',
      targetType: 'product',
      targetId: productId,
      details: { reason: notice.reason, hasNote: notice.note !== null, reportCount },
    });
    return { created: true, reportCount };
  });
}
