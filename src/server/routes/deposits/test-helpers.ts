/**
 * Helpers for the deposit tests: a listing with a deposit of a signed-in seller, a
 * booking of it, the buyer's hold with a sandbox test card, and the deposit calls.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { depositEvents, deposits } from '../../db/schema.js';
import { bearer, type TestUser } from '../../test-support/accounts.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { bookOrder } from '../orders/test-helpers.js';
import { confirm, paymentMethodFor } from '../payments/test-helpers.js';

/** A live listing of `seller` asking a deposit of `depositCents` (default $50). */
export async function depositListing(db: Database, seller: TestUser, depositCents = 5_000) {
  const category = await createCategory(db);
  return createProduct(
    db,
    { categoryId: category.id, sellerId: seller.recordId },
    { depositCents },
  );
}

/** A deposit call as `who` (undefined: no token). */
export function call(
  app: FastifyInstance,
  who: TestUser | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload ? { payload } : {}),
  });
}

/** Books a deposit listing of `seller` for `buyer`; returns the order id. */
export async function bookDeposit(
  app: FastifyInstance,
  db: Database,
  buyer: TestUser,
  seller: TestUser,
  depositCents = 5_000,
) {
  const product = await depositListing(db, seller, depositCents);
  return { orderId: await bookOrder(app, buyer, product.id), productId: product.id };
}

/**
 * Sandbox only: the buyer's page flow — hold intent, test card, confirm at the "provider", then
 * `…/deposit/confirm`. @returns the intent's client secret. @throws when a step fails.
 */
export async function holdWithSandboxCard(app: FastifyInstance, buyer: TestUser, orderId: string) {
  const hold = await call(app, buyer, 'POST', `/api/order/${orderId}/deposit/hold`);
  if (hold.statusCode !== 200) throw new Error(`hold: ${hold.statusCode} ${hold.body}`);
  const secret = hold.json<{ clientSecret: string }>().clientSecret;
  const confirmed = await confirm(
    app,
    buyer,
    secret,
    await paymentMethodFor(app, buyer, '4242424242424242'),
  );
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
  const held = await call(app, buyer, 'POST', `/api/order/${orderId}/deposit/confirm`);
  if (held.statusCode !== 200) throw new Error(`held: ${held.statusCode} ${held.body}`);
  return secret;
}

/** The deposit row of an order. */
export async function depositOf(db: Database, orderId: string) {
  const [row] = await db.select().from(deposits).where(eq(deposits.orderId, orderId));
  return row!;
}

/** The recorded transitions of an order's deposit, oldest first, as `from>to`. */
export async function eventsOf(db: Database, orderId: string) {
  const deposit = await depositOf(db, orderId);
  const rows = await db
    .select()
    .from(depositEvents)
    .where(eq(depositEvents.depositId, deposit.id))
    .orderBy(depositEvents.createdAt);
  return rows.map((row) => `${row.fromState}>${row.toState}`);
}
