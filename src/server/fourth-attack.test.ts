/**
 * Findings of the fourth outside attack (docs/reliability.md) that are not about one route's own
 * rules: small bodies and bounded nesting on anonymous routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/app.js';
import { createCategory, createProduct } from './test-support/factories.js';
import { registerUser } from './test-support/accounts.js';

let t: TestApp;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await registerUser(t.app, { role: 'seller' });
  const category = await createCategory(t.database.db);
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
    expect(response.json().message).toMatch(/nested.*32/);
  });
});
