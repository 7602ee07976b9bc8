/**
 * Public reads: ETag/304 and Cache-Control on the public GETs, the in-process cache in
 * front of them, and its invalidation by every write that changes what they show (a stale answer
 * after a write is a bug). On a PostgreSQL server, a second app on the same database plays a
 * second instance: a write on one is seen by the other.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp, startSecondInstance } from '../test-support/app.js';
import { bookOrder } from '../routes/orders/test-helpers.js';
import {
  clientSecretFor,
  confirm,
  paymentMethodFor,
  recordPayment,
} from '../routes/payments/test-helpers.js';
import { paymentIntentIdOf } from '../../contract/paths.js';
import { moderationRules } from '../../contract/index.js';
import { CDN_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, ifNoneMatchMatches } from './public-cache.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let admin: TestUser;
let categoryId: string;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const write = async (
  user: TestUser,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(user.token),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<Record<string, unknown>>();
};

const listing = (name: string, price = 5000) => ({
  product_name: name,
  product_description: 'A tidy test hatchback, one careful owner.',
  product_image: '/uploads/cover.webp',
  category_id: categoryId,
  condition: 'Good',
  resell_price: price,
  original_price: 9000,
  year_of_used: 3,
  seller_location: 'Austin, TX',
  seller_phone: '+1 512 555 0142',
});

const addListing = async (name: string, price?: number) =>
  (await write(seller, 'POST', '/api/products', listing(name, price))).insertedId as string;

/** Names in a JSON answer (cards, promoted products or categories). */
const namesIn = (body: unknown): string[] => {
  const items = Array.isArray(body) ? body : (body as { items: unknown[] }).items;
  return (items as { product_name?: string; category_name?: string }[]).map(
    (item) => item.product_name ?? item.category_name ?? '',
  );
};

/** Reads `url` twice (the second from the cache), then runs `change` and reads once more. */
async function afterWrite(url: string, change: () => Promise<unknown>) {
  const before = await get(url);
  expect(before.statusCode, before.body).toBe(200);
  const hits = t.app.publicCache.hits;
  expect((await get(url)).body).toBe(before.body);
  expect(t.app.publicCache.hits).toBe(hits + 1);
  await change();
  const after = await get(url);
  expect(after.headers.etag).not.toBe(before.headers.etag);
  return { before: before.json<unknown>(), after: after.json<unknown>() };
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Carter' });
  buyer = await registerUser(t.app, { role: 'buyer' });
  admin = await registerUser(t.app, { role: 'buyer', admin: true });
  categoryId = (await write(seller, 'POST', '/api/categories', { category_name: 'Hatchback' }))
    .insertedId as string;
});
afterAll(() => t.close());

describe('validators on public reads', () => {
  it('lets a shared cache keep a public answer 10 s and makes a browser ask each time', async () => {
    // nginx (docs/deploy.md) stores nothing marked no-cache, private or no-store, and keeps an
    // answer for its s-maxage; a browser, a private cache, follows max-age.
    const directives = String((await get('/api/categories')).headers['cache-control'])
      .split(',')
      .map((directive) => directive.trim());
    expect(directives).toEqual(expect.arrayContaining(['public', 'max-age=0', 's-maxage=10']));
    for (const refused of ['no-cache', 'no-store', 'private']) {
      expect(directives).not.toContain(refused);
    }
  });

  it('sends a weak ETag and a shared Cache-Control, and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/categories');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers['cdn-cache-control']).toBe(CDN_CACHE_CONTROL);
    expect(first.headers.vary).toContain('Authorization');

    const cached = await get('/api/categories');
    expect(cached.body).toBe(first.body);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.headers['content-type']).toBe(first.headers['content-type']);

    const validated = await get('/api/categories', {
      'if-none-match': `"other", ${String(first.headers.etag)}`,
    });
    expect(validated.statusCode).toBe(304);
    expect(validated.body).toBe('');
    expect(validated.headers.etag).toBe(first.headers.etag);

    const changed = await get('/api/categories', { 'if-none-match': 'W/"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('answers a cached read compressed for a client that accepts it, with the same validator', async () => {
    for (let i = 0; i < 12; i++) await addListing(`Compressed hatchback number ${i}`);
    const url = `/api/category/${categoryId}?limit=12`;
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // The first from the handler (compressed by @fastify/compress), then from the cache.
      for (let i = 0; i < 2; i++) {
        const hit = await get(url, { 'accept-encoding': encoding });
        expect(hit.statusCode).toBe(200);
        expect(hit.headers['content-encoding']).toBe(encoding);
        expect(hit.headers.vary).toContain('Accept-Encoding');
        expect(hit.headers.vary).toContain('Authorization');
        expect(hit.headers.etag).toBe(plain.headers.etag);
        expect(decode(hit.rawPayload).toString()).toBe(plain.body);
      }
    }
    const identity = await get(url, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('keeps the next-page cursor of a cached category page', async () => {
    await addListing('Cursor hatchback one');
    await addListing('Cursor hatchback two');
    const url = `/api/category/${categoryId}?limit=1`;
    const first = await get(url);
    const cached = await get(url);
    expect(first.headers['x-next-cursor']).toBeTruthy();
    expect(cached.headers['x-next-cursor']).toBe(first.headers['x-next-cursor']);
  });

  it('never caches or validates a signed-in read (personal: private, no-store)', async () => {
    const signedIn = await get('/api/categories', bearer(buyer.token));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('never caches an error answer', async () => {
    const missing = '/api/product/00000000-0000-4000-8000-000000000000';
    expect((await get(missing)).statusCode).toBe(404);
    const again = await get(missing);
    expect(again.statusCode).toBe(404);
    expect(again.headers.etag).toBeUndefined();
  });

  it('compares entity tags weakly (RFC 9110 §8.8.3.2)', () => {
    expect(ifNoneMatchMatches('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(ifNoneMatchMatches('*', 'W/"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b"', 'W/"a"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, 'W/"a"')).toBe(false);
  });
});

describe('every write that changes a public read invalidates it', () => {
  it('adding a category', async () => {
    const { after } = await afterWrite('/api/categories', () =>
      write(seller, 'POST', '/api/categories', { category_name: 'Roadster' }),
    );
    expect(namesIn(after)).toContain('Roadster');
  });

  it('renaming a category (admin)', async () => {
    const id = (await write(seller, 'POST', '/api/categories', { category_name: 'Kombi' }))
      .insertedId as string;
    const { after } = await afterWrite('/api/categories', () =>
      write(admin, 'PATCH', `/api/category-rename/${admin.uid}?id=${id}`, {
        category_name: 'Estate',
      }),
    );
    expect(namesIn(after)).toContain('Estate');
    expect(namesIn(after)).not.toContain('Kombi');
  });

  it('adding a listing (category page and search)', async () => {
    const categoryPage = await afterWrite(`/api/category/${categoryId}`, () =>
      addListing('Fresh hatchback'),
    );
    expect(namesIn(categoryPage.after)).toContain('Fresh hatchback');
    const found = await afterWrite('/api/search?q=zephyr', () => addListing('Zephyr coupe'));
    expect(namesIn(found.before)).toEqual([]);
    expect(namesIn(found.after)).toEqual(['Zephyr coupe']);
  });

  it('promoting a listing', async () => {
    const id = await addListing('Promoted hatchback');
    const { after } = await afterWrite('/api/promoted-product/', () =>
      write(seller, 'PATCH', `/api/promote-product/${seller.uid}?id=${id}`),
    );
    expect(namesIn(after)).toContain('Promoted hatchback');
  });

  it('editing a listing (listing page and search)', async () => {
    const id = await addListing('Edited hatchback', 5000);
    const page = await afterWrite(`/api/product/${id}`, () =>
      write(seller, 'PATCH', `/api/product/${id}`, { resell_price: 4200 }),
    );
    expect((page.before as { resell_price: number }).resell_price).toBe(5000);
    expect((page.after as { resell_price: number }).resell_price).toBe(4200);
  });

  it('taking a listing off the market', async () => {
    const id = await addListing('Unavailable hatchback');
    const { after } = await afterWrite(`/api/product/${id}`, () =>
      write(seller, 'PATCH', `/api/product/${id}/availability`, { unavailable: true }),
    );
    expect((after as { unavailable: boolean }).unavailable).toBe(true);
  });

  it('selling a listing (payment recorded)', async () => {
    const id = await addListing('Sold hatchback', 8500);
    const orderId = await bookOrder(t.app, buyer, id);
    const secret = await clientSecretFor(t.app, buyer, id);
    const method = await paymentMethodFor(t.app, buyer, '4242424242424242');
    const { after } = await afterWrite(`/api/product/${id}`, async () => {
      const paid = await confirm(t.app, buyer, secret, method);
      expect(paid.statusCode, paid.body).toBe(200);
      const recorded = await recordPayment(t.app, buyer, {
        orderId,
        transactionId: paymentIntentIdOf(secret),
        product_id: id,
      });
      expect(recorded.statusCode, recorded.body).toBe(200);
    });
    expect((after as { order_status: boolean }).order_status).toBe(true);
  });

  it('deleting a listing', async () => {
    const id = await addListing('Deleted hatchback');
    const { after } = await afterWrite(`/api/category/${categoryId}`, () =>
      write(seller, 'DELETE', `/api/product-delete/${seller.uid}?id=${id}`),
    );
    expect(namesIn(after)).not.toContain('Deleted hatchback');
  });

  it('removing a reported listing (moderation)', async () => {
    const id = await addListing('Reported hatchback');
    await write(buyer, 'PATCH', `/api/report-product?id=${id}`);
    await get(`/api/product/${id}`);
    expect((await get(`/api/product/${id}`)).statusCode).toBe(200);
    await write(admin, 'DELETE', `/api/report-product-delete/${admin.uid}?id=${id}`, {
      rule: moderationRules[0],
      facts: 'The listing asks for payment by gift card before any viewing.',
      automated: false,
    });
    expect((await get(`/api/product/${id}`)).statusCode).toBe(404);
  });

  it('verifying a seller (verification and seller profile)', async () => {
    const url = `/api/seller-verify/${seller.uid}`;
    const { before, after } = await afterWrite(url, () =>
      write(admin, 'PATCH', `/api/seller-verify/${admin.uid}?id=${seller.recordId}`),
    );
    expect(before).toEqual({ isVerified: false });
    expect(after).toEqual({ isVerified: true });
  });

  it('changing a display name (seller profile)', async () => {
    const { after } = await afterWrite(`/api/sellers/${seller.uid}`, () =>
      write(seller, 'PATCH', '/api/profile', { displayName: 'Samira Carter' }),
    );
    expect((after as { seller: { display_name: string } }).seller.display_name).toBe(
      'Samira Carter',
    );
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await startSecondInstance(t);
  });
  afterAll(() => other.close());

  it('a promote on one instance is seen by the other without waiting for the entry to expire', async () => {
    const id = await addListing('Two-instance hatchback');
    const url = '/api/promoted-product/';
    const read = () => other.inject({ method: 'GET', url });
    await read();
    expect(namesIn((await read()).json())).not.toContain('Two-instance hatchback');
    await write(seller, 'PATCH', `/api/promote-product/${seller.uid}?id=${id}`);
    // The notification travels through the server: poll for it, bounded at 2 s.
    const deadline = Date.now() + 2_000;
    let names = namesIn((await read()).json());
    while (!names.includes('Two-instance hatchback') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      names = namesIn((await read()).json());
    }
    expect(names).toContain('Two-instance hatchback');
  });
});
