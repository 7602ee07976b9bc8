/**
 * Dealers (decision 0046): trader details, inventory import (idempotency, full-feed removal,
 * photo fetching under the outbound rules), the dealer API with its keys, and the seller-type
 * search filter. Photos come from a local stand-in HTTP server on 127.0.0.1:0, the only origin
 * the app is allowed to reach on a private address.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type {
  DealerFeed,
  ImportFailure,
  ImportResult,
  inventoryResultSchema,
  SellerProfile,
  Trader,
} from '#contract/index.js';
import { auditLog, dealerFeeds, products } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory } from '../../test-support/factories.js';
import { feedIsDue, nextFeedRun, runDealerFeeds } from '../../dealers/feeds.js';
import { messageOf } from '../../test-support/answers.js';
import { anyString, stringContaining } from '../../test-support/matchers.js';

/** The answer of the dealer API's PUT and DELETE of one car. */
type InventoryResult = z.infer<typeof inventoryResultSchema>;

let t: TestApp;
let stand: Server;
let origin: string;
let port: number;
let png: Buffer;
/** Requests the stand-in has answered, by path. */
const hits: string[] = [];
/** What the stand-in answers on /feed.csv (404 while null). */
let feedText: string | null = null;

let dealer: TestUser;
let otherDealer: TestUser;
let privateSeller: TestUser;
let buyer: TestUser;
let admin: TestUser;

const trader = {
  legal_name: 'Lone Star Motors LLC',
  address: '100 Congress Ave, Austin, TX 78701',
  phone: '+1 512 555 0100',
  email: 'sales@lonestar.example',
  register_name: 'Texas Secretary of State',
  register_number: '0801234567',
  self_certified: true,
  opening_hours: 'Mon–Fri 9–18, Sat 10–14',
};

const header =
  'external_id,category,make,model,year,mileage,mileage_unit,price,fuel,transmission,body,colour,vin,description,place,photo_urls';

/** One CSV line of a valid car. */
function carLine(id: string, overrides: Partial<Record<string, string>> = {}) {
  const cells = {
    external_id: id,
    category: 'Dealer Cars',
    make: 'Toyota',
    model: 'Corolla',
    year: '2018',
    mileage: '64000',
    mileage_unit: 'km',
    price: '12500',
    fuel: 'Petrol',
    transmission: 'Automatic',
    body: 'Hatchback',
    colour: 'Silver',
    vin: '',
    description: 'One owner, full service history.',
    place: 'Austin, TX',
    photo_urls: `${origin}/photo/${id}.png`,
    ...overrides,
  };
  return Object.values(cells)
    .map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',');
}

/** A multipart/form-data body with the file in `file`. */
function multipart(text: string, filename = 'stock.csv', field = 'file') {
  const boundary = `----sg${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importFile(
  who: TestUser,
  text: string,
  query = 'mode=partial&dry_run=false',
  filename = 'stock.csv',
) {
  const body = multipart(text, filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/dealer/imports?${query}`,
    headers: { ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
}

async function becomeBusiness(who: TestUser, details: Record<string, unknown> = trader) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/profile/trader',
    headers: bearer(who.token),
    payload: details,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function statusOf(sellerId: string, externalId: string) {
  const [row] = await t.app.db
    .select({ status: products.listingStatus, deletedAt: products.deletedAt })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), eq(products.externalId, externalId)));
  return row;
}

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const big = Buffer.alloc(6 * 1024 * 1024, 1);
  stand = createServer((request, response) => {
    const url = request.url ?? '/';
    hits.push(url);
    if (url.startsWith('/photo/')) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (url.startsWith('/big/')) {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(big);
    } else if (url === '/feed.csv' && feedText !== null) {
      response.writeHead(200, { 'content-type': 'text/csv' }).end(feedText);
    } else if (url.startsWith('/text/')) {
      // Says it is an image; the bytes decide.
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a photo</html>');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  port = (stand.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ OUTBOUND_ALLOWED_ORIGINS: origin });
  [dealer, otherDealer, privateSeller, buyer, admin] = await Promise.all([
    registerUser(t.app, { role: 'seller', name: 'Dee Dealer' }),
    registerUser(t.app, { role: 'seller', name: 'Otto Dealer' }),
    registerUser(t.app, { role: 'seller', name: 'Pat Private' }),
    registerUser(t.app, { role: 'buyer', name: 'Bo Buyer' }),
    registerUser(t.app, { role: 'seller', admin: true, name: 'Ada Admin' }),
  ]);
  await createCategory(t.database.db, 'Dealer Cars');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stand?.close(resolve));
});

describe('trader details', () => {
  it('are required in full, with the self-certification, and only from sellers', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/trader',
      headers: bearer(dealer.token),
      payload: { ...trader, register_number: undefined },
    });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toContain('register_number');
    const uncertified = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/trader',
      headers: bearer(dealer.token),
      payload: { ...trader, self_certified: false },
    });
    expect(uncertified.statusCode).toBe(400);
    expect(messageOf(uncertified)).toContain('self_certified');
    const asBuyer = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/trader',
      headers: bearer(buyer.token),
      payload: trader,
    });
    expect(asBuyer.statusCode).toBe(403);
  });

  it('a private seller cannot import: 403', async () => {
    const response = await importFile(privateSeller, `${header}\n${carLine('P-1')}\n`);
    expect(response.statusCode).toBe(403);
  });

  it('are shown on the seller profile; a private seller says private', async () => {
    await becomeBusiness(dealer);
    await becomeBusiness(otherDealer, { ...trader, legal_name: 'Other Motors Ltd' });
    const shown = await t.app.inject({ method: 'GET', url: `/api/sellers/${dealer.uid}` });
    const profile = shown.json<SellerProfile>();
    expect(profile.seller.seller_type).toBe('business');
    expect(profile.seller.trader).toMatchObject({
      legal_name: trader.legal_name,
      address: trader.address,
      register_number: trader.register_number,
      self_certified: true,
      check: null,
    });
    const plain = await t.app.inject({ method: 'GET', url: `/api/sellers/${privateSeller.uid}` });
    expect(plain.json<SellerProfile>().seller).toMatchObject({
      seller_type: 'private',
      trader: null,
    });
  });

  it('an admin records a check, audit-logged', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/trader-check/${admin.uid}?id=${dealer.recordId}`,
      headers: bearer(admin.token),
      payload: { result: 'passed' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ trader: Trader | null }>().trader!.check).toBe('passed');
    const logged = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'trader.check'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ targetId: dealer.recordId, details: { result: 'passed' } });
    const privateOne = await t.app.inject({
      method: 'PATCH',
      url: `/api/trader-check/${admin.uid}?id=${privateSeller.recordId}`,
      headers: bearer(admin.token),
      payload: { result: 'requested' },
    });
    expect(privateOne.statusCode).toBe(404);
  });
});

describe('inventory import', () => {
  const ids = Array.from({ length: 200 }, (_, i) => `CAR-${String(i + 1).padStart(3, '0')}`);
  /** Rows 2–201 of the file (the header is row 1); five of them bad. */
  const bad: Record<number, [string, Partial<Record<string, string>>]> = {
    10: ['year', { year: '1700' }],
    50: ['price', { price: 'twelve' }],
    90: ['category', { category: 'Spaceships' }],
    130: ['vin', { vin: 'NOT-A-VIN' }],
    170: ['mileage_unit', { mileage_unit: 'furlongs' }],
  };
  const csv = () => `${header}\n${ids.map((id, i) => carLine(id, bad[i]?.[1] ?? {})).join('\n')}\n`;

  it('a dry run reports what would happen and writes no listing', async () => {
    const response = await importFile(dealer, csv(), 'mode=partial&dry_run=true');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<ImportResult>();
    expect(report).toMatchObject({ dry_run: true, created: 195, updated: 0, removed: 0 });
    expect(report.failed).toHaveLength(5);
    const listings = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sellerId, dealer.recordId));
    expect(listings).toHaveLength(0);
    expect(hits.filter((path) => path.startsWith('/photo/'))).toHaveLength(0);
  });

  it('imports 195 of 200 rows and reports the 5 bad ones by row and field', async () => {
    const response = await importFile(dealer, csv());
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<ImportResult>();
    expect(report).toMatchObject({ created: 195, updated: 0, unchanged: 0, removed: 0 });
    expect(report.failed.map(({ row, field }) => ({ row, field }))).toEqual(
      Object.entries(bad).map(([index, [field]]) => ({ row: Number(index) + 2, field })),
    );
    for (const failure of report.failed) expect(failure.reason).toMatch(/\w+/);
  }, 120_000);

  it('shows imported cars with the dealer, their photos stored as uploads', async () => {
    const [row] = await t.app.db
      .select()
      .from(products)
      .where(and(eq(products.sellerId, dealer.recordId), eq(products.externalId, 'CAR-001')));
    expect(row).toMatchObject({
      productName: '2018 Toyota Corolla',
      resellPriceCents: 1_250_000,
      mileageKm: 64_000,
      sellerPhone: trader.phone,
      listingStatus: 'active',
    });
    expect(row!.productImages[0]).toMatch(/^\/uploads\/[0-9a-f]{16}\.webp$/);
    const page = await t.app.inject({ method: 'GET', url: `/api/product/${row!.id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      seller_type: 'business',
      trader: { legal_name: trader.legal_name, phone: trader.phone },
    });
  });

  it('the same file again changes nothing and fetches no photo', async () => {
    const before = hits.length;
    const response = await importFile(dealer, csv());
    const report = response.json<ImportResult>();
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 195, removed: 0 });
    expect(report.failed).toHaveLength(5);
    expect(hits.length).toBe(before);
  }, 60_000);

  it('a changed row is updated, its photo already fetched is not fetched again', async () => {
    const before = hits.length;
    const text = `${header}\n${carLine('CAR-001', { price: '11999.50' })}\n`;
    const report = (await importFile(dealer, text)).json<ImportResult>();
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect(hits.length).toBe(before);
    const [row] = await t.app.db
      .select({ price: products.resellPriceCents })
      .from(products)
      .where(and(eq(products.sellerId, dealer.recordId), eq(products.externalId, 'CAR-001')));
    expect(row!.price).toBe(1_199_950);
  });

  it('a full feed without 10 cars makes those 10 unavailable, not deleted', async () => {
    const good = ids.filter((_, i) => !bad[i]);
    const dropped = good.slice(0, 10);
    const kept = good.slice(10);
    const text = `${header}\n${kept.map((id) => carLine(id)).join('\n')}\n`;
    const dry = (await importFile(dealer, text, 'mode=full&dry_run=true')).json<ImportResult>();
    expect(dry.removed).toBe(10);
    expect((await statusOf(dealer.recordId, dropped[0]!))!.status).toBe('active');
    const response = await importFile(dealer, text, 'mode=full&dry_run=false');
    const report = response.json<ImportResult>();
    expect(report.removed).toBe(10);
    expect(report.changes.removed.sort()).toEqual(dropped);
    for (const id of dropped) {
      expect(await statusOf(dealer.recordId, id)).toEqual({
        status: 'unavailable',
        deletedAt: null,
      });
    }
    expect((await statusOf(dealer.recordId, kept[0]!))!.status).toBe('active');
    // The other dealer's listings are not in this seller's feed and stay as they are.
    const again = (await importFile(dealer, text, 'mode=full')).json<ImportResult>();
    expect(again).toMatchObject({ removed: 0, created: 0, updated: 0 });
  }, 60_000);

  it('keeps every run’s report', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dealer/imports',
      headers: bearer(dealer.token),
    });
    const reports = response.json<ImportResult[]>();
    expect(reports.length).toBeGreaterThanOrEqual(6);
    expect(reports.some((report) => report.dry_run)).toBe(true);
  });

  it('reads JSON as well, and refuses a file that is neither', async () => {
    const json = JSON.stringify([
      {
        external_id: 'J-1',
        category: 'dealer cars',
        make: 'Ford',
        model: 'Focus',
        year: 2016,
        mileage: 50000,
        mileage_unit: 'mi',
        price: 8000,
        description: 'Clean.',
        place: 'Austin, TX',
        photo_urls: [`${origin}/photo/J-1.png`],
      },
    ]);
    const report = (await importFile(dealer, json, undefined, 'stock.json')).json<ImportResult>();
    expect(report).toMatchObject({ created: 1, failed: [] });
    const [row] = await t.app.db
      .select({ km: products.mileageKm })
      .from(products)
      .where(eq(products.externalId, 'J-1'));
    expect(row!.km).toBe(80_467);
    const broken = await importFile(dealer, 'nothing,here\n1,2\n');
    expect(broken.statusCode).toBe(400);
    expect(messageOf(broken)).toContain('Unknown columns');
  });

  it('refuses photos on private addresses unless allowed, oversized and non-image bodies', async () => {
    const notAllowed = `http://localhost:${port}/photo/L-1.png`;
    const text = [
      header,
      carLine('PH-1', { photo_urls: notAllowed }),
      carLine('PH-2', { photo_urls: `${origin}/big/PH-2.jpg` }),
      carLine('PH-3', { photo_urls: `${origin}/text/PH-3.jpg` }),
      carLine('PH-4'),
    ].join('\n');
    const report = (await importFile(dealer, text)).json<ImportResult>();
    expect(report.created).toBe(1);
    expect(report.failed).toEqual([
      { row: 2, field: 'photo_urls', reason: stringContaining('private or local address') },
      { row: 3, field: 'photo_urls', reason: stringContaining('larger than') },
      { row: 4, field: 'photo_urls', reason: stringContaining('not an image') },
    ]);
    expect(hits).not.toContain('/photo/L-1.png');
    for (const id of ['PH-1', 'PH-2', 'PH-3'])
      expect(await statusOf(dealer.recordId, id)).toBeUndefined();
  });
});

describe('dealer API', () => {
  let key: string;
  let keyId: string;

  it('creates a key shown once and lists it with its last use', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/dealer/api-keys',
      headers: bearer(dealer.token),
      payload: { name: 'DMS' },
    });
    expect(made.statusCode, made.body).toBe(201);
    ({ key, id: keyId } = made.json<{ key: string; id: string }>());
    expect(key).toMatch(/^sgk_/);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/dealer/api-keys',
      headers: bearer(dealer.token),
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: keyId, name: 'DMS', last_used_at: null }),
    ]);
    expect(listed.body).not.toContain(key);
    const privateKey = await t.app.inject({
      method: 'POST',
      url: '/api/dealer/api-keys',
      headers: bearer(privateSeller.token),
      payload: { name: 'x' },
    });
    expect(privateKey.statusCode).toBe(403);
  });

  const car = () => ({
    category: 'Dealer Cars',
    make: 'Honda',
    model: 'Civic',
    year: 2019,
    mileage: 30000,
    price: 15000,
    description: 'Like new.',
    place: 'Austin, TX',
    photo_urls: [`${origin}/photo/API-1.png`],
  });

  it('creates, leaves unchanged and updates a car by external id', async () => {
    const put = (body: object, apiKey = key) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/dealer/inventory/API-1',
        headers: { 'x-api-key': apiKey },
        payload: body,
      });
    const created = await put(car());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ external_id: 'API-1', result: 'created' });
    expect((await put(car())).json<InventoryResult>().result).toBe('unchanged');
    expect((await put({ ...car(), price: 14500 })).json<InventoryResult>().result).toBe('updated');
    const badRow = await put({ ...car(), year: 'soon' });
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json<{ failed: ImportFailure[] }>().failed).toEqual([
      { row: 1, field: 'year', reason: anyString() },
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/dealer/api-keys',
      headers: bearer(dealer.token),
    });
    expect(listed.json<{ last_used_at: string | null }[]>()[0]!.last_used_at).not.toBeNull();
  });

  it('a wrong or missing key is 401', async () => {
    // The real key with its last character changed: always a different key, never by chance
    // the same one (a fixed suffix such as "AA" matches one key in 4,096).
    const tampered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const headers of [{}, { 'x-api-key': 'sgk_wrong' }, { 'x-api-key': tampered }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/dealer/inventory/API-9',
        headers,
        payload: car(),
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it("leaves another dealer's car with the same external id untouched", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/dealer/api-keys',
      headers: bearer(otherDealer.token),
      payload: { name: 'Other' },
    });
    const otherKey = made.json<{ key: string }>().key;
    const theirs = await t.app.inject({
      method: 'PUT',
      url: '/api/dealer/inventory/SHARED-1',
      headers: { 'x-api-key': otherKey },
      payload: car(),
    });
    expect(theirs.statusCode).toBe(201);
    const removeTheirs = await t.app.inject({
      method: 'DELETE',
      url: '/api/dealer/inventory/SHARED-1',
      headers: { 'x-api-key': key },
    });
    expect(removeTheirs.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'PUT',
      url: '/api/dealer/inventory/SHARED-1',
      headers: { 'x-api-key': key },
      payload: { ...car(), price: 1 },
    });
    expect(mine.json<InventoryResult>().result).toBe('created');
    expect(mine.json<InventoryResult>().product_id).not.toBe(
      theirs.json<InventoryResult>().product_id,
    );
    const [row] = await t.app.db
      .select({ price: products.resellPriceCents, status: products.listingStatus })
      .from(products)
      .where(eq(products.id, theirs.json<InventoryResult>().product_id));
    expect(row).toEqual({ price: 1_500_000, status: 'active' });
  });

  it('DELETE makes the car unavailable; a revoked key is 401', async () => {
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/dealer/inventory/API-1',
      headers: { 'x-api-key': key },
    });
    expect(removed.json()).toMatchObject({ result: 'removed' });
    expect((await statusOf(dealer.recordId, 'API-1'))!.status).toBe('unavailable');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/dealer/api-keys/${keyId}`,
      headers: bearer(dealer.token),
    });
    expect(revoked.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'DELETE',
      url: '/api/dealer/inventory/API-1',
      headers: { 'x-api-key': key },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('the feed', () => {
  const getFeed = (who: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/dealer/feed', headers: bearer(who.token) });
  const putFeed = (who: TestUser, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/dealer/feed',
      headers: bearer(who.token),
      payload: body,
    });

  it('is null until set; a private seller cannot set one', async () => {
    const none = await getFeed(otherDealer);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toBeNull();
    const refused = await putFeed(privateSeller, { url: `${origin}/feed.csv` });
    expect(refused.statusCode).toBe(403);
    const badInterval = await putFeed(otherDealer, {
      url: `${origin}/feed.csv`,
      interval_hours: 2,
    });
    expect(badInterval.statusCode).toBe(400);
    expect(messageOf(badInterval)).toContain('interval_hours');
  });

  it('is imported at the next run, then again once its interval has passed', async () => {
    const set = await putFeed(otherDealer, {
      url: `${origin}/feed.csv`,
      mode: 'partial',
      interval_hours: 6,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      url: `${origin}/feed.csv`,
      mode: 'partial',
      interval_hours: 6,
      last_run_at: null,
      last_report: null,
    });
    feedText = `${header}\n${carLine('FEED-1')}\n${carLine('FEED-2', { year: 'old' })}\n`;
    await runDealerFeeds(t.app);
    const after = (await getFeed(otherDealer)).json<DealerFeed>();
    expect(after.last_error).toBeNull();
    expect(after.last_run_at).not.toBeNull();
    expect(after.last_report).toMatchObject({
      source: 'feed',
      mode: 'partial',
      dry_run: false,
      created: 1,
      failed: [{ row: 3, field: 'year' }],
    });
    // Not due again within its 6 hours: the next run leaves it alone.
    const reportId = after.last_report!.import_id;
    feedText = `${header}\n${carLine('FEED-1')}\n${carLine('FEED-3')}\n`;
    await runDealerFeeds(t.app);
    expect((await getFeed(otherDealer)).json<DealerFeed>().last_report!.import_id).toBe(reportId);
    expect(await statusOf(otherDealer.recordId, 'FEED-3')).toBeUndefined();
    // Six hours later it is.
    await t.app.db
      .update(dealerFeeds)
      .set({ lastRunAt: new Date(Date.now() - 6 * 3_600_000) })
      .where(eq(dealerFeeds.sellerId, otherDealer.recordId));
    await runDealerFeeds(t.app);
    const later = (await getFeed(otherDealer)).json<DealerFeed>();
    expect(later.last_report).toMatchObject({ created: 1, unchanged: 1, failed: [] });
    expect((await statusOf(otherDealer.recordId, 'FEED-3'))!.status).toBe('active');
  });

  it('keeps why a run could not read the feed, and changes nothing', async () => {
    await t.app.db
      .update(dealerFeeds)
      .set({ lastRunAt: null })
      .where(eq(dealerFeeds.sellerId, otherDealer.recordId));
    feedText = null;
    await runDealerFeeds(t.app);
    const failed = (await getFeed(otherDealer)).json<DealerFeed>();
    expect(failed.last_error).toBe('The feed answered 404');
    expect(failed.last_report!.created).toBe(1);
    // A new address is due at the next run; the error is cleared.
    const moved = await putFeed(otherDealer, { url: `${origin}/feed.csv?v=2`, interval_hours: 24 });
    expect(moved.json()).toMatchObject({ last_error: null, last_run_at: null, interval_hours: 24 });
  });

  it('is due at the hourly run after its interval, a few minutes early allowed', () => {
    const ran = new Date('2026-11-28T10:17:03Z');
    expect(feedIsDue(null, 1, ran)).toBe(true);
    expect(feedIsDue(ran, 1, new Date('2026-11-28T11:16:58Z'))).toBe(true);
    expect(feedIsDue(ran, 6, new Date('2026-11-28T15:17:00Z'))).toBe(false);
    expect(feedIsDue(ran, 6, new Date('2026-11-28T16:17:00Z'))).toBe(true);
    expect(nextFeedRun(ran, 6, new Date('2026-11-28T10:20:00Z')).toISOString()).toBe(
      '2026-11-28T16:17:00.000Z',
    );
    expect(nextFeedRun(null, 6, new Date('2026-11-28T10:20:00Z')).toISOString()).toBe(
      '2026-11-28T11:17:00.000Z',
    );
  });
});

describe('the admin list of sellers', () => {
  it('says which sellers are businesses, with their trader details and check', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users-by-role/${admin.uid}?role=seller&limit=100`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const listed =
      response.json<
        Array<{ uid: string; seller_type: string; trader: { legal_name: string } | null }>
      >();
    expect(listed.find((user) => user.uid === dealer.uid)).toMatchObject({
      seller_type: 'business',
      trader: { legal_name: trader.legal_name, check: 'passed' },
    });
    expect(listed.find((user) => user.uid === privateSeller.uid)).toMatchObject({
      seller_type: 'private',
      trader: null,
    });
  });
});

describe('the seller-type filter', () => {
  it('finds dealers’ or private sellers’ listings only', async () => {
    const category = await createCategory(t.database.db, 'Private Cars');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(privateSeller.token),
      payload: {
        product_name: 'Private Corolla',
        product_description: 'Mine.',
        product_image: '/uploads/0123456789abcdef.webp',
        category_id: category.id,
        resell_price: 5000,
        original_price: 9000,
        year_of_used: 5,
        seller_location: 'Austin',
        seller_phone: '+1 512 555 0199',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const search = async (type: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/search?seller_type=${type}&limit=48` })
      ).json<{ items: Array<{ seller_type: string; seller_uid: string }> }>().items;
    const business = await search('business');
    const personal = await search('private');
    expect(business.length).toBeGreaterThan(0);
    expect(business.every((item) => item.seller_type === 'business')).toBe(true);
    expect(personal.map((item) => item.seller_uid)).toEqual([privateSeller.uid]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/search?seller_type=robot' })).statusCode,
    ).toBe(400);
  });
});
