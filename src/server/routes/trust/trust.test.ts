/**
 * Trust signals (decision 0028) through the API: the VIN history and its flags, duplicate photos
 * (a re-encoded, resized copy by another seller is flagged, by the same seller not), the
 * listing's `trust_flags`, scam warnings for the recipient only, reporting a message, the risk
 * queue and its dismissal — and every new endpoint without a token, for the wrong role and on
 * someone else's conversation.
 */
import { readFileSync } from 'node:fs';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  messageReports,
  messages,
  moderationNotices,
  products,
} from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { runPhotoHashBackfill } from '../../trust/backfill.js';
import { expectedCheckDigit } from '../../vehicles/check-digit.js';

let t: TestApp;
let sellerA: TestUser;
let sellerB: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  sellerA = await registerUser(t.app, { role: 'seller', name: 'Alma Seller' });
  sellerB = await registerUser(t.app, { role: 'seller', name: 'Bo Seller' });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' });
  stranger = await registerUser(t.app, { role: 'buyer', name: 'Stan Stranger' });
  admin = await registerUser(t.app, { role: 'buyer', admin: true, name: 'Ada Admin' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

/** A valid North-American VIN of a 2003 Honda Accord with the serial `serial` (6 digits). */
function accordVin(serial: string): string {
  const draft = `1HGCM82603A${serial}`;
  return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
}

const listing = (seller: TestUser, overrides: Partial<typeof products.$inferInsert> = {}) =>
  createProduct(t.database.db, { categoryId, sellerId: seller.recordId }, overrides);

const get = (url: string, as: TestUser | null) =>
  t.app.inject({ method: 'GET', url, headers: as ? bearer(as.token) : {} });

type Flags = {
  code: string;
  text: string;
  mileage?: { earlier_km: number; stated_km: number; earlier_listed_on: string };
}[];
const flagsOf = async (id: string) => {
  const response = await get(`/api/product/${id}`, null);
  expect(response.statusCode).toBe(200);
  return response.json<{ trust_flags: Flags }>().trust_flags;
};

/** A multipart/form-data upload of one image as `as`. */
async function upload(bytes: Buffer, as: TestUser): Promise<string> {
  const boundary = `----sg${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="car.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(as.token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

describe('GET /api/vin/{vin}/history and the VIN flags', () => {
  it('flags a later listing of another seller with a lower mileage: rollback and listed twice', async () => {
    const vin = accordVin('100001');
    const car = { vin, make: 'Honda', model: 'Accord', modelYear: 2003 };
    const first = await listing(sellerA, { ...car, mileageKm: 150_000, createdAt: daysAgo(40) });
    const second = await listing(sellerB, { ...car, mileageKm: 90_000, createdAt: daysAgo(2) });

    const codes = (await flagsOf(second.id)).map((flag) => flag.code);
    expect(codes).toEqual(expect.arrayContaining(['mileage_rollback', 'vin_listed_twice']));
    expect(codes).not.toContain('vin_decode_mismatch');
    // The first listing is live with a twin too, but its mileage went nowhere.
    expect((await flagsOf(first.id)).map((flag) => flag.code)).toEqual(['vin_listed_twice']);

    const response = await get(`/api/vin/${vin.toLowerCase()}/history`, buyer);
    expect(response.statusCode).toBe(200);
    const history = response.json<{
      vin: string;
      listings: { _id: string; mileage_km: number; listing_status: string }[];
      flags: Flags;
    }>();
    expect(history.vin).toBe(vin);
    expect(history.listings.map((row) => [row._id, row.mileage_km, row.listing_status])).toEqual([
      [first.id, 150_000, 'active'],
      [second.id, 90_000, 'active'],
    ]);
    expect(history.flags.map((flag) => flag.code)).toEqual([
      'mileage_rollback',
      'vin_listed_twice',
    ]);
    expect(history.flags[0]!.text).toContain('150,000 km');
    // The figures of the text, for a page that says them in miles.
    const rollback = (await flagsOf(second.id)).find((flag) => flag.code === 'mileage_rollback');
    expect(rollback?.mileage).toEqual({
      earlier_km: 150_000,
      stated_km: 90_000,
      earlier_listed_on: first.createdAt.toISOString().slice(0, 10),
    });
    expect(rollback?.text).toContain(
      `(${rollback!.mileage!.earlier_listed_on}) stated 150,000 km; this one states 90,000 km`,
    );
    expect(history.flags[0]!.mileage).toEqual(rollback?.mileage);
  }, 30_000);

  it('does not flag the same seller relisting the same car, nor a mileage within the tolerance', async () => {
    const vin = accordVin('100002');
    const car = { vin, make: 'Honda', model: 'Accord', modelYear: 2003 };
    await listing(sellerA, {
      ...car,
      mileageKm: 120_000,
      createdAt: daysAgo(30),
      listingStatus: 'sold',
    });
    const again = await listing(sellerA, { ...car, mileageKm: 119_500, createdAt: daysAgo(1) });
    expect(await flagsOf(again.id)).toEqual([]);
  }, 30_000);

  it('flags a VIN declared as another make, model and year: vin_decode_mismatch', async () => {
    const vin = accordVin('100003');
    const row = await listing(sellerA, {
      vin,
      make: 'Toyota',
      model: 'Corolla',
      modelYear: 2010,
      mileageKm: 80_000,
    });
    const flags = await flagsOf(row.id);
    expect(flags.map((flag) => flag.code)).toEqual(['vin_decode_mismatch']);
    expect(flags[0]!.text).toMatch(/2003 Honda Accord/);
  }, 30_000);

  it('shows removed listings to admins only, the flags from all', async () => {
    const vin = accordVin('100004');
    const car = { vin, make: 'Honda', model: 'Accord', modelYear: 2003 };
    const removed = await listing(sellerA, {
      ...car,
      mileageKm: 200_000,
      createdAt: daysAgo(60),
      deletedAt: daysAgo(50),
    });
    const live = await listing(sellerB, { ...car, mileageKm: 100_000 });
    const asBuyer = (await get(`/api/vin/${vin}/history`, buyer)).json<{
      listings: { _id: string; listing_status: string }[];
      flags: Flags;
    }>();
    expect(asBuyer.listings.map((row) => row._id)).toEqual([live.id]);
    expect(asBuyer.flags.map((flag) => flag.code)).toEqual(['mileage_rollback']);
    const asAdmin = (await get(`/api/vin/${vin}/history`, admin)).json<{
      listings: { _id: string; listing_status: string }[];
    }>();
    expect(asAdmin.listings.map((row) => [row._id, row.listing_status])).toEqual([
      [removed.id, 'removed'],
      [live.id, 'active'],
    ]);
  }, 30_000);

  it('answers 401 without a token and 400 for an ill-formed VIN', async () => {
    expect((await get(`/api/vin/${accordVin('100005')}/history`, null)).statusCode).toBe(401);
    const bad = await get('/api/vin/NOT-A-VIN/history', buyer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/vin must be 17/);
  });
});

describe('duplicate photos', () => {
  const photo = readFileSync(new URL('../../../web/public/carousel/car-2.webp', import.meta.url));
  let original: { id: string };
  let originalUrl: string;

  beforeAll(async () => {
    originalUrl = await upload(await sharp(photo).jpeg({ quality: 90 }).toBuffer(), sellerA);
    original = await listing(sellerA, { productImages: [originalUrl], createdAt: daysAgo(10) });
  });

  it('flags a re-encoded, resized copy in another seller’s later listing', async () => {
    const copy = await sharp(photo).resize(700).jpeg({ quality: 55 }).toBuffer();
    const url = await upload(copy, sellerB);
    const row = await listing(sellerB, { productImages: ['/uploads/other.webp', url] });
    const flags = await flagsOf(row.id);
    expect(flags.map((flag) => flag.code)).toEqual(['duplicate_photos']);
    expect(flags[0]!.text).toMatch(/before you pay/);
    // The original, listed first, is not flagged for the copy.
    expect(await flagsOf(original.id)).toEqual([]);
  }, 30_000);

  it('does not flag the same seller relisting with the same photo', async () => {
    const copy = await sharp(photo).resize(900).webp({ quality: 70 }).toBuffer();
    const url = await upload(copy, sellerA);
    const row = await listing(sellerA, { productImages: [url] });
    expect(await flagsOf(row.id)).toEqual([]);
  }, 30_000);

  it('lets a listing show only photos its seller uploaded', async () => {
    const own = await listing(sellerB);
    const ownUrl = await upload(await sharp(photo).rotate(90).jpeg().toBuffer(), sellerB);
    const patch = (images: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/product/${own.id}`,
        headers: bearer(sellerB.token),
        payload: { product_images: images },
      });
    const refused = await patch([ownUrl, originalUrl]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'body.product_images: photo 2 was uploaded by another account; a listing shows only photos its seller uploaded',
    );
    const [unchanged] = await t.database.db
      .select({ images: products.productImages })
      .from(products)
      .where(eq(products.id, own.id));
    expect(unchanged!.images).not.toContain(originalUrl);
    // Uploading the same file makes it theirs too (uploads are content-addressed).
    expect(await upload(await sharp(photo).jpeg({ quality: 90 }).toBuffer(), sellerB)).toBe(
      originalUrl,
    );
    expect((await patch([ownUrl, originalUrl])).statusCode).toBe(200);
  }, 30_000);

  it('asks the first uploader, not the earliest listing; deleted listings match nothing', async () => {
    const bytes = await sharp(photo).resize(800).jpeg({ quality: 80 }).toBuffer();
    const url = await upload(bytes, sellerA);
    // Another seller uploads the same file and shows it on a listing dated before the original's.
    expect(await upload(bytes, sellerB)).toBe(url);
    const framing = await listing(sellerB, { productImages: [url], createdAt: daysAgo(30) });
    const genuine = await listing(sellerA, { productImages: [url] });
    expect(await flagsOf(genuine.id)).toEqual([]);
    expect((await flagsOf(framing.id)).map((flag) => flag.code)).toEqual(['duplicate_photos']);
    // With the first uploader's listings deleted, nothing else shows the photo: the flag lifts.
    const sellerAListings = (
      await t.database.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.sellerId, sellerA.recordId), isNull(products.deletedAt)))
    ).map((row) => row.id);
    expect(sellerAListings).toContain(genuine.id);
    const setDeleted = async (deletedAt: Date | null) => {
      await t.database.db
        .update(products)
        .set({ deletedAt })
        .where(inArray(products.id, sellerAListings));
      // Written behind the API's back: the cached public answers are dropped by hand.
      t.app.invalidation.publish('public');
    };
    await setDeleted(new Date());
    try {
      expect(await flagsOf(framing.id)).toEqual([]);
    } finally {
      await setDeleted(null);
    }
  }, 30_000);

  it('does not flag a different photo', async () => {
    const other = readFileSync(new URL('../../../web/public/carousel/car-3.webp', import.meta.url));
    const url = await upload(other, sellerB);
    const row = await listing(sellerB, { productImages: [url] });
    expect(await flagsOf(row.id)).toEqual([]);
  }, 30_000);
});

describe('scam warnings and POST /api/messages/{id}/report', () => {
  let conversationId: string;
  let scamMessageId: string;
  let buyerMessageId: string;
  let productId: string;

  beforeAll(async () => {
    productId = (await listing(sellerA, { createdAt: daysAgo(3) })).id;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(buyer.token),
      payload: { product_id: productId, text: 'Hi, is it still available?' },
    });
    conversationId = started.json<{ conversation_id: string }>().conversation_id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(sellerA.token),
      payload: { text: 'Yes! Send a deposit of 300 by Western Union to hold it.' },
    });
    expect(sent.statusCode).toBe(201);
    // The sender's own answer carries no warnings.
    expect(sent.json<{ warnings: unknown[] }>().warnings).toEqual([]);
    scamMessageId = sent.json<{ _id: string }>()._id;
  });

  type Page = { messages: { _id: string; mine: boolean; warnings: Flags }[] };
  const page = async (as: TestUser) => {
    const response = await get(`/api/conversations/${conversationId}/messages`, as);
    expect(response.statusCode).toBe(200);
    return response.json<Page>().messages;
  };

  it('shows the warnings to the recipient only', async () => {
    const forBuyer = (await page(buyer)).find((m) => m._id === scamMessageId)!;
    expect(forBuyer.mine).toBe(false);
    expect(forBuyer.warnings.map((w) => w.code).sort()).toEqual([
      'advance_payment',
      'off_platform_payment',
    ]);
    expect(forBuyer.warnings.find((w) => w.code === 'off_platform_payment')!.text).toContain(
      '“western union”',
    );
    const forSeller = (await page(sellerA)).find((m) => m._id === scamMessageId)!;
    expect(forSeller.mine).toBe(true);
    expect(forSeller.warnings).toEqual([]);
    buyerMessageId = (await page(buyer)).find((m) => m.mine)!._id;
  });

  it('matches the warnings once, when the message is written, and reads them from the row', async () => {
    const [stored] = await t.database.db
      .select({ warnings: messages.warnings })
      .from(messages)
      .where(eq(messages.id, scamMessageId));
    expect(stored!.warnings!.map((w) => w.code).sort()).toEqual([
      'advance_payment',
      'off_platform_payment',
    ]);
    // A read answers what was stored, without matching the text again: a row whose stored
    // warnings were changed reads back changed, and a row without (written before warnings were
    // stored) is matched as it is read.
    const marker = [{ code: 'advance_payment' as const, text: 'stored with the message' }];
    await t.database.db
      .update(messages)
      .set({ warnings: marker })
      .where(eq(messages.id, scamMessageId));
    expect((await page(buyer)).find((m) => m._id === scamMessageId)!.warnings).toEqual(marker);
    await t.database.db
      .update(messages)
      .set({ warnings: null })
      .where(eq(messages.id, scamMessageId));
    expect(
      (await page(buyer))
        .find((m) => m._id === scamMessageId)!
        .warnings.map((w) => w.code)
        .sort(),
    ).toEqual(['advance_payment', 'off_platform_payment']);
    await t.database.db
      .update(messages)
      .set({ warnings: stored!.warnings })
      .where(eq(messages.id, scamMessageId));
  });

  it('reports a received message into moderation with the excerpt, once', async () => {
    const report = (as: TestUser | null, id = scamMessageId, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/messages/${id}/report`,
        headers: as ? bearer(as.token) : {},
        payload,
      });
    expect((await report(null)).statusCode).toBe(401);
    expect((await report(stranger)).statusCode).toBe(404);
    expect((await report(sellerA)).statusCode).toBe(403);
    expect((await report(buyer, buyerMessageId)).statusCode).toBe(403);
    expect((await report(buyer, scamMessageId, { reason: 'Nonsense' })).statusCode).toBe(400);

    const first = await report(buyer, scamMessageId, { note: 'Asked for Western Union' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await report(buyer)).json()).toEqual({ acknowledged: true, modifiedCount: 0 });

    const [row] = await t.database.db
      .select()
      .from(messageReports)
      .where(eq(messageReports.messageId, scamMessageId));
    expect(row).toMatchObject({ reason: 'Scam or fraud', note: 'Asked for Western Union' });
    expect(row!.excerpt.map((line) => line.from)).toEqual(['buyer', 'seller']);
    expect(row!.warnings.length).toBe(2);
    const notices = await t.database.db
      .select()
      .from(moderationNotices)
      .where(eq(moderationNotices.productId, productId));
    expect(notices).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.report'), eq(auditLog.targetId, scamMessageId)));
    expect(audit).toHaveLength(1);
  });

  it("answers 404 for someone else's conversation", async () => {
    expect((await get(`/api/conversations/${conversationId}/messages`, stranger)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/admin/risk-queue/{uid} and its dismissal', () => {
  it('refuses no token, a non-admin and another uid', async () => {
    expect((await get(`/api/admin/risk-queue/${admin.uid}`, null)).statusCode).toBe(401);
    expect((await get(`/api/admin/risk-queue/${buyer.uid}`, buyer)).statusCode).toBe(403);
    expect((await get(`/api/admin/risk-queue/${sellerA.uid}`, admin)).statusCode).toBe(403);
    const dismiss = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/risk-queue/${buyer.uid}?id=${crypto.randomUUID()}`,
      headers: bearer(buyer.token),
      payload: { note: 'x' },
    });
    expect(dismiss.statusCode).toBe(403);
  });

  it('lists risky listings highest first with reasons, and a dismissal takes one out', async () => {
    const response = await get(`/api/admin/risk-queue/${admin.uid}`, admin);
    expect(response.statusCode).toBe(200);
    type Item = {
      _id: string;
      score: number;
      reasons: { code: string; points: number; listing_id: string | null }[];
      reported_messages: unknown[];
    };
    const queue = response.json<Item[]>();
    expect(queue.length).toBeGreaterThan(0);
    const scores = queue.map((item) => item.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Every seller here is new; the copied photo and the rollback carry their own reasons.
    const copied = queue.find((item) => item.reasons.some((r) => r.code === 'duplicate_photos'))!;
    expect(copied.reasons.map((r) => r.code)).toEqual(['duplicate_photos', 'new_seller']);
    expect(copied.reasons[0]!.listing_id).toEqual(expect.any(String));
    const reported = queue.find((item) => item.reported_messages.length > 0)!;
    expect(reported.reasons.map((r) => r.code)).toContain('reported_messages');

    const dismissUrl = (id: string) => `/api/admin/risk-queue/${admin.uid}?id=${id}`;
    const empty = await t.app.inject({
      method: 'PATCH',
      url: dismissUrl(copied._id),
      headers: bearer(admin.token),
      payload: { note: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const dismissed = await t.app.inject({
      method: 'PATCH',
      url: dismissUrl(copied._id),
      headers: bearer(admin.token),
      payload: { note: 'Seller sent the original photo files' },
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ modifiedCount: 1 });
    const after = (await get(`/api/admin/risk-queue/${admin.uid}`, admin)).json<Item[]>();
    expect(after.map((item) => item._id)).not.toContain(copied._id);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'risk.dismiss'), eq(auditLog.targetId, copied._id)));
    expect(audit[0]!.details).toMatchObject({ note: 'Seller sent the original photo files' });

    const unknown = await t.app.inject({
      method: 'PATCH',
      url: dismissUrl(crypto.randomUUID()),
      headers: bearer(admin.token),
      payload: { note: 'gone' },
    });
    expect(unknown.statusCode).toBe(404);
  }, 30_000);
});

describe('the hash-photos back-fill', () => {
  it('hashes listing photos stored before hashing and flags a copy; demo drawings are left out', async () => {
    const photo = readFileSync(new URL('../../../web/public/carousel/car-3.webp', import.meta.url));
    const older = await sharp(photo).resize(1000).webp({ quality: 80 }).toBuffer();
    const newer = await sharp(photo).resize(640).jpeg({ quality: 70 }).toBuffer();
    // Stored without a hash, as before hashing existed (and a demo drawing).
    await t.app.imageStore.put('0000000000000aa1.webp', older);
    await t.app.imageStore.put('0000000000000aa2.webp', newer);
    await t.app.imageStore.put('demo-0000000000000aa3.webp', older);
    const first = await listing(sellerA, {
      productImages: ['/uploads/0000000000000aa1.webp'],
      createdAt: daysAgo(20),
    });
    const second = await listing(sellerB, { productImages: ['/uploads/0000000000000aa2.webp'] });
    await listing(sellerB, { productImages: ['/uploads/demo-0000000000000aa3.webp'] });
    expect(await flagsOf(second.id)).toEqual([]);

    expect(await runPhotoHashBackfill(t.app)).toBe(2);
    expect((await flagsOf(second.id)).map((flag) => flag.code)).toEqual(['duplicate_photos']);
    expect(await flagsOf(first.id)).toEqual([]);
    // A second run finds nothing to do.
    expect(await runPhotoHashBackfill(t.app)).toBe(0);
  }, 30_000);
});
