/**
 * Seller insights: views counted once per visitor and day (also when two instances write the
 * same view), the owner's and bots' views not counted, impressions from a search page, the
 * rollup of favourites, conversations and bookings, the 90-day clean-up on a controlled clock,
 * and a seller seeing only their own listings.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversations,
  favourites,
  listingDailyStats,
  listingViews,
  orders,
  visitorSalts,
  type products,
} from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, startSecondInstance, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { cleanUpInsights, rollUpActivity, writeViews } from '../../insights/repository.js';
import { utcDay, addDays } from '../../insights/visitors.js';
import { isBot } from '../../insights/bots.js';
import { resolveAuthSecret } from '../../auth/secret.js';
import { createSignedIds } from '../../lib/signed-pair.js';
import { messageOf } from '../../test-support/answers.js';

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let t: TestApp;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let categoryId: string;

beforeAll(async () => {
  // A small issuing limit, so the test of it stays short.
  t = await createTestApp({ VISITOR_ID_HOURLY_MAX: '3' });
  visitorIds = createSignedIds(resolveAuthSecret(t.app.config), 'visitor-id-hmac-v1');
  seller = await registerUser(t.app, { role: 'seller', name: 'Insight Seller' });
  otherSeller = await registerUser(t.app, { role: 'seller', name: 'Other Seller' });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const listing = (owner: TestUser = seller, overrides: Partial<typeof products.$inferInsert> = {}) =>
  createProduct(t.database.db, { categoryId, sellerId: owner.recordId }, overrides);

/** Signs visitor ids as the server does (`POST /api/visitors` is tested on its own below). */
let visitorIds: ReturnType<typeof createSignedIds>;
const newVisitor = () => visitorIds.issue();

const view = (id: string, visitorId: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/product/${id}/view`,
    headers: { 'user-agent': browser, ...headers },
    payload: { visitor_id: visitorId },
  });

async function statsOf(productId: string) {
  const rows = await t.database.db
    .select()
    .from(listingDailyStats)
    .where(eq(listingDailyStats.productId, productId));
  return {
    views: rows.reduce((sum, row) => sum + row.views, 0),
    impressions: rows.reduce((sum, row) => sum + row.impressions, 0),
    favourites: rows.reduce((sum, row) => sum + row.favourites, 0),
    conversations: rows.reduce((sum, row) => sum + row.conversations, 0),
    bookings: rows.reduce((sum, row) => sum + row.bookings, 0),
  };
}

describe('POST /api/product/{id}/view', () => {
  it('counts a visitor once per listing and day', async () => {
    const product = await listing();
    const first = newVisitor();
    expect((await view(product.id, first)).statusCode).toBe(202);
    expect((await view(product.id, first)).statusCode).toBe(202);
    await t.app.listingEvents.flush();
    await view(product.id, first);
    await view(product.id, newVisitor());
    await t.app.listingEvents.flush();
    expect((await statsOf(product.id)).views).toBe(2);
    const stored = await t.database.db
      .select()
      .from(listingViews)
      .where(eq(listingViews.productId, product.id));
    expect(stored).toHaveLength(2);
    // Only a salted hash is stored, never the visitor id.
    expect(stored.every((row) => !row.visitorHash.includes('visitor'))).toBe(true);
    expect(stored.every((row) => row.day === utcDay(new Date()))).toBe(true);
  });

  it("does not count the owner's own views or known bots", async () => {
    const product = await listing();
    await view(product.id, newVisitor(), bearer(seller.token));
    await view(product.id, newVisitor(), {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    await view(product.id, newVisitor(), { 'user-agent': 'curl/8.5.0' });
    await view(product.id, newVisitor(), { 'user-agent': '' });
    await view(product.id, newVisitor(), bearer(buyer.token));
    await t.app.listingEvents.flush();
    expect((await statsOf(product.id)).views).toBe(1);
  });

  it('counts views only under visitor ids the server issued; one address gets a few an hour', async () => {
    const product = await listing();
    // 50 beacons with made-up ids of the right form, and a forged one, count nothing.
    for (let i = 0; i < 50; i++) {
      const response = await view(product.id, `made-up-visitor-${i}-0123456789`);
      expect(response.statusCode).toBe(202);
    }
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/visitors',
      headers: { 'user-agent': browser },
    });
    expect(issued.statusCode).toBe(201);
    const { visitor_id: visitorId } = issued.json<{ visitor_id: string }>();
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const forged = `${visitorId.slice(0, 30)}${visitorId[30] === 'A' ? 'B' : 'A'}${visitorId.slice(31)}`;
    await view(product.id, forged);
    await t.app.listingEvents.flush();
    expect((await statsOf(product.id)).views).toBe(0);
    // The issued id counts, once a day.
    await view(product.id, visitorId);
    await view(product.id, visitorId);
    await t.app.listingEvents.flush();
    expect((await statsOf(product.id)).views).toBe(1);
    // VISITOR_ID_HOURLY_MAX is 3 in this file: the fourth id of the hour is refused.
    const more = [];
    for (let i = 0; i < 3; i++) {
      more.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/visitors',
          headers: { 'user-agent': browser },
        }),
      );
    }
    expect(more.map((response) => response.statusCode)).toEqual([201, 201, 429]);
    expect(Number(more[2]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(more[2]!.json<{ message: string }>().message).toContain('at most 3 an hour');
  });

  it('counts a view written by two instances once', async () => {
    const product = await listing();
    const second = await startSecondInstance(t);
    try {
      const visitor = newVisitor();
      await view(product.id, visitor);
      await second.inject({
        method: 'POST',
        url: `/api/product/${product.id}/view`,
        headers: { 'user-agent': browser },
        payload: { visitor_id: visitor },
      });
      await Promise.all([t.app.listingEvents.flush(), second.listingEvents.flush()]);
      expect((await statsOf(product.id)).views).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('writes the same batch twice without counting it twice', async () => {
    const product = await listing();
    const batch = [
      { productId: product.id, day: utcDay(new Date()), visitorHash: 'h1', viewerUid: null },
      { productId: product.id, day: utcDay(new Date()), visitorHash: 'h2', viewerUid: null },
    ];
    expect(await writeViews(t.database.db, batch)).toBe(2);
    expect(await writeViews(t.database.db, batch)).toBe(0);
    expect((await statsOf(product.id)).views).toBe(2);
  });

  it('drops views of unknown listings when writing, and refuses ill-formed calls', async () => {
    expect((await view('00000000-0000-4000-8000-000000000000', newVisitor())).statusCode).toBe(202);
    await t.app.listingEvents.flush();
    const bad = await view('not-an-id', newVisitor());
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('params.id');
    const noVisitor = await t.app.inject({
      method: 'POST',
      url: `/api/product/${(await listing()).id}/view`,
      headers: { 'user-agent': browser },
      payload: { visitor_id: 'short' },
    });
    expect(noVisitor.statusCode).toBe(400);
    expect(messageOf(noVisitor)).toContain('visitor_id');
  });

  it('raises no public cache invalidation (a view changes no public answer)', async () => {
    const product = await listing();
    const before = t.app.invalidation.generation('public');
    const callers = t.app.invalidation.generation('callers');
    await view(product.id, newVisitor());
    expect(t.app.invalidation.generation('public')).toBe(before);
    expect(t.app.invalidation.generation('callers')).toBe(callers);
  });

  it('writes pending views when the app closes', async () => {
    const product = await listing();
    const second = await startSecondInstance(t);
    await second.inject({
      method: 'POST',
      url: `/api/product/${product.id}/view`,
      headers: { 'user-agent': browser },
      payload: { visitor_id: newVisitor() },
    });
    expect(second.listingEvents.pending).toBe(1);
    await second.close();
    expect((await statsOf(product.id)).views).toBe(1);
  });
});

describe('POST /api/search/impressions', () => {
  it('counts each listing shown on a search results page', async () => {
    const make = 'Impressmake';
    const a = await listing(seller, { make, model: 'One', productName: 'Impressmake One' });
    const b = await listing(seller, { make, model: 'Two', productName: 'Impressmake Two' });
    const search = await t.app.inject({ method: 'GET', url: `/api/search?make=${make}` });
    expect(search.statusCode).toBe(200);
    const ids = search.json<{ items: { _id: string }[] }>().items.map((item) => item._id);
    expect(ids.sort()).toEqual([a.id, b.id].sort());
    const shown = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/search/impressions',
        headers: { 'user-agent': browser, ...headers },
        payload: { product_ids: ids },
      });
    expect((await shown()).statusCode).toBe(202);
    expect((await shown()).statusCode).toBe(202);
    await shown({ 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' });
    await t.app.listingEvents.flush();
    expect((await statsOf(a.id)).impressions).toBe(2);
    expect((await statsOf(b.id)).impressions).toBe(2);
  });

  it('refuses an empty or oversized list', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/search/impressions',
      headers: { 'user-agent': browser },
      payload: { product_ids: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toContain('product_ids');
  });
});

describe('the insights rollup and clean-up', () => {
  it('counts favourites, conversations and bookings per day, idempotently', async () => {
    const product = await listing();
    const db = t.database.db;
    await db.insert(favourites).values({ userId: buyer.recordId, productId: product.id });
    await db.insert(conversations).values({
      productId: product.id,
      buyerId: buyer.recordId,
      sellerId: seller.recordId,
    });
    await db.insert(orders).values({
      productId: product.id,
      buyerId: buyer.recordId,
      sellerId: seller.recordId,
      customerName: 'Bea Buyer',
      customerEmail: 'bea@example.com',
      customerPhone: '01700000000',
      meetingLocation: 'Dhaka',
      productName: product.productName,
      productImage: product.productImage,
      productPriceCents: product.resellPriceCents,
      productCategory: 'Cars',
      productCategoryId: categoryId,
      sellerName: 'Insight Seller',
      sellerPhone: '01700000000',
      sellerEmail: 'seller@example.com',
      sellerImage: '/uploads/seller.webp',
      sellerLocation: 'Dhaka',
    });
    await rollUpActivity(db);
    await rollUpActivity(db);
    expect(await statsOf(product.id)).toMatchObject({
      favourites: 1,
      conversations: 1,
      bookings: 1,
    });
    // A favourite removed the same day no longer counts for that (still open) day.
    await db.delete(favourites).where(eq(favourites.productId, product.id));
    await rollUpActivity(db);
    expect(await statsOf(product.id)).toMatchObject({
      favourites: 0,
      conversations: 1,
      bookings: 1,
    });
  });

  it('removes raw views older than 90 days and past salts, keeping rollups', async () => {
    const product = await listing();
    const db = t.database.db;
    const now = new Date();
    const today = utcDay(now);
    await writeViews(db, [
      { productId: product.id, day: addDays(today, -91), visitorHash: 'old', viewerUid: null },
      { productId: product.id, day: addDays(today, -90), visitorHash: 'edge', viewerUid: null },
      { productId: product.id, day: today, visitorHash: 'new', viewerUid: null },
    ]);
    await db.insert(visitorSalts).values({ day: addDays(today, -5), salt: 'old salt' });
    const removed = await cleanUpInsights(db, now);
    expect(removed.views).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ hash: listingViews.visitorHash })
      .from(listingViews)
      .where(eq(listingViews.productId, product.id));
    expect(left.map((row) => row.hash).sort()).toEqual(['edge', 'new']);
    // The clock moves on a day: the 90-day-old view goes too.
    await cleanUpInsights(db, new Date(now.getTime() + 86_400_000));
    const later = await db
      .select({ hash: listingViews.visitorHash })
      .from(listingViews)
      .where(eq(listingViews.productId, product.id));
    expect(later.map((row) => row.hash)).toEqual(['new']);
    // The daily counts stay.
    expect((await statsOf(product.id)).views).toBe(3);
    const salts = await db
      .select()
      .from(visitorSalts)
      .where(sql`day < ${addDays(today, -1)}::date`);
    expect(salts).toEqual([]);
  });

  it('runs as the scheduled job', async () => {
    await expect(t.app.jobs.runNow('insights-rollup', {})).resolves.toBeUndefined();
  });
});

describe('GET /api/seller/insights', () => {
  it("answers the seller's own listings with totals, daily views, days on market and price position", async () => {
    const db = t.database.db;
    const own = await listing(seller, {
      productName: 'Own Car',
      createdAt: new Date(Date.now() - 10 * 86_400_000 - 3_600_000),
    });
    const foreign = await listing(otherSeller, { productName: 'Foreign Car' });
    await view(own.id, newVisitor());
    await view(own.id, newVisitor());
    await view(foreign.id, newVisitor());
    await t.app.listingEvents.flush();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/seller/insights?days=7',
      headers: bearer(seller.token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      days: number;
      listings: {
        product_id: string;
        totals: { views: number };
        daily: { date: string; views: number }[];
        days_on_market: number;
        price_position: string | null;
      }[];
    }>();
    expect(body.days).toBe(7);
    const ids = body.listings.map((item) => item.product_id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    const mine = body.listings.find((item) => item.product_id === own.id)!;
    expect(mine.totals.views).toBe(2);
    expect(mine.daily).toHaveLength(7);
    expect(mine.daily.at(-1)).toEqual({ date: utcDay(new Date()), views: 2, impressions: 0 });
    expect(mine.days_on_market).toBe(10);
    expect(mine.price_position).toBeNull();

    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/seller/insights',
      headers: bearer(otherSeller.token),
    });
    expect(theirs.json<{ days: number; listings: { product_id: string }[] }>().days).toBe(30);
    expect(
      theirs.json<{ listings: { product_id: string }[] }>().listings.map((l) => l.product_id),
    ).toEqual([foreign.id]);
    void db;
  });

  it('places the price in its fair band', async () => {
    const car = { make: 'Bandmake', model: 'Mid', modelYear: 2016, mileageKm: 90_000 };
    for (const dollars of [9_000, 10_000, 11_000, 12_000, 13_000]) {
      await listing(otherSeller, { ...car, resellPriceCents: dollars * 100 });
    }
    const cheap = await listing(seller, { ...car, resellPriceCents: 8_000_00 });
    const dear = await listing(seller, { ...car, resellPriceCents: 20_000_00 });
    const body = (
      await t.app.inject({
        method: 'GET',
        url: '/api/seller/insights',
        headers: bearer(seller.token),
      })
    ).json<{ listings: { product_id: string; price_position: string | null }[] }>();
    const position = (id: string) =>
      body.listings.find((item) => item.product_id === id)?.price_position;
    // Each is compared without itself: five other sellers' cars and the other one of the two.
    expect(position(cheap.id)).toBe('great');
    expect(position(dear.id)).toBe('high');
  });

  it('refuses callers without a token, buyers, and a bad period', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seller/insights' })).statusCode).toBe(
      401,
    );
    const asBuyer = await t.app.inject({
      method: 'GET',
      url: '/api/seller/insights',
      headers: bearer(buyer.token),
    });
    expect(asBuyer.statusCode).toBe(403);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/api/seller/insights?days=91',
      headers: bearer(seller.token),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(messageOf(tooLong)).toContain('days');
  });
});

describe('isBot', () => {
  it('knows crawlers and HTTP libraries, not browsers (headless ones included)', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(
      true,
    );
    expect(isBot('facebookexternalhit/1.1')).toBe(true);
    expect(isBot('python-requests/2.31')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(isBot(browser)).toBe(false);
    expect(
      isBot(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(
      isBot(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      ),
    ).toBe(false);
  });
});
