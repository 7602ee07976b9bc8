/**
 * Offers and counter-offers (decision 0034): the state machine with each side's actions, every
 * refusal (own listing, sold, double open offer, wrong side, wrong state, expired), the
 * acceptance that becomes the order at the agreed price (and the payment intent's amount), the
 * reservation for that buyer, the seller's minimum, and two acceptances racing on one listing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, offers, orders, products, sandboxPaymentIntents } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { bookingBody } from '../orders/test-helpers.js';
import { paymentIntentIdOf } from '#contract/paths.js';
import type { Order } from '#contract/orders.js';
import {
  card,
  confirm,
  createIntent,
  createPaymentMethod,
  recordPayment,
} from '../payments/test-helpers.js';
import { answerOffer, listOffers } from '../../offers/service.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let buyer: TestUser;
let rival: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp({ OFFER_OPEN_MAX: '3' });
  [buyer, rival, seller] = await Promise.all([
    registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
    registerUser(t.app, { role: 'buyer', name: 'Rita Rival' }),
    registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
  ]);
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A live listing of the seller at $4,200 unless overridden. */
async function listing(overrides: Partial<typeof products.$inferInsert> = {}) {
  const category = await createCategory(db());
  return createProduct(
    db(),
    { categoryId: category.id, sellerId: seller.recordId },
    { resellPriceCents: 420_000, ...overrides },
  );
}

function offer(user: TestUser, productId: string, amount: unknown, extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/offers',
    headers: bearer(user.token),
    payload: { product_id: productId, amount, ...extra },
  });
}

async function offerId(user: TestUser, productId: string, amount: number) {
  const response = await offer(user, productId, amount, {
    customer_phone: '01711111111',
    meeting_location: 'Gulshan 2',
  });
  if (response.statusCode !== 201) throw new Error(`offer failed: ${response.body}`);
  return response.json<{ offer_id: string }>().offer_id;
}

function act(user: TestUser, id: string, body: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/offers/${id}`,
    headers: bearer(user.token),
    payload: body,
  });
}

async function statusOf(id: string) {
  const [row] = await db().select({ status: offers.status }).from(offers).where(eq(offers.id, id));
  return row?.status;
}

describe('POST /api/offers', () => {
  it('records a pending offer for 48 hours, in the conversation, listed for both sides', async () => {
    const product = await listing();
    const response = await offer(buyer, product.id, 3900);
    expect(response.statusCode).toBe(201);
    const { offer_id, status, message } = response.json<{
      offer_id: string;
      status: string;
      message: string | null;
    }>();
    expect(status).toBe('pending');
    expect(message).toBeNull();

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/offers?role=buyer',
      headers: bearer(buyer.token),
    });
    const listed = mine.json<Record<string, unknown>[]>().find((o) => o._id === offer_id);
    expect(listed).toMatchObject({
      product_id: product.id,
      product_name: product.productName,
      amount: 3900,
      asking_price: 4200,
      counter_amount: null,
      status: 'pending',
      order_id: null,
      role: 'buyer',
      other_party: 'Sam Seller',
    });
    const expires = new Date(listed!.expires_at as string).getTime();
    const created = new Date(listed!.created_at as string).getTime();
    expect(expires - created).toBe(48 * 60 * 60 * 1000);

    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/offers?role=seller',
      headers: bearer(seller.token),
    });
    expect(theirs.json<{ _id: string }[]>().map((o) => o._id)).toContain(offer_id);

    const notes = await db()
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.kind, 'offer'), eq(messages.senderId, buyer.recordId)));
    expect(notes.map((note) => note.body)).toContain('Offered $3,900 (asking $4,200).');
  });

  it.each([
    ['the asking price', 4200, 400],
    ['above the asking price', 5000, 400],
    ['zero', 0, 400],
    ['negative', -5, 400],
    ['three decimals', 10.005, 400],
    ['text', 'lots', 400],
  ])('refuses an amount of %s with 400', async (_name, amount, status) => {
    const product = await listing();
    const response = await offer(buyer, product.id, amount);
    expect(response.statusCode).toBe(status);
    expect(messageOf(response)).toMatch(/amount/i);
  });

  it('refuses your own listing, a sold one, an unknown one and a second open offer', async () => {
    const category = await createCategory(db());
    const own = await createProduct(db(), { categoryId: category.id, sellerId: buyer.recordId });
    expect((await offer(buyer, own.id, 100)).statusCode).toBe(403);
    const sold = await listing({ listingStatus: 'sold' });
    expect((await offer(buyer, sold.id, 100)).statusCode).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await offer(buyer, unknown, 100)).statusCode).toBe(404);
    const product = await listing();
    await offerId(buyer, product.id, 3000);
    const again = await offer(buyer, product.id, 3100);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toContain('already have an open offer');
  });

  it('refuses sellers (role) and callers without a token', async () => {
    const product = await listing();
    expect((await offer(seller, product.id, 100)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/offers',
      payload: { product_id: product.id, amount: 100 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('declines an offer below the seller minimum at once, politely, and tells the seller nothing', async () => {
    const product = await listing();
    const floor = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}/offer-floor`,
      headers: bearer(seller.token),
      payload: { offer_floor: 3800 },
    });
    expect(floor.statusCode).toBe(200);
    const low = await offer(buyer, product.id, 3000);
    expect(low.statusCode).toBe(201);
    expect(low.json()).toMatchObject({ status: 'declined' });
    expect(messageOf(low)).toContain('looking for a higher price');
    const fair = await offer(buyer, product.id, 3900);
    expect(fair.json()).toMatchObject({ status: 'pending' });
    // The minimum is the seller's: buyers and other sellers cannot read or set it.
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/product/${product.id}/offer-floor`,
      headers: bearer(buyer.token),
    });
    expect(peek.statusCode).toBe(403);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/product/${product.id}/offer-floor`,
      headers: bearer(seller.token),
    });
    expect(mine.json()).toEqual({ offer_floor: 3800 });
    const listingAnswer = await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
    expect(listingAnswer.body).not.toContain('offer_floor');
  });

  it('lets a buyer make at most 3 offers on one listing in 24 hours, so the minimum cannot be searched for', async () => {
    const searcher = await registerUser(t.app, { role: 'buyer' });
    const product = await listing();
    await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}/offer-floor`,
      headers: bearer(seller.token),
      payload: { offer_floor: 3800 },
    });
    // Below the minimum (declined at once), then one that stays open and is withdrawn.
    expect((await offer(searcher, product.id, 1000)).json()).toMatchObject({ status: 'declined' });
    expect((await offer(searcher, product.id, 2000)).json()).toMatchObject({ status: 'declined' });
    const open = await offerId(searcher, product.id, 4000);
    expect((await act(searcher, open, { action: 'withdraw' })).statusCode).toBe(200);
    const fourth = await offer(searcher, product.id, 3700);
    expect(fourth.statusCode, fourth.body).toBe(429);
    expect(messageOf(fourth)).toContain('3 offers on this listing in 24 hours');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Another listing is not affected.
    expect((await offer(searcher, (await listing()).id, 1000)).statusCode).toBe(201);
  });

  it('counts the system message of an offer against the 20 messages a minute, like typed ones', async () => {
    const chatty = await registerUser(t.app, { role: 'buyer' });
    const product = await listing();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(chatty.token),
      payload: { product_id: product.id, text: 'Hello 0' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversationId = started.json<{ conversation_id: string }>().conversation_id;
    for (let i = 1; i < 20; i += 1) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages`,
        headers: bearer(chatty.token),
        payload: { text: `Hello ${i}` },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const over = await offer(chatty, (await listing()).id, 1000);
    expect(over.statusCode, over.body).toBe(429);
    expect(messageOf(over)).toContain('20 messages a minute');
  });

  it('caps the open offers per buyer (OFFER_OPEN_MAX)', async () => {
    const capped = await registerUser(t.app, { role: 'buyer' });
    for (let i = 0; i < 3; i += 1) await offerId(capped, (await listing()).id, 1000);
    const over = await offer(capped, (await listing()).id, 1000);
    expect(over.statusCode).toBe(429);
    expect(messageOf(over)).toContain('3 open offers');
  });
});

describe('PATCH /api/offers/{id}', () => {
  // Fresh buyers for each test: the open-offer cap (3 here) counts every open offer of a buyer.
  beforeEach(async () => {
    [buyer, rival] = await Promise.all([
      registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
      registerUser(t.app, { role: 'buyer', name: 'Rita Rival' }),
    ]);
  });

  it('counter, then the buyer accepts: the order and the payment intent charge the agreed price', async () => {
    const product = await listing();
    const id = await offerId(buyer, product.id, 3800);
    // Wrong sides first.
    expect((await act(buyer, id, { action: 'counter', amount: 4000 })).statusCode).toBe(403);
    expect((await act(buyer, id, { action: 'accept' })).statusCode).toBe(403);
    expect((await act(seller, id, { action: 'withdraw' })).statusCode).toBe(403);
    expect((await act(seller, id, { action: 'counter', amount: 3700 })).statusCode).toBe(400);
    expect((await act(seller, id, { action: 'counter', amount: 4300 })).statusCode).toBe(400);

    const countered = await act(seller, id, { action: 'counter', amount: 4000 });
    expect(countered.json()).toEqual({ acknowledged: true, modifiedCount: 1, order_id: null });
    expect((await act(seller, id, { action: 'accept' })).statusCode).toBe(403);
    expect((await act(seller, id, { action: 'counter', amount: 4100 })).statusCode).toBe(409);

    const accepted = await act(buyer, id, { action: 'accept' });
    expect(accepted.statusCode).toBe(200);
    const orderId = accepted.json<{ order_id: string }>().order_id;
    expect(orderId).toEqual(expect.any(String));
    expect(await statusOf(id)).toBe('accepted');

    const order = await t.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}`,
      headers: bearer(buyer.token),
    });
    expect(order.json<{ data: Order }>().data.product_info.product_price).toBe(4000);
    expect(order.json<{ data: Order }>().data.customer_info.customer_phone).toBe('01711111111');

    const intent = await createIntent(t.app, buyer, product.id);
    expect(intent.statusCode).toBe(200);
    const intentId = paymentIntentIdOf(intent.json<{ clientSecret: string }>().clientSecret);
    const [stored] = await db()
      .select({ amountCents: sandboxPaymentIntents.amountCents })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId));
    expect(stored?.amountCents).toBe(400_000);

    // Final states refuse every further action.
    expect((await act(buyer, id, { action: 'withdraw' })).statusCode).toBe(409);
    expect((await act(buyer, id, { action: 'decline' })).statusCode).toBe(409);
  });

  it('the seller accepts a pending offer: the order is at the offer, the listing reserved for that buyer', async () => {
    const product = await listing();
    const rivalOpen = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(rival.token),
      payload: bookingBody(product.id),
    });
    expect(rivalOpen.statusCode).toBe(201);
    const rivalOffer = await offerId(rival, product.id, 3000);
    const id = await offerId(buyer, product.id, 3900);
    const accepted = await act(seller, id, { action: 'accept' });
    expect(accepted.statusCode).toBe(200);
    const [order] = await db()
      .select({ price: orders.productPriceCents, buyerId: orders.buyerId })
      .from(orders)
      .where(eq(orders.id, accepted.json<{ order_id: string }>().order_id));
    expect(order).toEqual({ price: 390_000, buyerId: buyer.recordId });

    // Reserved for the buyer: nobody else books, offers, accepts or pays through an old booking.
    const rivalBooking = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(rival.token),
      payload: bookingBody(product.id),
    });
    expect(rivalBooking.statusCode).toBe(409);
    expect(messageOf(rivalBooking)).toContain('reserved');
    expect((await offer(rival, product.id, 3950)).statusCode).toBe(409);
    expect((await act(seller, rivalOffer, { action: 'accept' })).statusCode).toBe(409);
    expect((await createIntent(t.app, rival, product.id)).statusCode).toBe(409);

    // Paying the agreed price sells the car and declines the offers still open on it.
    const secret = (await createIntent(t.app, buyer, product.id)).json<{ clientSecret: string }>()
      .clientSecret;
    const method = (await createPaymentMethod(t.app, buyer, card('4242424242424242'))).json<{
      id: string;
    }>().id;
    expect((await confirm(t.app, buyer, secret, method)).statusCode).toBe(200);
    const paid = await recordPayment(t.app, buyer, {
      orderId: accepted.json<{ order_id: string }>().order_id,
      transactionId: paymentIntentIdOf(secret),
      product_id: product.id,
    });
    expect(paid.statusCode).toBe(200);
    expect(await statusOf(rivalOffer)).toBe('declined');
  });

  it('re-prices the buyer’s own open booking instead of making a second order', async () => {
    const product = await listing();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: bookingBody(product.id),
    });
    const bookedId = booked.json<{ insertedId: string }>().insertedId;
    const id = await offerId(buyer, product.id, 4000);
    const accepted = await act(seller, id, { action: 'accept' });
    expect(accepted.json<{ order_id: string }>().order_id).toBe(bookedId);
    const rows = await db()
      .select({ price: orders.productPriceCents })
      .from(orders)
      .where(eq(orders.productId, product.id));
    expect(rows).toEqual([{ price: 400_000 }]);
  });

  it('declines and withdrawals end an offer; strangers get 404', async () => {
    const product = await listing();
    const declined = await offerId(buyer, product.id, 3000);
    expect((await act(seller, declined, { action: 'decline' })).statusCode).toBe(200);
    expect(await statusOf(declined)).toBe('declined');
    const withdrawn = await offerId(buyer, product.id, 3100);
    expect((await act(rival, withdrawn, { action: 'withdraw' })).statusCode).toBe(404);
    const other = await registerUser(t.app, { role: 'seller' });
    expect((await act(other, withdrawn, { action: 'decline' })).statusCode).toBe(404);
    expect((await act(buyer, withdrawn, { action: 'withdraw' })).statusCode).toBe(200);
    expect(await statusOf(withdrawn)).toBe('withdrawn');
    expect((await act(seller, withdrawn, { action: 'accept' })).statusCode).toBe(409);
    expect((await act(buyer, withdrawn, { action: 'haggle' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/offers/${withdrawn}`,
      payload: { action: 'withdraw' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an offer expire after 48 hours (a controllable clock)', async () => {
    const product = await listing();
    const id = await offerId(buyer, product.id, 3500);
    const later = new Date(Date.now() + 48 * 60 * 60 * 1000 + 1000);
    await expect(
      answerOffer(t.app, id, seller.recordId, { action: 'accept' }, later),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await statusOf(id)).toBe('expired');
    const listed = await listOffers(db(), buyer.recordId, 'buyer', later);
    expect(listed.find((o) => o._id === id)?.status).toBe('expired');
    // Through the API too, once the time has passed.
    const other = await listing();
    const id2 = await offerId(buyer, other.id, 3500);
    await db()
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(offers.id, id2));
    expect((await act(seller, id2, { action: 'accept' })).statusCode).toBe(409);
    // An expired offer does not block a new one.
    expect((await offer(buyer, other.id, 3600)).statusCode).toBe(201);
  });

  it('makes exactly one order when two acceptances race on one listing', async () => {
    const product = await listing();
    const first = await offerId(buyer, product.id, 3900);
    const second = await offerId(rival, product.id, 3950);
    const answers = await Promise.all([
      act(seller, first, { action: 'accept' }),
      act(seller, second, { action: 'accept' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const made = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.productId, product.id));
    expect(made).toHaveLength(1);
  });
});
