/**
 * Protected payment with the `stripe` provider against the local Stripe stand-in
 * (test-support/stripe.ts; decision 0042): separate charges and transfers. The charge is a
 * PaymentIntent on the platform (held), the release a Transfer to the seller's Connect Express
 * account funded by that charge, a refund a Refund of the intent. The same scenarios as the
 * sandbox's tests: held, Connect onboarding (release waits for it), release with the code (twice),
 * refunds by each side, a dispute released by an admin, and a crash between the provider call
 * and our write completed by the retry. Every POST to Stripe carries an Idempotency-Key, the
 * money moves the keys of decision 0042; after each test the ledger invariant holds.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Order } from '#contract/index.js';
import { paymentIntentIdOf } from '#contract/paths.js';
import { orderPayments, paymentLedger, products } from '../db/schema.js';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createCategory, createProduct } from '../test-support/factories.js';
import { FakeStripe } from '../test-support/stripe.js';
import { bookOrder } from '../routes/orders/test-helpers.js';
import { clientSecretFor, recordPayment } from '../routes/payments/test-helpers.js';
import { heldByLedger, sweepPayments } from './protected.js';
import { messageOf } from '../test-support/answers.js';

const fake = new FakeStripe();
let t: TestApp;
let admin: TestUser;
let categoryId: string;
/** Index of the first stand-in request of the running test. */
let firstRequest = 0;
const db = () => t.database.db;

beforeAll(async () => {
  const port = await fake.start();
  t = await createTestApp({
    JOB_WORKERS: 'false',
    STRIPE_SECRET_KEY: 'sk_test_second_gear',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_second_gear',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_second_gear',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
  admin = await registerUser(t.app, { role: 'buyer', admin: true, name: 'Ada Admin' });
  categoryId = (await createCategory(db(), 'Stripe cars')).id;
});
beforeEach(() => {
  firstRequest = fake.requests.length;
});
afterEach(async () => {
  // Every POST the test made to Stripe carried an idempotency key.
  const posts = fake.requests.slice(firstRequest).filter((r) => r.method === 'POST');
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) {
    expect(post.idempotencyKey, `POST ${post.path}`).toBeTruthy();
    // Our own key, not the one the SDK makes up for its network retries.
    expect(post.idempotencyKey, `POST ${post.path}`).not.toMatch(/^stripe-node-retry-/);
  }
  // The ledger: held = charged − released − refunded, for every order.
  const balances = await heldByLedger(db());
  for (const row of await db().select().from(orderPayments)) {
    const expected = row.status === 'held' || row.status === 'disputed' ? row.amountCents : 0;
    expect(balances.get(row.orderId) ?? 0, `order ${row.orderId} (${row.status})`).toBe(expected);
  }
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

function call(who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(who.token), payload });
}

/** The test's POSTs to `path` since it began. */
const postsTo = (path: string | RegExp) =>
  fake.requests
    .slice(firstRequest)
    .filter(
      (r) =>
        r.method === 'POST' && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );

/** Starts the seller's Connect onboarding; returns the account id. */
async function startOnboarding(seller: TestUser) {
  const response = await call(seller, 'POST', '/api/profile/payout/onboarding');
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string; expires_at: string }>();
  const link = fake.accountLinks.find((l) => l.url === url)!;
  expect(link).toBeDefined();
  return link.account;
}

/** A seller with a finished Stripe onboarding (unless told), a buyer who paid $8,500. */
async function paidOrder(options: { onboarded?: boolean } = {}) {
  const [seller, buyer] = await Promise.all([
    registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
    registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
  ]);
  let accountId: string | null = null;
  if (options.onboarded !== false) {
    accountId = await startOnboarding(seller);
    fake.completeOnboarding(accountId);
    const payout = await call(seller, 'GET', '/api/profile/payout');
    expect(payout.json()).toMatchObject({ has_payout: true, onboarding: 'complete' });
  }
  const product = await createProduct(db(), { categoryId, sellerId: seller.recordId });
  const orderId = await bookOrder(t.app, buyer, product.id);
  const intentId = paymentIntentIdOf(await clientSecretFor(t.app, buyer, product.id));
  fake.succeed(intentId); // stripe.confirmCardPayment in the browser
  const paid = await recordPayment(t.app, buyer, {
    orderId,
    transactionId: intentId,
    product_id: product.id,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { seller, buyer, orderId, intentId, accountId, productId: product.id };
}

async function buyerView(buyer: TestUser, orderId: string) {
  const response = await call(buyer, 'GET', `/api/order/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Order }>().data;
}

const release = async (seller: TestUser, buyer: TestUser, orderId: string) =>
  call(seller, 'POST', `/api/order/${orderId}/payment/release`, {
    handover_code: (await buyerView(buyer, orderId)).handover_code!,
  });

async function ledgerKinds(orderId: string) {
  const rows = await db()
    .select({ kind: paymentLedger.kind, ref: paymentLedger.providerRef })
    .from(paymentLedger)
    .where(eq(paymentLedger.orderId, orderId));
  return rows.map((row) => row.kind).sort();
}

async function listingStatus(productId: string) {
  const [row] = await db()
    .select({ status: products.listingStatus })
    .from(products)
    .where(eq(products.id, productId));
  return row!.status;
}

describe('protected payment on Stripe', () => {
  it('paying holds the money on the platform: a PaymentIntent, no transfer', async () => {
    const { buyer, orderId, intentId } = await paidOrder();
    expect((await buyerView(buyer, orderId)).payment?.status).toBe('held');
    expect(fake.transfers.filter((tr) => tr.metadata.orderId === orderId)).toEqual([]);
    expect(fake.intents.get(intentId)!.status).toBe('succeeded');
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold']);
  });

  it('Connect onboarding: an Express account and a one-time link; bank details are refused', async () => {
    const seller = await registerUser(t.app, { role: 'seller', name: 'Olga Onboard' });
    const before = await call(seller, 'GET', '/api/profile/payout');
    expect(before.json()).toEqual({
      has_payout: false,
      account_holder: null,
      last4: null,
      method: 'stripe_onboarding',
      onboarding: 'not_started',
    });
    const bank = await call(seller, 'PUT', '/api/profile/payout', {
      account_holder: 'Olga Onboard',
      iban: 'DE89370400440532013000',
    });
    expect(bank.statusCode).toBe(409);
    expect(messageOf(bank)).toContain('POST /api/profile/payout/onboarding');

    const first = await call(seller, 'POST', '/api/profile/payout/onboarding');
    expect(first.statusCode, first.body).toBe(200);
    const link = first.json<{ url: string; expires_at: string }>();
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(Date.now());
    const [create] = postsTo('/v1/accounts');
    expect(create!.idempotencyKey).toBe(`payout-account-${seller.recordId}`);
    expect(Object.fromEntries(create!.form)).toMatchObject({
      type: 'express',
      email: seller.email,
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': seller.recordId,
    });
    const [linkCall] = postsTo('/v1/account_links');
    const accountId = Object.fromEntries(linkCall!.form).account!;
    expect(Object.fromEntries(linkCall!.form)).toMatchObject({
      type: 'account_onboarding',
      return_url: `${t.config.publicUrl}/user/profile?payout=return`,
      refresh_url: `${t.config.publicUrl}/user/profile?payout=refresh`,
    });
    expect(linkCall!.idempotencyKey).toMatch(new RegExp(`^payout-onboarding-${accountId}-`));

    // Not finished at Stripe: pending; a new link for the same account, no second account.
    expect((await call(seller, 'GET', '/api/profile/payout')).json()).toMatchObject({
      has_payout: false,
      onboarding: 'pending',
    });
    const again = await call(seller, 'POST', '/api/profile/payout/onboarding');
    expect(again.statusCode).toBe(200);
    expect(postsTo('/v1/accounts')).toHaveLength(1);
    expect(postsTo('/v1/account_links')).toHaveLength(2);

    fake.completeOnboarding(accountId);
    expect((await call(seller, 'GET', '/api/profile/payout')).json()).toEqual({
      has_payout: true,
      account_holder: 'Olga Onboard',
      last4: null,
      method: 'stripe_onboarding',
      onboarding: 'complete',
    });
    const done = await call(seller, 'POST', '/api/profile/payout/onboarding');
    expect(done.statusCode).toBe(409);
  });

  it('the code releases once: a Transfer to the connected account, funded by the charge', async () => {
    const { seller, buyer, orderId, intentId, accountId } = await paidOrder();
    const first = await release(seller, buyer, orderId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ changed: true, payment: { status: 'released' } });
    const transfers = postsTo('/v1/transfers');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.idempotencyKey).toBe(`payment-release-${orderId}`);
    expect(Object.fromEntries(transfers[0]!.form)).toMatchObject({
      amount: '850000',
      currency: 'usd',
      destination: accountId,
      source_transaction: fake.intents.get(intentId)!.latest_charge,
      transfer_group: `order-${orderId}`,
      'metadata[orderId]': orderId,
    });
    const again = await call(seller, 'POST', `/api/order/${orderId}/payment/release`, {
      handover_code: '000000',
    });
    expect(again.json()).toMatchObject({ changed: false, payment: { status: 'released' } });
    expect(fake.transfers.filter((tr) => tr.metadata.orderId === orderId)).toHaveLength(1);
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold', 'payout', 'release']);
    const [row] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(row!.transferId).toBe(fake.transfers.find((tr) => tr.metadata.orderId === orderId)!.id);
    expect((await call(buyer, 'GET', `/api/order/${orderId}/bill-of-sale`)).statusCode).toBe(200);
  });

  it('release waits for onboarding; the sweep releases once Stripe says the account is ready', async () => {
    const { seller, buyer, orderId } = await paidOrder({ onboarded: false });
    const waiting = await release(seller, buyer, orderId);
    expect(waiting.json()).toMatchObject({ payment: { status: 'held', awaiting_payout: true } });
    const accountId = await startOnboarding(seller);
    expect(postsTo('/v1/transfers')).toEqual([]);
    // The seller finishes at Stripe but never comes back to the profile page.
    fake.completeOnboarding(accountId);
    await sweepPayments(t.app, new Date());
    expect((await buyerView(buyer, orderId)).payment?.status).toBe('released');
    const [transfer] = postsTo('/v1/transfers');
    expect(transfer!.idempotencyKey).toBe(`payment-release-${orderId}`);
    expect(Object.fromEntries(transfer!.form).destination).toBe(accountId);
  });

  it.each(['buyer', 'seller'] as const)(
    'a refund by the %s is one Refund of the intent; the car is back on the market',
    async (side) => {
      const { seller, buyer, orderId, intentId, productId } = await paidOrder();
      const refunded = await call(
        side === 'buyer' ? buyer : seller,
        'POST',
        `/api/order/${orderId}/payment/refund`,
        { reason: side === 'buyer' ? 'Not as described' : 'Sold to a neighbour' },
      );
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ payment: { status: 'refunded' } });
      const refunds = postsTo('/v1/refunds');
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.idempotencyKey).toBe(`payment-refund-${orderId}`);
      expect(Object.fromEntries(refunds[0]!.form)).toMatchObject({ payment_intent: intentId });
      expect(postsTo('/v1/transfers')).toEqual([]);
      expect(await listingStatus(productId)).toBe('active');
      expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold', 'refund']);
    },
  );

  it("a dispute released by an admin's decision is one Transfer", async () => {
    const { buyer, orderId, accountId } = await paidOrder();
    await call(buyer, 'POST', `/api/order/${orderId}/payment/dispute`, { reason: 'Dents' });
    const decided = await call(admin, 'POST', `/api/payment-disputes/${orderId}/decision`, {
      outcome: 'release',
      note: 'Dents were in the photos',
    });
    expect(decided.json()).toMatchObject({ payment: { status: 'released' } });
    const [transfer] = postsTo('/v1/transfers');
    expect(transfer!.idempotencyKey).toBe(`payment-release-${orderId}`);
    expect(Object.fromEntries(transfer!.form).destination).toBe(accountId);
  });

  it('a crash after Stripe made the transfer: the retry repeats the call with the same key, Stripe replays it, one transfer', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    const original = t.app.payments.transfer.bind(t.app.payments);
    t.app.payments.transfer = async (request) => {
      await original(request);
      throw new Error('killed after the provider call');
    };
    try {
      expect((await release(seller, buyer, orderId)).statusCode).toBe(500);
    } finally {
      t.app.payments.transfer = original;
    }
    const [pending] = await db()
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(pending).toMatchObject({ status: 'held', pending: 'release' });
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold']);
    const retry = await release(seller, buyer, orderId);
    expect(retry.json()).toMatchObject({ payment: { status: 'released' } });
    const calls = postsTo('/v1/transfers');
    expect(calls.map((c) => c.idempotencyKey)).toEqual([
      `payment-release-${orderId}`,
      `payment-release-${orderId}`,
    ]);
    const made = fake.transfers.filter((tr) => tr.metadata.orderId === orderId);
    expect(made).toHaveLength(1);
    const [row] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(row!.transferId).toBe(made[0]!.id);
  });

  it('a crash after Stripe refunded: the retry gets the same refund back, one refund', async () => {
    const { buyer, orderId, intentId, productId } = await paidOrder();
    const original = t.app.payments.refundPayment.bind(t.app.payments);
    t.app.payments.refundPayment = async (id, key) => {
      await original(id, key);
      throw new Error('killed after the provider call');
    };
    const refund = () =>
      call(buyer, 'POST', `/api/order/${orderId}/payment/refund`, { reason: 'Not as described' });
    try {
      expect((await refund()).statusCode).toBe(500);
    } finally {
      t.app.payments.refundPayment = original;
    }
    expect(await listingStatus(productId)).toBe('sold');
    const retry = await refund();
    expect(retry.json()).toMatchObject({ payment: { status: 'refunded' } });
    expect(postsTo('/v1/refunds').map((c) => c.idempotencyKey)).toEqual([
      `payment-refund-${orderId}`,
      `payment-refund-${orderId}`,
    ]);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await listingStatus(productId)).toBe('active');
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold', 'refund']);
  });
});
