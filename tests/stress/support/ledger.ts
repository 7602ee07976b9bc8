/**
 * Reads the sales ledger (orders, payments, products, sandbox intents) straight from the
 * server's database once the server has stopped, and checks that it is consistent: every
 * payment belongs to a paid order of a sold product, one payment per order and per product,
 * and a sandbox intent succeeded exactly when its payment is recorded.
 */
import path from 'node:path';
import { openDatabase } from '#server/db/client.js';
import { orders, payments, products, sandboxPaymentIntents } from '#server/db/schema.js';
import type { Storage } from './server.js';

export interface Ledger {
  orders: { id: string; productId: string; buyerId: string; paid: boolean; priceCents: number }[];
  payments: {
    id: string;
    orderId: string;
    productId: string;
    buyerId: string;
    priceCents: number;
    transactionId: string;
  }[];
  products: { id: string; sold: boolean }[];
  intents: { id: string; orderId: string; status: string }[];
}

/** Opens the storage's database (PGlite in DATA_DIR/db, or the PostgreSQL database) and reads. */
export async function readLedger(storage: Storage): Promise<Ledger> {
  const handle = storage.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: storage.databaseUrl }, { poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dir: path.join(storage.dataDir, 'db') });
  try {
    const { db } = handle;
    return {
      orders: await db
        .select({
          id: orders.id,
          productId: orders.productId,
          buyerId: orders.buyerId,
          paid: orders.paid,
          priceCents: orders.productPriceCents,
        })
        .from(orders),
      payments: await db
        .select({
          id: payments.id,
          orderId: payments.orderId,
          productId: payments.productId,
          buyerId: payments.buyerId,
          priceCents: payments.priceCents,
          transactionId: payments.transactionId,
        })
        .from(payments),
      products: await db.select({ id: products.id, sold: products.sold }).from(products),
      intents: await db
        .select({
          id: sandboxPaymentIntents.id,
          orderId: sandboxPaymentIntents.orderId,
          status: sandboxPaymentIntents.status,
        })
        .from(sandboxPaymentIntents),
    };
  } finally {
    await handle.close();
  }
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
}

/** Every broken invariant of the ledger, as a sentence; empty when it is consistent. */
export function ledgerProblems(ledger: Ledger): string[] {
  const problems: string[] = [];
  const orderById = new Map(ledger.orders.map((order) => [order.id, order]));
  const productById = new Map(ledger.products.map((product) => [product.id, product]));
  const paymentByOrder = new Map(ledger.payments.map((payment) => [payment.orderId, payment]));
  const paymentByTransaction = new Map(ledger.payments.map((p) => [p.transactionId, p]));
  const soldProducts = new Set(ledger.payments.map((payment) => payment.productId));

  for (const id of duplicates(ledger.orders.map((order) => order.id))) {
    problems.push(`order ${id} exists more than once`);
  }
  for (const id of duplicates(ledger.payments.map((payment) => payment.orderId))) {
    problems.push(`order ${id} has more than one payment`);
  }
  for (const id of duplicates(ledger.payments.map((payment) => payment.productId))) {
    problems.push(`product ${id} was sold more than once`);
  }
  for (const id of duplicates(ledger.payments.map((payment) => payment.transactionId))) {
    problems.push(`transaction ${id} is recorded more than once`);
  }
  for (const payment of ledger.payments) {
    const order = orderById.get(payment.orderId);
    if (!order) {
      problems.push(`payment ${payment.id} has no order`);
      continue;
    }
    if (!order.paid) problems.push(`payment ${payment.id}: its order ${order.id} is unpaid`);
    if (order.productId !== payment.productId || order.buyerId !== payment.buyerId) {
      problems.push(`payment ${payment.id} does not match its order's product or buyer`);
    }
    if (order.priceCents !== payment.priceCents) {
      problems.push(`payment ${payment.id} is not of its order's price`);
    }
    if (!productById.get(payment.productId)?.sold) {
      problems.push(`payment ${payment.id}: product ${payment.productId} is not sold`);
    }
  }
  for (const order of ledger.orders) {
    if (order.paid && !paymentByOrder.has(order.id)) {
      problems.push(`order ${order.id} is paid without a payment record`);
    }
  }
  for (const product of ledger.products) {
    if (product.sold && !soldProducts.has(product.id)) {
      problems.push(`product ${product.id} is sold without a payment record`);
    }
  }
  for (const intent of ledger.intents) {
    const payment = paymentByTransaction.get(intent.id);
    if (intent.status === 'succeeded' && payment?.orderId !== intent.orderId) {
      problems.push(`intent ${intent.id} succeeded but no payment of its order records it`);
    }
    if (intent.status !== 'succeeded' && payment) {
      problems.push(
        `intent ${intent.id} is ${intent.status} but recorded as payment ${payment.id}`,
      );
    }
  }
  return problems;
}
