/**
 * A conversation's car and deal (decision 0048): GET /api/conversations and
 * GET /api/conversations/{id}/messages name the listing's price and state, the buyer's latest
 * offer and booking as each side sees them, and the instant a viewing note names as `at`, so no
 * reader is shown an ISO 8601 time. Only the two parties read it (no token 401, anyone else 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationDeal, Message } from '#contract/index.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { bookingBody } from '../orders/test-helpers.js';

let t: TestApp;
let buyer: TestUser;
let stranger: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, stranger, seller] = await Promise.all([
    registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
    registerUser(t.app, { role: 'buyer', name: 'Stan Stranger' }),
    registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
  ]);
}, 180_000);
afterAll(() => t.close());

/** A viewing time a day ahead, on a whole half hour. */
function tomorrow(): Date {
  const at = new Date(Date.now() + 24 * 60 * 60 * 1000);
  at.setUTCMinutes(at.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
  return at;
}

async function call(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: user ? bearer(user.token) : {},
    ...(payload ? { payload } : {}),
  });
}

type Thread = { conversation: Conversation; messages: Message[]; deal: ConversationDeal };

describe('GET /api/conversations/{id}/messages: the car and the deal', () => {
  it('shows both sides the car, the offer and the booking, and names the viewing time as at', async () => {
    const category = await createCategory(t.database.db);
    const product = await createProduct(
      t.database.db,
      { categoryId: category.id, sellerId: seller.recordId },
      { resellPriceCents: 420_000 },
    );
    const at = tomorrow();
    const booked = await call(buyer, 'POST', '/api/orders', {
      ...bookingBody(product.id),
      viewing_at: at.toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    const made = await call(buyer, 'POST', '/api/offers', { product_id: product.id, amount: 4000 });
    expect(made.statusCode).toBe(201);
    const offerId = made.json<{ offer_id: string }>().offer_id;

    const list = await call(seller, 'GET', '/api/conversations');
    expect(list.statusCode).toBe(200);
    const conversation = list
      .json<Conversation[]>()
      .find((item) => item.product.product_id === product.id)!;
    expect(conversation.product).toMatchObject({ resell_price: 4200, listing_status: 'active' });
    expect(conversation.last_message).toMatchObject({ kind: 'offer', at: null });

    const url = `/api/conversations/${conversation._id}/messages`;
    const orderId = booked.json<{ insertedId: string }>().insertedId;
    // The seller proposes another time: a viewing note naming it.
    const later = new Date(at.getTime() + 60 * 60 * 1000);
    expect(
      (
        await call(seller, 'PATCH', `/api/order/${orderId}/viewing`, {
          action: 'propose',
          at: later.toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    const asSeller = (await call(seller, 'GET', url)).json<Thread>();
    expect(asSeller.deal.offer).toMatchObject({
      _id: offerId,
      amount: 4000,
      status: 'pending',
      role: 'seller',
      other_party: 'Bea Buyer',
    });
    expect(asSeller.deal.booking).toEqual({
      order_id: orderId,
      product_name: product.productName,
      booking_state: 'open',
      viewing: { at: later.toISOString(), status: 'proposed', proposed_by: 'seller' },
    });
    const notes = asSeller.messages.map((message) => [message.kind, message.at]);
    expect(notes).toEqual([
      ['viewing', later.toISOString()],
      ['offer', null],
    ]);

    // The seller counters and the buyer confirms the viewing: the buyer sees the counter, and the
    // seller's preview names the confirmed time as `at`.
    expect(
      (await call(seller, 'PATCH', `/api/offers/${offerId}`, { action: 'counter', amount: 4100 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(buyer, 'PATCH', `/api/order/${orderId}/viewing`, { action: 'confirm' }))
        .statusCode,
    ).toBe(200);
    const asBuyer = (await call(buyer, 'GET', url)).json<Thread>();
    expect(asBuyer.deal.offer).toMatchObject({
      status: 'countered',
      counter_amount: 4100,
      role: 'buyer',
      other_party: 'Sam Seller',
    });
    expect(asBuyer.deal.booking?.viewing).toMatchObject({ status: 'confirmed' });
    const preview = (await call(seller, 'GET', '/api/conversations'))
      .json<Conversation[]>()
      .find((item) => item._id === conversation._id)!.last_message;
    expect(preview).toMatchObject({ kind: 'viewing', at: later.toISOString(), mine: false });
  });

  it('answers 401 without a token and 404 to anyone but the two parties', async () => {
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, {
      categoryId: category.id,
      sellerId: seller.recordId,
    });
    const started = await call(buyer, 'POST', '/api/conversations', {
      product_id: product.id,
      text: 'Is it still for sale?',
    });
    expect(started.statusCode).toBe(201);
    const url = `/api/conversations/${started.json<{ conversation_id: string }>().conversation_id}/messages`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    const own = (await call(buyer, 'GET', url)).json<Thread>();
    expect(own.deal).toEqual({ offer: null, booking: null });
  });
});
