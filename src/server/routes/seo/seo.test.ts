/** `/robots.txt`, `/sitemap.xml` and the sitemap index past the per-file limit. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import { sitemapLimits } from './index.js';

let t: TestApp;
const live: string[] = [];
let sold: string;
let removed: string;
let unavailable: string;
let ofDeletedSeller: string;
let sellerUid: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cars.example' });
  const { db } = t.database;
  const seller = await createUser(db, { role: 'seller' });
  const gone = await createUser(db, { role: 'seller', deletedAt: new Date() });
  sellerUid = seller.uid;
  const { id: categoryId } = await createCategory(db, 'Sedan');
  const refs = { categoryId, sellerId: seller.id };
  for (let i = 0; i < 5; i += 1) live.push((await createProduct(db, refs)).id);
  sold = (await createProduct(db, refs, { sold: true })).id;
  removed = (await createProduct(db, refs, { deletedAt: new Date() })).id;
  unavailable = (await createProduct(db, refs, { unavailable: true })).id;
  ofDeletedSeller = (await createProduct(db, { categoryId, sellerId: gone.id })).id;
});
afterAll(() => t.close());
afterEach(() => {
  sitemapLimits.urlsPerFile = 50_000;
});

const locs = (body: string) => [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

describe('GET /robots.txt', () => {
  it('allows the public pages, keeps crawlers out of the API and dashboards, names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /user/');
    expect(res.body).toContain('Sitemap: https://cars.example/sitemap.xml');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages, the seller and every live listing, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(res.body);
    expect(urls).toContain('https://cars.example/');
    expect(urls).toContain('https://cars.example/blogs');
    expect(urls).toContain(`https://cars.example/seller/${encodeURIComponent(sellerUid)}`);
    for (const id of live) expect(urls).toContain(`https://cars.example/listing/${id}`);
    for (const id of [sold, removed, unavailable, ofDeletedSeller]) {
      expect(urls).not.toContain(`https://cars.example/listing/${id}`);
    }
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('becomes an index past the per-file limit, whose files hold every live listing once', async () => {
    sitemapLimits.urlsPerFile = 2;
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    const files = locs(index.body);
    expect(files).toEqual([
      'https://cars.example/sitemaps/pages.xml',
      'https://cars.example/sitemaps/listings-1.xml',
      'https://cars.example/sitemaps/listings-2.xml',
      'https://cars.example/sitemaps/listings-3.xml',
    ]);
    const listed: string[] = [];
    for (const file of files.slice(1)) {
      const res = await t.app.inject({ method: 'GET', url: new URL(file).pathname });
      expect(res.statusCode).toBe(200);
      const urls = locs(res.body);
      expect(urls.length).toBeLessThanOrEqual(2);
      listed.push(...urls);
    }
    expect(listed.sort()).toEqual(live.map((id) => `https://cars.example/listing/${id}`).sort());
  });

  it('answers 404 for a sitemap file that does not exist', async () => {
    sitemapLimits.urlsPerFile = 2;
    for (const url of ['/sitemaps/listings-4.xml', '/sitemaps/listings-0.xml', '/sitemaps/x.xml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
