import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order } from '#contract/orders.js';
import type { sandboxPaymentIntentSchema } from '#contract/payments.js';
import { paymentIntentIdOf } from '#contract/paths.js';
import { orders, payments, products, sandboxPaymentIntents } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { bookOrder, createListing } from '../orders/test-helpers.js';
import {
  card,
  clientSecretFor,
  confirm,
  createIntent,
  createPaymentMethod,
  paymentMethodFor,
  recordPayment,
} from './test-helpers.js';
import { messageOf } from '../../test-support/answers.js';

/** The sandbox's answer to a confirmation: the payment intent. */
type Intent = z.infer<typeof sandboxPaymentIntentSchema>;

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, { role: 'buyer' });
  otherBuyer = await registerUser(t.app, { role: 'buyer' });
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A listing booked by `who`, with its order id. */
async function booked(who: TestUser = buyer, overrides = {}) {
  const listing = await createListing(db(), overrides);
  const orderId = await bookOrder(t.app, who, listing.product.id);
  return { ...listing, orderId };
}

/** Counts of what a sale changes, to show that nothing changed. */
async function snapshot(productId: string) {
  const [product] = await db().select().from(products).where(eq(products.id, productId));
  const productOrders = await db().select().from(orders).where(eq(orders.productId, productId));
  const [paymentCount] = await db()
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.productId, productId));
  return {
    sold: product!.sold,
    promote: product!.promote,
    paidOrders: productOrders.filter((order) => order.paid).length,
    payments: paymentCount!.n,
  };
}

describe('GET /api/payment-config', () => {
  it('names the sandbox provider by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(response.json()).toEqual({ provider: 'sandbox', release_days: 14 });
  });
});

describe('POST /api/create-payment-intent/{productId}', () => {
  it('takes the amount from the database in cents, not the body, and reuses the intent', async () => {
    const { product } = await booked(buyer, { resellPriceCents: 1_234_550 });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/create-payment-intent/${product.id}`,
      headers: bearer(buyer.token),
      payload: { price: 1, amount: 100 },
    });
    expect(response.statusCode).toBe(200);
    const { clientSecret } = response.json<{ clientSecret: string }>();
    expect(clientSecret).toMatch(/^pi_[0-9a-f]+_secret_[0-9a-f]+$/);
    const [intent] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentIdOf(clientSecret)));
    expect(intent).toMatchObject({
      amountCents: 1_234_550,
      currency: 'usd',
      status: 'requires_payment_method',
    });
    const again = await Promise.all([
      createIntent(t.app, buyer, product.id),
      createIntent(t.app, buyer, product.id),
    ]);
    for (const response of again) {
      expect(response.json<{ clientSecret: string }>().clientSecret).toBe(clientSecret);
    }
  });

  it('answers 404 without an open order of the caller and 409 for a sold product', async () => {
    const { product } = await booked(otherBuyer);
    expect((await createIntent(t.app, buyer, product.id)).statusCode).toBe(404);
    const sold = await booked(buyer);
    await db()
      .update(products)
      .set({ listingStatus: 'sold' })
      .where(eq(products.id, sold.product.id));
    expect((await createIntent(t.app, buyer, sold.product.id)).statusCode).toBe(409);
  });
});

describe('POST /api/payments', () => {
  it('pays with 4242…: order paid, product sold and unpromoted, payment stored; replay is a no-op', async () => {
    const { product, orderId } = await booked(buyer, { promote: true });
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const method = await paymentMethodFor(t.app, buyer, '4242 4242 4242 4242');
    expect(method).toBe('pm_card_visa');
    const confirmed = await confirm(t.app, buyer, secret, method);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      id: paymentIntentIdOf(secret),
      object: 'payment_intent',
      status: 'succeeded',
      amount: 850_000,
      currency: 'usd',
    });

    const transactionId = paymentIntentIdOf(secret);
    const paid = await recordPayment(t.app, buyer, {
      orderId,
      transactionId,
      product_id: product.id,
    });
    expect(paid.statusCode).toBe(200);
    const { insertedId } = paid.json<{ insertedId: string }>();
    expect(await snapshot(product.id)).toEqual({
      sold: true,
      promote: false,
      paidOrders: 1,
      payments: 1,
    });
    const [record] = await db().select().from(payments).where(eq(payments.id, insertedId));
    expect(record).toMatchObject({
      orderId,
      productId: product.id,
      priceCents: 850_000,
      transactionId,
      email: buyer.email,
    });

    const replay = await recordPayment(t.app, buyer, {
      orderId,
      transactionId,
      product_id: product.id,
    });
    expect(replay.json()).toEqual({ acknowledged: true, insertedId });
    expect(await snapshot(product.id)).toEqual({
      sold: true,
      promote: false,
      paidOrders: 1,
      payments: 1,
    });
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}`,
      headers: bearer(buyer.token),
    });
    expect(order.json<{ data: Order }>().data.order_status).toBe(true);
    // Paying again for a paid order is refused.
    expect((await createIntent(t.app, buyer, product.id)).statusCode).toBe(409);
  });

  it('leaves the order unpaid after a declined card, and the same intent can then succeed', async () => {
    const { product, orderId } = await booked();
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const declined = await confirm(
      t.app,
      buyer,
      secret,
      await paymentMethodFor(t.app, buyer, '4000000000000002'),
    );
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    const transactionId = paymentIntentIdOf(secret);
    const refused = await recordPayment(t.app, buyer, {
      orderId,
      transactionId,
      product_id: product.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(await snapshot(product.id)).toMatchObject({ sold: false, payments: 0 });

    const retry = await confirm(t.app, buyer, secret, 'pm_card_visa');
    expect(retry.json<Intent>().status).toBe('succeeded');
    const paid = await recordPayment(t.app, buyer, {
      orderId,
      transactionId,
      product_id: product.id,
    });
    expect(paid.statusCode).toBe(200);
  });

  it('refuses a forged transactionId and changes nothing', async () => {
    const { product, orderId } = await booked();
    for (const transactionId of ['pi_forged123', 'pi_3MtwBwLkdIwHu7ix28a3tqPa']) {
      const response = await recordPayment(t.app, buyer, {
        orderId,
        transactionId,
        product_id: product.id,
      });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toContain('transactionId');
    }
    const malformed = await recordPayment(t.app, buyer, {
      orderId,
      transactionId: "'; drop table payments; --",
      product_id: product.id,
    });
    expect(malformed.statusCode).toBe(400);
    expect(await snapshot(product.id)).toMatchObject({ sold: false, paidOrders: 0, payments: 0 });
  });

  it("refuses another order's succeeded intent (foreign transactionId)", async () => {
    const mine = await booked(buyer);
    const theirs = await booked(otherBuyer);
    const theirSecret = await clientSecretFor(t.app, otherBuyer, theirs.product.id);
    expect(
      (await confirm(t.app, otherBuyer, theirSecret, 'pm_card_visa')).json<Intent>().status,
    ).toBe('succeeded');
    const response = await recordPayment(t.app, buyer, {
      orderId: mine.orderId,
      transactionId: paymentIntentIdOf(theirSecret),
      product_id: mine.product.id,
    });
    expect(response.statusCode).toBe(400);
    expect(await snapshot(mine.product.id)).toMatchObject({ sold: false, payments: 0 });
  });

  it('refuses an intent of another amount than the order', async () => {
    const { product, orderId } = await booked();
    await db().insert(sandboxPaymentIntents).values({
      id: 'pi_cheap0001',
      clientSecret: 'pi_cheap0001_secret_x',
      orderId,
      amountCents: 100,
      status: 'succeeded',
    });
    const response = await recordPayment(t.app, buyer, {
      orderId,
      transactionId: 'pi_cheap0001',
      product_id: product.id,
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toContain('amount');
    expect(await snapshot(product.id)).toMatchObject({ sold: false, payments: 0 });
  });

  it("answers 404 for another buyer's order and 400 for a product_id that is not the order's", async () => {
    const theirs = await booked(otherBuyer);
    const secret = await clientSecretFor(t.app, otherBuyer, theirs.product.id);
    await confirm(t.app, otherBuyer, secret, 'pm_card_visa');
    const foreign = await recordPayment(t.app, buyer, {
      orderId: theirs.orderId,
      transactionId: paymentIntentIdOf(secret),
      product_id: theirs.product.id,
    });
    expect(foreign.statusCode).toBe(404);

    const mine = await booked(buyer);
    const wrongProduct = await recordPayment(t.app, buyer, {
      orderId: mine.orderId,
      transactionId: paymentIntentIdOf(secret),
      product_id: theirs.product.id,
    });
    expect(wrongProduct.statusCode).toBe(400);
    expect(messageOf(wrongProduct)).toContain('product_id');
  });
});

describe('sandbox provider (Stripe test cards)', () => {
  it.each([
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['4000000000000069', 'expired_card', undefined, 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', undefined, "Your card's security code is incorrect."],
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
  ])('declines %s with %s', async (number, code, declineCode, message) => {
    const { product } = await booked();
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const response = await confirm(
      t.app,
      buyer,
      secret,
      await paymentMethodFor(t.app, buyer, number),
    );
    expect(response.json<Intent>().status).toBe('requires_payment_method');
    expect(response.json<Intent>().last_payment_error).toEqual({
      type: 'card_error',
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      message,
    });
    expect(await snapshot(product.id)).toMatchObject({ sold: false, payments: 0 });
  });

  it.each([
    [card('4242424242424241'), 'invalid_number', 'Your card number is invalid.'],
    [card('4242 4242'), 'incomplete_number', 'Your card number is incomplete.'],
    [
      card('4242424242424242', { exp_year: 20 }),
      'invalid_expiry_year_past',
      "Your card's expiration year is in the past.",
    ],
    [
      card('4242424242424242', { exp_year: new Date().getUTCFullYear(), exp_month: 0 }),
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    [
      card('4242424242424242', { cvc: '12' }),
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
    [
      card('4242424242424242', { cvc: 'abc' }),
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
  ])('refuses a bad card form (%#: %s)', async (body, code, message) => {
    const response = await createPaymentMethod(t.app, buyer, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      type: 'card_error',
      code,
      message,
    });
  });

  it('refuses an expiry month already past this year', async () => {
    const now = new Date();
    if (now.getUTCMonth() === 0) return; // January: no earlier month this year
    const response = await createPaymentMethod(
      t.app,
      buyer,
      card('4242424242424242', { exp_year: now.getUTCFullYear(), exp_month: now.getUTCMonth() }),
    );
    expect(messageOf(response)).toBe("Your card's expiration date is in the past.");
  });

  it('declines a valid number that is not a test card, as Stripe test mode does', async () => {
    const method = await paymentMethodFor(t.app, buyer, '4111 1111 1111 1111');
    const { product } = await booked();
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const response = await confirm(t.app, buyer, secret, method);
    expect(response.json<Intent>().last_payment_error!.decline_code).toBe('test_mode_live_card');
  });

  it("refuses a wrong client secret, an unknown payment method and another buyer's intent", async () => {
    const { product } = await booked();
    const secret = await clientSecretFor(t.app, buyer, product.id);
    expect(
      (await confirm(t.app, buyer, `${paymentIntentIdOf(secret)}_secret_nope`, 'pm_card_visa'))
        .statusCode,
    ).toBe(400);
    expect((await confirm(t.app, buyer, secret, 'pm_card_madeUp')).statusCode).toBe(400);
    expect((await confirm(t.app, otherBuyer, secret, 'pm_card_visa')).statusCode).toBe(404);
    expect(await snapshot(product.id)).toMatchObject({ sold: false, payments: 0 });
  });
});
