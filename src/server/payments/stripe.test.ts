/**
 * The `stripe` provider against the local Stripe stand-in (test-support/stripe.ts: intents,
 * cancel, capture, refunds), and the webhook with signatures made by the SDK's test helper.
 * Protected payment's transfers, refunds and Connect onboarding: stripe-protected.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { paymentIntentIdOf } from '../../contract/paths.js';
import { payments, products } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { bookOrder, createListing } from '../routes/orders/test-helpers.js';
import { clientSecretFor, recordPayment } from '../routes/payments/test-helpers.js';
import { sweepDeposits } from '../deposits/service.js';
import { call, depositListing, depositOf } from '../routes/deposits/test-helpers.js';
import { FakeStripe, type FakeIntent } from '../test-support/stripe.js';
import { queryRows } from '../db/rows.js';
import { messageOf } from '../test-support/answers.js';

const webhookSecret = 'whsec_test_second_gear';

const fake = new FakeStripe();
let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
let admin: TestUser;

beforeAll(async () => {
  const port = await fake.start();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_second_gear',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_second_gear',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
  buyer = await registerUser(t.app, { role: 'buyer' });
  otherBuyer = await registerUser(t.app, { role: 'buyer' });
  seller = await registerUser(t.app, { role: 'seller' });
  admin = await registerUser(t.app, { role: 'seller', admin: true });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.requests = [];
});

const db = () => t.database.db;

async function booked(who: TestUser) {
  const { product } = await createListing(db());
  const orderId = await bookOrder(t.app, who, product.id);
  return { product, orderId };
}

async function paymentCount(productId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.productId, productId));
  return row!.n;
}

/** Posts a Stripe event to the webhook, signed with `secret`. */
function deliver(event: unknown, secret = webhookSecret) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const succeededEvent = (intent: FakeIntent) => ({
  id: `evt_${randomBytes(8).toString('hex')}`,
  object: 'event',
  type: 'payment_intent.succeeded',
  created: Math.floor(Date.now() / 1000),
  data: { object: { ...intent, status: 'succeeded' } },
});

describe('stripe provider', () => {
  it('names Stripe and its publishable key, and offers no sandbox endpoints', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(config.json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_second_gear',
      release_days: 14,
    });
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/payment-methods',
      headers: bearer(buyer.token),
      payload: {},
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it('creates the intent with the order price in cents, metadata and an idempotency key', async () => {
    const { product, orderId } = await booked(buyer);
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const [create] = fake.requests;
    expect(create).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(create!.auth).toBe('Bearer sk_test_second_gear');
    expect(Object.fromEntries(create!.form)).toMatchObject({
      amount: '850000',
      currency: 'usd',
      'metadata[orderId]': orderId,
      'metadata[productId]': product.id,
    });
    expect(await clientSecretFor(t.app, buyer, product.id)).toBe(secret);
    expect(fake.intents.get(paymentIntentIdOf(secret))!.metadata.orderId).toBe(orderId);
  });

  it('records a payment only after Stripe reports it succeeded; a replay changes nothing', async () => {
    const { product, orderId } = await booked(buyer);
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const transactionId = paymentIntentIdOf(secret);
    const body = { orderId, transactionId, product_id: product.id };
    expect((await recordPayment(t.app, buyer, body)).statusCode).toBe(409);
    expect(fake.requests.some((r) => r.path === `/v1/payment_intents/${transactionId}`)).toBe(true);

    fake.succeed(transactionId);
    const paid = await recordPayment(t.app, buyer, body);
    expect(paid.statusCode).toBe(200);
    const replay = await recordPayment(t.app, buyer, body);
    expect(replay.json<{ insertedId: string }>().insertedId).toBe(
      paid.json<{ insertedId: string }>().insertedId,
    );
    expect(await paymentCount(product.id)).toBe(1);
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row!.sold).toBe(true);
  });

  it('refuses unknown, foreign and other-amount intents', async () => {
    const { product, orderId } = await booked(buyer);
    const foreign = fake.add({ status: 'succeeded', metadata: { orderId: crypto.randomUUID() } });
    const cheap = fake.add({ status: 'succeeded', amount: 100, metadata: { orderId } });
    for (const transactionId of ['pi_unknown000', foreign.id, cheap.id]) {
      const response = await recordPayment(t.app, buyer, {
        orderId,
        transactionId,
        product_id: product.id,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await paymentCount(product.id)).toBe(0);
  });

  it('completes the sale from a signed payment_intent.succeeded webhook, idempotently', async () => {
    const { product, orderId } = await booked(buyer);
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const intent = fake.intents.get(paymentIntentIdOf(secret))!;
    fake.succeed(intent.id);
    const event = succeededEvent(intent);
    expect((await deliver(event)).json()).toEqual({ received: true });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paymentCount(product.id)).toBe(1);
    const paid = await recordPayment(t.app, buyer, {
      orderId,
      transactionId: intent.id,
      product_id: product.id,
    });
    expect(paid.statusCode).toBe(200);
    expect(await paymentCount(product.id)).toBe(1);
    // The receipt and the seller's notice were queued once, by the first event.
    const mails = await queryRows<{ key: string }>(
      t.app.db,
      sql`select data->>'key' as key from pgboss.job where name = 'send-mail'
          and data->>'key' like ${`payment:${intent.id}:%`} order by 1`,
    );
    expect(mails.map((row) => row.key)).toEqual([
      `payment:${intent.id}:receipt`,
      `payment:${intent.id}:sale`,
    ]);
  });

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const { product } = await booked(buyer);
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const intent = fake.intents.get(paymentIntentIdOf(secret))!;
    const forged = await deliver(succeededEvent(intent), 'whsec_not_ours');
    expect(forged.statusCode).toBe(400);
    expect(messageOf(forged)).toContain('stripe-signature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeededEvent(intent)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await paymentCount(product.id)).toBe(0);
  });

  it('refunds the buyer who lost the race and answers them 409', async () => {
    const { product, orderId } = await booked(buyer);
    const otherOrderId = await bookOrder(t.app, otherBuyer, product.id);
    const first = paymentIntentIdOf(await clientSecretFor(t.app, buyer, product.id));
    const second = paymentIntentIdOf(await clientSecretFor(t.app, otherBuyer, product.id));
    fake.succeed(first);
    fake.succeed(second);
    // Both record at once; which one commits first is up to the database, not the test.
    const answers = await Promise.all([
      recordPayment(t.app, buyer, { orderId, transactionId: first, product_id: product.id }),
      recordPayment(t.app, otherBuyer, {
        orderId: otherOrderId,
        transactionId: second,
        product_id: product.id,
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [winner, loser] = answers[0].statusCode === 200 ? [first, second] : [second, first];
    // The webhook for the loser's intent arrives too: refunded once (idempotency key), no sale.
    expect((await deliver(succeededEvent(fake.intents.get(loser)!))).statusCode).toBe(200);
    expect(fake.refunds.filter((refund) => refund.payment_intent === loser)).toHaveLength(1);
    expect(fake.refunds.some((refund) => refund.payment_intent === winner)).toBe(false);
    expect(await paymentCount(product.id)).toBe(1);
  });
});

describe('viewing deposit on Stripe', () => {
  /** Books a $50 deposit listing and holds it as the page would with Stripe.js. */
  async function held() {
    const product = await depositListing(db(), seller, 5_000);
    const orderId = await bookOrder(t.app, buyer, product.id);
    const hold = await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/hold`);
    expect(hold.statusCode, hold.body).toBe(200);
    const intentId = paymentIntentIdOf(hold.json<{ clientSecret: string }>().clientSecret);
    fake.authorise(intentId); // stripe.confirmCardPayment in the browser
    const confirmed = await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/confirm`);
    expect(confirmed.json()).toMatchObject({ changed: true, deposit: { state: 'held' } });
    return { orderId, intentId, product };
  }
  const mark = (orderId: string, outcome: string) =>
    call(t.app, seller, 'POST', `/api/order/${orderId}/deposit/outcome`, { outcome });

  it('creates a manual-capture intent for the deposit in cents with an idempotency key', async () => {
    const { orderId, intentId, product } = await held();
    const create = fake.requests.find((r) => r.path === '/v1/payment_intents')!;
    expect(Object.fromEntries(create.form)).toMatchObject({
      amount: '5000',
      currency: 'usd',
      capture_method: 'manual',
      'metadata[kind]': 'deposit',
      'metadata[orderId]': orderId,
    });
    // Once held no new hold is made; a deposit intent's webhook is never a sale.
    const again = await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/hold`);
    expect(again.statusCode).toBe(409);
    fake.intents.get(intentId)!.status = 'succeeded';
    const event = succeededEvent(fake.intents.get(intentId)!);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paymentCount(product.id)).toBe(0);
    fake.authorise(intentId);
  });

  it('Viewing happened cancels the hold; Buyer did not come captures it once', async () => {
    const released = await held();
    expect((await mark(released.orderId, 'viewing_happened')).json()).toMatchObject({
      deposit: { state: 'released' },
    });
    expect(fake.intents.get(released.intentId)!.status).toBe('canceled');

    const captured = await held();
    const answers = await Promise.all([
      mark(captured.orderId, 'no_show'),
      mark(captured.orderId, 'no_show'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(fake.intents.get(captured.intentId)!.status).toBe('succeeded');
    expect(fake.captures.filter((id) => id === captured.intentId)).toHaveLength(1);
  });

  it('a dispute refunded by the admin is one refund with an idempotency key', async () => {
    const { orderId, intentId } = await held();
    await mark(orderId, 'no_show');
    const disputed = await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/dispute`, {
      reason: 'I was there at noon',
    });
    expect(disputed.json()).toMatchObject({ deposit: { state: 'disputed' } });
    const decided = await call(t.app, admin, 'POST', `/api/deposit-disputes/${orderId}/decision`, {
      decision: 'refund',
    });
    expect(decided.json()).toMatchObject({ deposit: { state: 'refunded' } });
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([
      { payment_intent: intentId, idempotencyKey: `deposit-refund-${intentId}` },
    ]);
  });

  it('a crash after Stripe captured is completed by the retry with the same idempotency key', async () => {
    const { orderId, intentId } = await held();
    const original = t.app.payments.captureHold.bind(t.app.payments);
    t.app.payments.captureHold = async (id) => {
      await original(id);
      throw new Error('killed after the provider call');
    };
    try {
      expect((await mark(orderId, 'no_show')).statusCode).toBe(500);
    } finally {
      t.app.payments.captureHold = original;
    }
    expect((await depositOf(db(), orderId)).state).toBe('capturing');
    expect(fake.intents.get(intentId)!.status).toBe('succeeded');
    const retry = await mark(orderId, 'no_show');
    expect(retry.json()).toMatchObject({ changed: true, deposit: { state: 'captured' } });
    expect(fake.captures.filter((id) => id === intentId)).toHaveLength(1);
  });

  it('the sweep releases a hold untouched for 6 days (controllable clock)', async () => {
    const { orderId, intentId } = await held();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * 24 * 3600 * 1000 + 60_000);
      await sweepDeposits(t.app, new Date());
    } finally {
      vi.useRealTimers();
    }
    expect((await depositOf(db(), orderId)).state).toBe('released');
    expect(fake.intents.get(intentId)!.status).toBe('canceled');
  });
});
