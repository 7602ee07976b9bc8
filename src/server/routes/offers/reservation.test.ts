/**
 * An accepted offer reserves the car through the listing's one state (decision 0053): accepting
 * sets `listing_status` reserved for the offer's order in the acceptance's transaction; the
 * buyer's cancel or the seller's decline of that order releases it by a transition; the seller
 * and the expiry job cannot end a reservation the deal holds; an order that does not hold the
 * reservation releases nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingTexts, offerTexts } from '#contract/index.js';
import { products } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { runListingExpiry } from '../../listings/expiry.js';
import { bookingBody } from '../orders/test-helpers.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Seller' });
  categoryId = (await createCategory(t.database.db, 'Estate')).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const buyerNamed = (name: string) => registerUser(t.app, { role: 'buyer', name });

const listing = (overrides: Partial<typeof products.$inferInsert> = {}) =>
  createProduct(
    db(),
    { categoryId, sellerId: seller.recordId },
    { resellPriceCents: 900_000, ...overrides },
  );

async function stateOf(id: string) {
  const [row] = await db()
    .select({ status: products.listingStatus, heldFor: products.reservedOrderId })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

const call = (as: TestUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(as.token), ...(payload ? { payload } : {}) });

/** `buyer` offers on `productId` and the seller accepts: the order the acceptance made. */
async function acceptedOffer(buyer: TestUser, productId: string): Promise<string> {
  const made = await call(buyer, 'POST', '/api/offers', {
    product_id: productId,
    amount: 8_500,
    customer_phone: '01711111111',
    meeting_location: 'Gulshan 2',
  });
  expect(made.statusCode, made.body).toBe(201);
  const offerId = made.json<{ offer_id: string }>().offer_id;
  const accepted = await call(seller, 'PATCH', `/api/offers/${offerId}`, { action: 'accept' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json<{ order_id: string }>().order_id;
}

describe('an accepted offer reserves the listing', () => {
  it('sets listing_status reserved for its order, and the listing answers reserved', async () => {
    const product = await listing();
    const buyer = await buyerNamed('Bea Buyer');
    expect(await stateOf(product.id)).toEqual({ status: 'active', heldFor: null });
    const orderId = await acceptedOffer(buyer, product.id);
    expect(await stateOf(product.id)).toEqual({ status: 'reserved', heldFor: orderId });
    const page = await t.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
    expect(page.json()).toMatchObject({ listing_status: 'reserved', order_status: false });

    // Everyone else meets the reserved state; the buyer is told their offer stands.
    const rival = await buyerNamed('Rita Rival');
    const booking = await call(rival, 'POST', '/api/orders', bookingBody(product.id));
    expect(booking.statusCode).toBe(409);
    expect(messageOf(booking)).toBe(listingTexts.bookReserved);
    const rivalOffer = await call(rival, 'POST', '/api/offers', {
      product_id: product.id,
      amount: 8_000,
    });
    expect(rivalOffer.statusCode).toBe(409);
    expect(messageOf(rivalOffer)).toBe(listingTexts.reservedForAnotherBuyer);
    const again = await call(buyer, 'POST', '/api/offers', {
      product_id: product.id,
      amount: 8_000,
    });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(offerTexts.alreadyAccepted);
  });

  it('is released when the buyer cancels the order: back on the market, bookable', async () => {
    const product = await listing();
    const buyer = await buyerNamed('Bea Buyer');
    const orderId = await acceptedOffer(buyer, product.id);
    const cancelled = await call(buyer, 'DELETE', `/api/order/${orderId}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stateOf(product.id)).toEqual({ status: 'active', heldFor: null });
    const rival = await buyerNamed('Rita Rival');
    const booking = await call(rival, 'POST', '/api/orders', bookingBody(product.id));
    expect(booking.statusCode, booking.body).toBe(201);
  });

  it('is released when the seller declines the order', async () => {
    const product = await listing();
    const orderId = await acceptedOffer(await buyerNamed('Bea Buyer'), product.id);
    const declined = await call(seller, 'PATCH', `/api/order/${orderId}/decline`, {});
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await stateOf(product.id)).toEqual({ status: 'active', heldFor: null });
  });

  it('cannot be ended by the seller’s own actions until the booking is declined (409)', async () => {
    const product = await listing();
    const orderId = await acceptedOffer(await buyerNamed('Bea Buyer'), product.id);
    for (const status of ['active', 'unavailable', 'sold']) {
      const response = await call(seller, 'PATCH', `/api/product/${product.id}/status`, {
        status,
      });
      expect(response.statusCode, `${status}: ${response.body}`).toBe(409);
      expect(messageOf(response)).toBe(listingTexts.heldForBuyer);
    }
    const toggle = await call(seller, 'PATCH', `/api/product/${product.id}/availability`, {
      unavailable: true,
    });
    expect(toggle.statusCode, toggle.body).toBe(409);
    expect(messageOf(toggle)).toBe(listingTexts.heldForBuyer);
    expect(await stateOf(product.id)).toEqual({ status: 'reserved', heldFor: orderId });
  });

  it('does not expire under its buyer; once released, an overdue listing expires', async () => {
    const product = await listing({ expiresAt: new Date(Date.now() - 60_000) });
    const orderId = await acceptedOffer(await buyerNamed('Bea Buyer'), product.id);
    await runListingExpiry(t.app, new Date());
    expect(await stateOf(product.id)).toEqual({ status: 'reserved', heldFor: orderId });
    await call(seller, 'PATCH', `/api/order/${orderId}/decline`, {});
    await runListingExpiry(t.app, new Date());
    expect((await stateOf(product.id)).status).toBe('expired');
  });

  it('is not released by an order that does not hold it', async () => {
    // The seller's own reservation stays when another buyer's booking is cancelled.
    const product = await listing();
    const buyer = await buyerNamed('Bea Buyer');
    const booked = await call(buyer, 'POST', '/api/orders', bookingBody(product.id));
    const bookingId = booked.json<{ insertedId: string }>().insertedId;
    const reserved = await call(seller, 'PATCH', `/api/product/${product.id}/status`, {
      status: 'reserved',
    });
    expect(reserved.statusCode).toBe(200);
    expect((await call(buyer, 'DELETE', `/api/order/${bookingId}`)).statusCode).toBe(200);
    expect(await stateOf(product.id)).toEqual({ status: 'reserved', heldFor: null });
    // And the seller ends their own reservation as before.
    const released = await call(seller, 'PATCH', `/api/product/${product.id}/status`, {
      status: 'active',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await stateOf(product.id)).toEqual({ status: 'active', heldFor: null });
  });
});
