/**
 * One listing state (decision 0027): the seller's status changes and who may make them, booking
 * a reserved listing, sold elsewhere (search, price guidance), renewal, the expiry job with a
 * controllable clock and its signed renew link, and price history.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listingTexts,
  listingTransitionNames,
  listingTransitions,
  transition,
  type Listing,
  type ListingActor,
  type ListingTransitionName,
} from '#contract/index.js';
import { resolveAuthSecret } from '../../auth/secret.js';
import { payments, products, type ListingStatus } from '../../db/schema.js';
import { createSealer, sendMailJob, type OutgoingMail } from '../../jobs/send-mail.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { bookingBody } from '../orders/test-helpers.js';
import { runListingExpiry } from '../../listings/expiry.js';
import { queryRows, rowsOf } from '../../db/rows.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let admin: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Carter' });
  otherSeller = await registerUser(t.app, { role: 'seller' });
  buyer = await registerUser(t.app, { role: 'buyer' });
  admin = await registerUser(t.app, { role: 'seller', admin: true });
  categoryId = (await createCategory(t.database.db, 'Hatchback')).id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const days = (n: number) => n * 86_400_000;

/** A listing of `seller` in `status` (straight into the database). */
async function listingIn(status: ListingStatus = 'active', overrides = {}) {
  return createProduct(
    db(),
    { categoryId, sellerId: seller.recordId },
    { listingStatus: status, make: 'Skoda', model: 'Fabia', modelYear: 2016, ...overrides },
  );
}

const setStatus = (as: TestUser | null, id: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/product/${id}/status`,
    headers: as ? bearer(as.token) : {},
    payload: body,
  });

async function statusOf(id: string) {
  const [row] = await db()
    .select({
      status: products.listingStatus,
      sold: products.sold,
      unavailable: products.unavailable,
      soldPriceCents: products.soldPriceCents,
      promote: products.promote,
      expiresAt: products.expiresAt,
    })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

const page = async (id: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/product/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Listing>();
};

describe('PATCH /api/product/{id}/status', () => {
  const sellerMoves: [ListingStatus, 'active' | 'reserved' | 'unavailable' | 'sold'][] = [
    ['active', 'reserved'],
    ['reserved', 'active'],
    ['active', 'unavailable'],
    ['reserved', 'unavailable'],
    ['unavailable', 'active'],
    ['unavailable', 'reserved'],
    ['active', 'sold'],
    ['reserved', 'sold'],
    ['unavailable', 'sold'],
    ['expired', 'sold'],
    ['sold', 'active'],
    ['expired', 'active'],
  ];
  it.each(sellerMoves)('lets the owner move %s → %s', async (from, to) => {
    const listing = await listingIn(from, { promote: from === 'active' });
    const response = await setStatus(seller, listing.id, { status: to });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    const row = await statusOf(listing.id);
    expect(row.status).toBe(to);
    expect(row.sold).toBe(to === 'sold');
    expect(row.unavailable).toBe(to === 'unavailable');
    if (to === 'sold' || to === 'unavailable') expect(row.promote).toBe(false);
  });

  const refused: [ListingStatus, 'active' | 'reserved' | 'unavailable'][] = [
    ['expired', 'reserved'],
    ['expired', 'unavailable'],
    ['sold', 'reserved'],
    ['sold', 'unavailable'],
  ];
  it.each(refused)('refuses the owner %s → %s with 409', async (from, to) => {
    const listing = await listingIn(from);
    const response = await setStatus(seller, listing.id, { status: to });
    expect(response.statusCode, response.body).toBe(409);
    expect(messageOf(response)).toContain(listingTexts.transitionRefused);
    expect((await statusOf(listing.id)).status).toBe(from);
  });

  it('answers modifiedCount 0 for the state the listing is already in', async () => {
    const listing = await listingIn('reserved');
    const response = await setStatus(seller, listing.id, { status: 'reserved' });
    expect(response.json()).toEqual({ modifiedCount: 0 });
  });

  it('keeps the sold-elsewhere price and forgets it when the listing is put back', async () => {
    const listing = await listingIn('active');
    const sold = await setStatus(seller, listing.id, { status: 'sold', sold_price: 7_250.5 });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await statusOf(listing.id)).toMatchObject({ status: 'sold', soldPriceCents: 725_050 });
    const card = await page(listing.id);
    expect(card).toMatchObject({ order_status: true, listing_status: 'sold', sold_price: 7_250.5 });
    await setStatus(seller, listing.id, { status: 'active' });
    expect(await statusOf(listing.id)).toMatchObject({ status: 'active', soldPriceCents: null });
  });

  it('refuses to put a listing sold through a paid order back on the market (409)', async () => {
    const listing = await listingIn('sold');
    const [order] = await db()
      .execute<{ id: string }>(
        sql`
      insert into orders (product_id, buyer_id, seller_id, customer_name, customer_email,
        customer_phone, meeting_location, product_name, product_image, product_price_cents,
        product_category, product_category_id, seller_name, seller_phone, seller_email,
        seller_image, seller_location, order_status)
      values (${listing.id}, ${buyer.recordId}, ${seller.recordId}, 'B', 'b@example.com',
        '01700000000', 'Here', ${listing.productName}, ${listing.productImage}, 850000,
        'Hatchback', ${categoryId}, 'S', '01700000000', 's@example.com', '', 'Here', true)
      returning id`,
      )
      .then((result) => rowsOf<{ id: string }>(result));
    await db()
      .insert(payments)
      .values({
        orderId: order!.id,
        productId: listing.id,
        buyerId: buyer.recordId,
        priceCents: 850_000,
        transactionId: `txn-${listing.id}`,
        email: 'b@example.com',
      });
    const response = await setStatus(seller, listing.id, { status: 'active' });
    expect(response.statusCode, response.body).toBe(409);
    expect((await statusOf(listing.id)).status).toBe('sold');
  });

  it('is the owner’s alone: 401 without a token, 403 for another seller, a buyer, an admin', async () => {
    const listing = await listingIn('active');
    expect((await setStatus(null, listing.id, { status: 'reserved' })).statusCode).toBe(401);
    for (const caller of [otherSeller, buyer, admin]) {
      const response = await setStatus(caller, listing.id, { status: 'reserved' });
      expect(response.statusCode, response.body).toBe(403);
    }
    expect((await statusOf(listing.id)).status).toBe('active');
  });

  it('answers 400 for a state a seller cannot choose, or a sold price without sold', async () => {
    const listing = await listingIn('active');
    for (const body of [
      { status: 'expired' },
      { status: 'removed' },
      { status: 'reserved', sold_price: 100 },
      { status: 'sold', sold_price: -5 },
    ]) {
      const response = await setStatus(seller, listing.id, body);
      expect(response.statusCode, response.body).toBe(400);
    }
    const unknown = await setStatus(seller, '00000000-0000-4000-8000-000000000000', {
      status: 'reserved',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives the expiry job, a paid order and an admin only their own changes', () => {
    const to = (from: ListingStatus, name: ListingTransitionName, actor: ListingActor) => {
      const next = transition(from, name, actor, { order: 'o', newExpiry: true });
      return next.ok ? next.to : next.refusal;
    };
    expect(to('active', 'expire', 'system')).toBe('expired');
    expect(to('active', 'expire', 'seller')).toBe('not-yours');
    expect(to('sold', 'expire', 'system')).toBe('not-from-here');
    expect(to('reserved', 'markSold', 'deal')).toBe('sold');
    expect(to('sold', 'markSold', 'deal')).toBe('not-from-here');
    expect(to('active', 'remove', 'admin')).toBe('removed');
    expect(to('active', 'remove', 'seller')).toBe('not-yours');
    expect(to('active', 'reserve', 'admin')).toBe('not-yours');
    // Nobody leaves `removed` but an admin (an appeal reversed).
    for (const name of listingTransitionNames) {
      if ((listingTransitions[name].from as readonly ListingStatus[]).includes('removed')) {
        expect(listingTransitions[name].by).toEqual(['admin']);
      }
    }
  });
});

describe('a reserved listing', () => {
  it('stays findable with its state and cannot be booked (409)', async () => {
    const listing = await listingIn('reserved', { productName: 'Reserved Fabia Combi' });
    const found = await t.app.inject({ method: 'GET', url: '/api/search?q=Combi' });
    expect(found.statusCode, found.body).toBe(200);
    const items = found.json<{ items: { _id: string; listing_status: string }[] }>().items;
    expect(items.find((item) => item._id === listing.id)?.listing_status).toBe('reserved');
    expect((await page(listing.id)).listing_status).toBe('reserved');
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: bookingBody(listing.id),
    });
    expect(booking.statusCode, booking.body).toBe(409);
    expect(messageOf(booking)).toBe(listingTexts.bookReserved);
  });
});

describe('sold elsewhere', () => {
  it('leaves search and its sold price feeds price guidance, preferred over asking prices', async () => {
    const make = 'Soldmake';
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const row = await listingIn('active', {
        make,
        model: 'Uno',
        modelYear: 2015,
        mileageKm: 100_000,
        resellPriceCents: 1_000_000,
        productName: `Soldmake Uno ${i}`,
      });
      ids.push(row.id);
    }
    for (const [i, id] of ids.slice(0, 5).entries()) {
      const response = await setStatus(seller, id, { status: 'sold', sold_price: 8_000 + i * 100 });
      expect(response.statusCode, response.body).toBe(200);
    }
    const found = await t.app.inject({ method: 'GET', url: `/api/search?make=${make}` });
    expect(found.json<{ items: { _id: string }[] }>().items.map((item) => item._id)).toEqual([
      ids[5],
    ]);
    const guidance = await t.app.inject({
      method: 'GET',
      url: `/api/price-guidance?make=${make}&model=Uno&model_year=2015`,
    });
    expect(guidance.statusCode, guidance.body).toBe(200);
    expect(guidance.json()).toEqual({
      count: 6,
      sold_count: 5,
      basis: 'sold',
      low: 8_100,
      median: 8_200,
      high: 8_300,
    });
  });
});

describe('renewal and expiry', () => {
  const renew = (as: TestUser | null, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/product/${id}/renew`,
      headers: as ? bearer(as.token) : {},
    });
  const renewByLink = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/listing-renewal?token=${encodeURIComponent(token)}`,
    });
  it('POST /api/product/{id}/renew extends expires_at by LISTING_TTL_DAYS (owner only)', async () => {
    const soon = new Date(Date.now() + days(2));
    const listing = await listingIn('active', { expiresAt: soon });
    expect((await renew(null, listing.id)).statusCode).toBe(401);
    expect((await renew(otherSeller, listing.id)).statusCode).toBe(403);
    expect((await renew(buyer, listing.id)).statusCode).toBe(403);
    const before = Date.now();
    const response = await renew(seller, listing.id);
    expect(response.statusCode, response.body).toBe(200);
    const expiresAt = Date.parse(response.json<{ expires_at: string }>().expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + days(60));
    expect((await statusOf(listing.id)).expiresAt.getTime()).toBe(expiresAt);
    const sold = await listingIn('sold');
    expect((await renew(seller, sold.id)).statusCode).toBe(409);
  });

  it('GET /api/product/{id} tells its owner when it expires, and nobody else', async () => {
    const expiresAt = new Date(Date.now() + days(9));
    const listing = await listingIn('active', { expiresAt });
    const read = (as: TestUser | null, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api/product/${listing.id}`,
        headers: { ...(as ? bearer(as.token) : {}), ...headers },
      });
    const owners = await read(seller);
    expect(owners.statusCode, owners.body).toBe(200);
    expect(owners.json<Listing>().expires_at).toBe(expiresAt.toISOString());
    expect(owners.headers['cache-control']).toContain('no-store');
    for (const other of [null, otherSeller, buyer, admin]) {
      const response = await read(other);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Listing>()).not.toHaveProperty('expires_at');
    }
    // A stale or forged token reads the public answer, not a 401 and not the owner's.
    const forged = await read(null, { authorization: 'Bearer not.a.token' });
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.json<Listing>()).not.toHaveProperty('expires_at');
    // The anonymous answer cached before does not leak into, or out of, the owner's.
    expect((await read(seller)).json<Listing>().expires_at).toBe(expiresAt.toISOString());
    expect((await read(null)).json<Listing>()).not.toHaveProperty('expires_at');
  });

  it('the job reminds once (also when run again), expires, and the signed link renews once', async () => {
    const start = new Date();
    const listing = await listingIn('active', {
      productName: 'Expiring Fabia Scout',
      expiresAt: new Date(start.getTime() + days(2)),
    });
    const later = await listingIn('active', { expiresAt: new Date(start.getTime() + days(10)) });

    const first = await runListingExpiry(t.app, start);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    await runListingExpiry(t.app, start);
    await runListingExpiry(t.app, new Date(start.getTime() + 60_000));
    const mails = await reminderMails(listing.id);
    expect(mails).toHaveLength(1);
    expect(await reminderMails(later.id)).toHaveLength(0);
    expect(mails[0]!.to).toBe(seller.email);
    const link = /https?:\/\/\S+\/renew-listing\?token=([^\s"<]+)/.exec(mails[0]!.text);
    expect(link, mails[0]!.text).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    // Three days on, past its expiry: the listing expires and leaves search; its page stays.
    const expiredAt = new Date(start.getTime() + days(3));
    const run = await runListingExpiry(t.app, expiredAt);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect((await statusOf(listing.id)).status).toBe('expired');
    expect((await statusOf(later.id)).status).toBe('active');
    const found = await t.app.inject({ method: 'GET', url: '/api/search?q=Scout' });
    expect(found.json<{ items: { _id: string }[] }>().items.map((item) => item._id)).not.toContain(
      listing.id,
    );
    expect((await page(listing.id)).listing_status).toBe('expired');
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: bookingBody(listing.id),
    });
    expect(booking.statusCode).toBe(409);

    // The reminder's link relists it, once.
    const renewed = await renewByLink(token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await statusOf(listing.id)).toMatchObject({ status: 'active' });
    expect((await renewByLink(token)).statusCode).toBe(410);
    expect((await renewByLink(`${token}x`)).statusCode).toBe(400);
    expect((await renewByLink('not-a-token')).statusCode).toBe(400);

    // A new window, a new reminder.
    await db()
      .update(products)
      .set({ expiresAt: new Date(start.getTime() + days(1)) })
      .where(eq(products.id, listing.id));
    await runListingExpiry(t.app, start);
    expect(await reminderMails(listing.id)).toHaveLength(2);
  });

  /** The reminder mails queued for listing `id`, opened. */
  async function reminderMails(id: string): Promise<OutgoingMail[]> {
    const result = await queryRows<{ data: { sealed: string } }>(
      db(),
      sql`select data from pgboss.job where name = ${sendMailJob}
          and data->>'key' like ${`listing-expiry:${id}:%`}`,
    );
    const sealer = createSealer(resolveAuthSecret(t.app.config));
    return result.map((row) => sealer.open<OutgoingMail>(row.data.sealed));
  }
});

describe('price history and time on market', () => {
  it('keeps every asking price, oldest first, and counts days on market', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        product_name: 'Skoda Octavia 2017',
        product_description: 'Estate, one owner.',
        product_image: '/uploads/octavia.webp',
        category_id: categoryId,
        condition: 'Good',
        resell_price: 9_000,
        original_price: 21_000,
        year_of_used: 7,
        seller_location: 'Brno',
        seller_phone: '+420 555 010 203',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ insertedId: string }>().insertedId;
    for (const price of [8_500, 8_500, 7_999.99]) {
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/product/${id}`,
        headers: bearer(seller.token),
        payload: { resell_price: price },
      });
      expect(edit.statusCode, edit.body).toBe(200);
    }
    const listing = await page(id);
    expect(listing.price_history.map((entry) => entry.price)).toEqual([9_000, 8_500, 7_999.99]);
    expect(listing.price_history[0]!.at).toBe(listing.listed_at);
    expect(listing.days_on_market).toBe(0);
    expect(listing.listing_status).toBe('active');

    await db()
      .update(products)
      .set({ createdAt: new Date(Date.now() - days(12) - 60_000) })
      .where(eq(products.id, id));
    t.app.publicCache.invalidate();
    expect((await page(id)).days_on_market).toBe(12);
  });
});
