/** Data access of the payment calls (docs/product.md §3 Order and Payment record). */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { orders, payments, products } from '../db/schema.js';

/**
 * The caller's latest order of a product with what paying for it needs: the order's price in
 * cents, whether it is paid or declined, and the product's state. Unpaid orders come first,
 * newest first; orders the buyer cancelled are left out.
 */
export async function findOrderToPay(db: Database, buyerId: string, productId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      paid: orders.paid,
      declinedAt: orders.declinedAt,
      cancelledAt: orders.cancelledAt,
      priceCents: orders.productPriceCents,
      productStatus: products.listingStatus,
      productDeletedAt: products.deletedAt,
      /** The order an accepted offer reserved the listing for (decision 0053), or null. */
      reservedOrderId: products.reservedOrderId,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(eq(orders.buyerId, buyerId), eq(orders.productId, productId), isNull(orders.cancelledAt)),
    )
    .orderBy(orders.paid, desc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

/** One order of the buyer with its payment, if any; null for another buyer's or none. */
export async function findBuyerOrderPayment(db: Database, buyerId: string, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      productId: orders.productId,
      priceCents: orders.productPriceCents,
      paid: orders.paid,
      paymentId: payments.id,
      transactionId: payments.transactionId,
    })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)));
  return row ?? null;
}
