/**
 * Smaller findings of an attack on the running site, each closed: a listing taken off the
 * market cannot be paid through an earlier booking (409, as a sold one); a seller profile
 * answers 404 for accounts that are not sellers; the display-name limit holds for the identity
 * provider's own `update-user` and sign-up; the appeals API says the window the code applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationTextLimits } from '../contract/index.js';
import { limits } from '../contract/limits.js';
import { paymentIntentIdOf } from '../contract/paths.js';
import { bookOrder } from './routes/orders/test-helpers.js';
import {
  clientSecretFor,
  confirm,
  createIntent,
  paymentMethodFor,
  recordPayment,
} from './routes/payments/test-helpers.js';
import { bearer, registerUser, testOrigin, type TestUser } from './test-support/accounts.js';
import { createTestApp, type TestApp } from './test-support/app.js';
import { messageOf } from './test-support/answers.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Carter' });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/categories',
    headers: bearer(seller.token),
    payload: { category_name: 'Findings' },
  });
  categoryId = created.json<{ insertedId: string }>().insertedId;
});
afterAll(() => t.close());

async function addListing(name: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(seller.token),
    payload: {
      product_name: name,
      product_description: 'A tidy test hatchback, one careful owner.',
      product_image: '/uploads/cover.webp',
      category_id: categoryId,
      condition: 'Good',
      resell_price: 5000,
      original_price: 9000,
      year_of_used: 3,
      seller_location: 'Austin, TX',
      seller_phone: '+1 512 555 0142',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

const takeOffMarket = async (id: string) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/product/${id}/availability`,
    headers: bearer(seller.token),
    payload: { unavailable: true },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('a listing taken off the market', () => {
  it('cannot be paid through an earlier booking: no payment intent (409)', async () => {
    const id = await addListing('Off-market hatchback');
    await bookOrder(t.app, buyer, id);
    await takeOffMarket(id);
    const intent = await createIntent(t.app, buyer, id);
    expect(intent.statusCode, intent.body).toBe(409);
    expect(messageOf(intent)).toMatch(/no longer for sale/);
  });

  it('cannot be sold by a payment started before it went off the market (409)', async () => {
    const id = await addListing('Withdrawn hatchback');
    const orderId = await bookOrder(t.app, buyer, id);
    const secret = await clientSecretFor(t.app, buyer, id);
    const method = await paymentMethodFor(t.app, buyer, '4242424242424242');
    await takeOffMarket(id);
    await confirm(t.app, buyer, secret, method);
    const recorded = await recordPayment(t.app, buyer, {
      orderId,
      transactionId: paymentIntentIdOf(secret),
      product_id: id,
    });
    expect(recorded.statusCode, recorded.body).toBe(409);
    const product = await t.app.inject({ method: 'GET', url: `/api/product/${id}` });
    expect(product.json<{ order_status: boolean }>().order_status).toBe(false);
  });
});

describe('GET /api/sellers/{uid}', () => {
  it('answers 404 for an account that is not a seller, 200 for a seller', async () => {
    const notSeller = await t.app.inject({ method: 'GET', url: `/api/sellers/${buyer.uid}` });
    expect(notSeller.statusCode, notSeller.body).toBe(404);
    const ok = await t.app.inject({ method: 'GET', url: `/api/sellers/${seller.uid}` });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the display-name limit on the identity endpoints', () => {
  const tooLong = 'N'.repeat(limits.displayNameMax + 1);

  it("applies to Better Auth's update-user", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: buyer.cookie, origin: testOrigin },
      payload: { name: tooLong },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toContain(`at most ${limits.displayNameMax} characters`);
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: buyer.cookie, origin: testOrigin },
      payload: { name: 'N'.repeat(limits.displayNameMax) },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('applies to sign-up', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testOrigin },
      payload: { email: 'long-name@example.test', password: 'correct horse 7', name: tooLong },
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('the appeals API text', () => {
  it(`says the window the code applies (${moderationTextLimits.appealDays} days)`, async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const text = docs.body;
    expect(text).not.toMatch(/14 days/);
    expect(text).toContain(`${moderationTextLimits.appealDays} days`);
  });
});
