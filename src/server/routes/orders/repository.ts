/**
 * Data access of the buyer's area (issue 5; spec §3 Order, §4). Orders keep a snapshot of what
 * the buyer saw at booking (schema.ts), filled here from the database: product, category and
 * seller rows, and the caller's own user record, never the request body.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { categories, orders, productReports, products, users } from '../../db/schema.js';

/** What booking needs to know about a product; null when there is no such product at all. */
export async function findBookableProduct(db: Database, productId: string) {
  const [row] = await db
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
      sold: products.sold,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId));
  return row ?? null;
}
export type BookableProduct = NonNullable<Awaited<ReturnType<typeof findBookableProduct>>>;

/** The booking buyer: their product record (name and email come from it, spec §3). */
export interface Booker {
  id: string;
  displayName: string;
  email: string;
}

/**
 * Inserts an unpaid order of `product` for `buyer`, unless the buyer already has an open
 * (unpaid) order of it: the partial unique index `orders_one_open_per_buyer_key` decides, so two
 * concurrent bookings cannot both insert.
 * @returns the order id and whether it was created now (false: the existing open order).
 */
export async function insertOrder(
  db: Database,
  buyer: Booker,
  product: BookableProduct,
  contact: { phone: string; meetingLocation: string },
): Promise<{ id: string; created: boolean }> {
  const inserted = await db
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
      productPriceCents: product.priceCents,
      productCategory: product.categoryName,
      productCategoryId: product.categoryId,
      sellerName: product.sellerName,
      sellerPhone: product.sellerPhone,
      sellerEmail: product.sellerEmail,
      sellerImage: product.sellerImage,
      sellerLocation: product.sellerLocation,
    })
    .onConflictDoNothing({
      target: [orders.buyerId, orders.productId],
      where: eq(orders.paid, false),
    })
    .returning({ id: orders.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const open = await findOpenOrder(db, buyer.id, product.id);
  if (!open) throw new Error('booking conflicted but no open order was found');
  return { id: open.id, created: false };
}

/** The buyer's open (unpaid) order of a product, or null. */
export async function findOpenOrder(db: Database, buyerId: string, productId: string) {
  const [row] = await db
    .select({ id: orders.id, priceCents: orders.productPriceCents })
    .from(orders)
    .where(
      and(eq(orders.buyerId, buyerId), eq(orders.productId, productId), eq(orders.paid, false)),
    );
  return row ?? null;
}

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** Order columns with the buyer's and seller's uids (spec §3 Order needs both). */
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
};

function selectOrders(db: Database) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId));
}
export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** The buyer's orders, newest first. */
export function listBuyerOrders(db: Database, buyerId: string): Promise<OrderRow[]> {
  return selectOrders(db)
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
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
 * Records `reporterId`'s report of a live product (DESIGN.md §8): one `product_reports` row per
 * buyer and product; the product is marked reported and its reportCount set to the number of
 * reporters, in one transaction. A repeat report changes nothing.
 * @returns null for an unknown or deleted product, else whether this report is new and the count.
 */
export function reportProduct(
  db: Database,
  productId: string,
  reporterId: string,
): Promise<{ created: boolean; reportCount: number } | null> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ reportCount: products.reportCount })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .for('update');
    if (!product) return null;
    const inserted = await tx
      .insert(productReports)
      .values({ productId, reporterId })
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
    return { created: true, reportCount };
  });
}
