/**
 * VIN decoding cannot be monopolised (docs/reliability.md, the fourth attack): look-ups are
 * limited per user and per address (429 with `retry-after`), the decoder's line is bounded (503
 * with `retry-after` when full), and a listing's own VIN is decoded when it is saved and kept on
 * it, so showing the listing reads the stored decode instead of waiting for the decoder.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { decodeListingVinJob, storeListingVinDecode } from '../../trust/listing-vin.js';
import { expectedCheckDigit } from '../../vehicles/check-digit.js';
import { VIN_DECODES_WAITING_MAX, decodeVin } from '../../vehicles/vin-thread.js';
import { queryRows } from '../../db/rows.js';

let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  // A small limit, so the test of it stays short.
  t = await createTestApp({ VIN_DECODE_RATE_LIMIT_MAX: '2' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Vin Seller' });
});
afterAll(() => t.close());

/** A well-formed VIN (right check digit) made from `serial` (6 digits). */
function vinFor(serial: number): string {
  const draft = `1HGCM826X3A${String(serial).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
}

describe('VIN decoding limits', () => {
  it('answers 429 with retry-after past VIN_DECODE_RATE_LIMIT_MAX look-ups a minute', async () => {
    const decode = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/vin/1HGCM82633A004352',
        headers: bearer(seller.token),
      });
    expect((await decode()).statusCode).toBe(200);
    expect((await decode()).statusCode).toBe(200);
    const refused = await decode();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toContain('at most 2 a minute');
    // The VIN history counts apart but the same way.
    const history = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/vin/1HGCM82633A004352/history',
        headers: bearer(seller.token),
      });
    expect((await history()).statusCode).toBe(200);
    expect((await history()).statusCode).toBe(200);
    expect((await history()).statusCode).toBe(429);
  }, 60_000);

  it("refuses a decode at once (503, retry-after) when the decoder's line is full", async () => {
    const burst = Array.from({ length: VIN_DECODES_WAITING_MAX + 4 }, (_, i) =>
      decodeVin(vinFor(100_000 + i)).then(
        () => 'decoded',
        (error: unknown) => error,
      ),
    );
    const outcomes = await Promise.all(burst);
    const refused = outcomes.filter((outcome) => outcome instanceof HttpError);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect((refused[0] as HttpError).statusCode).toBe(503);
    expect((refused[0] as HttpError).retryAfterSeconds).toBe(5);
    expect(outcomes.filter((outcome) => outcome === 'decoded').length).toBeGreaterThan(0);
  }, 120_000);
});

describe("a listing's own VIN decoded when it is saved", () => {
  it('keeps the decode on the listing, and the listing page reads it from there', async () => {
    const categoryId = (await createCategory(t.database.db)).id;
    const row = await createProduct(
      t.database.db,
      { categoryId, sellerId: seller.recordId },
      { vin: '1HGCM82633A004352', make: 'Honda', model: 'Accord', modelYear: 2003 },
    );
    expect(await storeListingVinDecode(t.database.db, row.id)).toBe(true);
    const [stored] = await t.database.db
      .select({ vinDecoded: products.vinDecoded })
      .from(products)
      .where(eq(products.id, row.id));
    expect(stored!.vinDecoded).toEqual({
      vin: '1HGCM82633A004352',
      decoded: { make: 'Honda', model: 'Accord', modelYear: 2003 },
    });
    // The page answers what is stored, not a fresh decode: a stored decode saying another car
    // gives the mismatch flag.
    await t.database.db
      .update(products)
      .set({
        vinDecoded: {
          vin: '1HGCM82633A004352',
          decoded: { make: 'Ford', model: 'Focus', modelYear: 2012 },
        },
      })
      .where(eq(products.id, row.id));
    const page = await t.app.inject({ method: 'GET', url: `/api/product/${row.id}` });
    expect(page.statusCode).toBe(200);
    const flags = page.json<{ trust_flags: { code: string }[] }>().trust_flags;
    expect(flags.map((flag) => flag.code)).toContain('vin_decode_mismatch');
  }, 60_000);

  it('queues the decode with the listing when a listing is created with a VIN', async () => {
    const categoryId = (await createCategory(t.database.db)).id;
    const before = await queuedDecodes();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        product_name: 'Honda Accord with a VIN',
        product_description: 'Runs well.',
        product_image: '/uploads/vin-test.webp',
        category_id: categoryId,
        condition: 'Good',
        resell_price: 4000,
        original_price: 20000,
        year_of_used: 3,
        seller_location: 'Austin',
        seller_phone: '+1 512 555 0142',
        vin: '1HGCM82633A004352',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await queuedDecodes()).toBe(before + 1);
  }, 60_000);
});

/** Jobs of `decode-listing-vin` ever queued (pg-boss keeps them in its `job` table). */
async function queuedDecodes(): Promise<number> {
  const result = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from (select id from pgboss.job where name = ${decodeListingVinJob}
        union all select id from pgboss.archive where name = ${decodeListingVinJob}) as jobs`,
  );
  return result[0]!.n;
}
