/**
 * Findings of the fourth outside attack (docs/reliability.md) that are not about one route's own
 * rules: small bodies and bounded nesting on anonymous routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/app.js';
import { createCategory, createProduct } from './test-support/factories.js';
import { bearer, registerUser, testOrigin, type TestUser } from './test-support/accounts.js';
import { messageOf } from './test-support/answers.js';

let t: TestApp;
let productId: string;
let categoryId: string;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller' });
  buyer = await registerUser(t.app, { role: 'buyer' });
  const category = await createCategory(t.database.db);
  categoryId = category.id;
  productId = (
    await createProduct(t.database.db, { categoryId: category.id, sellerId: seller.recordId })
  ).id;
});
afterAll(() => t.close());

/** `[[[…]]]` nested `depth` deep. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('anonymous beacons take small bodies only', () => {
  it('refuses a 64 KiB body to the view beacon with 413 before parsing it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/product/${productId}/view`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ visitor_id: 'v'.repeat(20), padding: 'x'.repeat(64 * 1024) }),
    });
    expect(response.statusCode, response.body).toBe(413);
  });

  it('refuses a deeply nested body to the impressions beacon with 413 or 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/impressions',
      headers: { 'content-type': 'application/json' },
      payload: `{"product_ids":${nested(200_000)}}`,
    });
    expect(response.statusCode, response.body).toBe(413);
  });

  it('still takes an ordinary beacon', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/product/${productId}/view`,
      payload: { visitor_id: 'visitor-0123456789abcdef' },
    });
    expect(response.statusCode, response.body).toBe(202);
  });
});

describe('JSON nesting depth', () => {
  it('refuses JSON nested deeper than 32 levels with 400 naming the depth, on any route', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/search/impressions',
      headers: { 'content-type': 'application/json' },
      payload: `{"product_ids":${nested(40)}}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toMatch(/nested.*32/);
  });
});

describe('names and single-line fields', () => {
  it('stores a display name trimmed: blanks around it are neither counted nor kept', async () => {
    const padded = `Ann Lee${' '.repeat(60_000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: buyer.cookie, origin: testOrigin },
      payload: { name: padded },
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: buyer.cookie },
    });
    expect(session.json<{ user: { name: string } }>().user.name).toBe('Ann Lee');
  });

  it('refuses a line break in the identity name (sign-up, update-user)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: buyer.cookie, origin: testOrigin },
      payload: { name: 'Ann\r\nBcc: everyone' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toMatch(/one line/);
  });

  it('refuses a line break in a product name, a profile name and a meeting place', async () => {
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        product_name: 'Tidy hatchback\nPayment confirmed: send the deposit to',
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
    expect(product.statusCode, product.body).toBe(400);
    expect(messageOf(product)).toMatch(/product_name.*one line/);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(buyer.token),
      payload: { displayName: 'Bea\u2028Support team' },
    });
    expect(profile.statusCode, profile.body).toBe(400);
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/offers',
      headers: bearer(buyer.token),
      payload: { product_id: productId, amount: 1, meeting_location: 'Gulshan\r\nCall me' },
    });
    expect(offer.statusCode, offer.body).toBe(400);
    expect(messageOf(offer)).toMatch(/meeting_location.*one line/);
  });
});
