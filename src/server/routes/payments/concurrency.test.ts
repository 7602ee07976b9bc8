/**
 * Two buyers pay for one product at the same moment (decision 0005): exactly one sale,
 * the product sold once, the other buyer answered 409 and never charged (no succeeded intent).
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL set (real row locks, a connection pool).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { paymentIntentIdOf } from '#contract/paths.js';
import { orders, payments, products, sandboxPaymentIntents } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { registerUser, type TestUser } from '../../test-support/accounts.js';
import { bookOrder, createListing } from '../orders/test-helpers.js';
import { clientSecretFor, confirm, recordPayment } from './test-helpers.js';

let t: TestApp;
let buyers: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  buyers = [
    await registerUser(t.app, { role: 'buyer' }),
    await registerUser(t.app, { role: 'buyer' }),
  ];
});
afterAll(() => t.close());

describe('two buyers pay for the same product at the same moment', () => {
  it.each([1, 2, 3, 4, 5])('round %i: exactly one succeeds, the other gets 409', async () => {
    const db = t.database.db;
    const { product } = await createListing(db, { promote: true });
    const orderIds = await Promise.all(buyers.map((b) => bookOrder(t.app, b, product.id)));
    const secrets = await Promise.all(buyers.map((b) => clientSecretFor(t.app, b, product.id)));

    const confirmed = await Promise.all(
      buyers.map((b, i) => confirm(t.app, b, secrets[i]!, 'pm_card_visa')),
    );
    const recorded = await Promise.all(
      buyers.map((b, i) =>
        recordPayment(t.app, b, {
          orderId: orderIds[i]!,
          transactionId: paymentIntentIdOf(secrets[i]!),
          product_id: product.id,
        }),
      ),
    );

    const winners = confirmed.map((r) => r.statusCode === 200);
    expect(winners.filter(Boolean)).toHaveLength(1);
    const winner = winners.indexOf(true);
    const loser = 1 - winner;
    expect(confirmed[winner]!.json<{ status: string }>().status).toBe('succeeded');
    expect(confirmed[loser]!.statusCode).toBe(409);
    expect(recorded[winner]!.statusCode).toBe(200);
    expect(recorded[loser]!.statusCode).toBe(409);

    const sales = await db.select().from(payments).where(eq(payments.productId, product.id));
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ orderId: orderIds[winner], priceCents: 850_000 });
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ sold: true, promote: false });
    const paid = await db.select().from(orders).where(eq(orders.productId, product.id));
    expect(paid.filter((order) => order.paid).map((order) => order.id)).toEqual([orderIds[winner]]);
    const intents = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(inArray(sandboxPaymentIntents.orderId, orderIds));
    const loserIntent = intents.find((intent) => intent.orderId === orderIds[loser]);
    expect(loserIntent?.status).toBe('canceled');
    expect(intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(1);

    // The loser cannot start over: the product is sold.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/create-payment-intent/${product.id}`,
      headers: { authorization: `Bearer ${buyers[loser]!.token}` },
    });
    expect(again.statusCode).toBe(409);
  });

  it('records one payment when one buyer confirms and records twice at once', async () => {
    const db = t.database.db;
    const { product } = await createListing(db);
    const buyer = buyers[0]!;
    const orderId = await bookOrder(t.app, buyer, product.id);
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const confirmed = await Promise.all([
      confirm(t.app, buyer, secret, 'pm_card_visa'),
      confirm(t.app, buyer, secret, 'pm_card_visa'),
    ]);
    expect(confirmed.map((r) => r.json<{ status: string }>().status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    const body = { orderId, transactionId: paymentIntentIdOf(secret), product_id: product.id };
    const recorded = await Promise.all([
      recordPayment(t.app, buyer, body),
      recordPayment(t.app, buyer, body),
    ]);
    expect(recorded.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(recorded[0].json<{ insertedId: string }>().insertedId).toBe(
      recorded[1].json<{ insertedId: string }>().insertedId,
    );
    expect(await db.select().from(payments).where(eq(payments.productId, product.id))).toHaveLength(
      1,
    );
  });
});
