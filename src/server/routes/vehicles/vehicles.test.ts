/**
 * Price guidance (percentiles of comparables on fixed data, the null case under five
 * comparables, a listing's verdict without itself, validation) and offline VIN decoding (the
 * NHTSA example, a wrong check digit, ill-formed VINs, sign-in required).
 */
import { sql } from 'drizzle-orm';
import type { ListingPriceGuidance } from '#contract/vehicles.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCatalogueSql } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  createCategory,
  createProduct,
  type ProductOverrides,
} from '../../test-support/factories.js';
import { rowsOf } from '../../db/rows.js';

let t: TestApp;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const listing = (overrides: ProductOverrides = {}) =>
  createProduct(t.database.db, { categoryId, sellerId: seller.recordId }, overrides);
const monthsAgo = (months: number) => new Date(Date.now() - months * 31 * 24 * 3600 * 1000);

/** Five comparables of a 2015 `make` Alpha at 100,000 km, $10,000–$14,000, and distractors. */
async function seedComparables(make: string) {
  const car = { make, model: 'Alpha', modelYear: 2015, mileageKm: 100_000 };
  const prices = [10_000, 11_000, 12_000, 13_000, 14_000];
  const ids: string[] = [];
  for (const [i, dollars] of prices.entries()) {
    const row = await listing({
      ...car,
      // Different spellings, years within ±2, mileages within the band; one sold and one sold
      // after it was taken off the market: all comparable.
      make: i % 2 ? make.toUpperCase() : make,
      model: i === 1 ? 'ALPHA' : 'Alpha',
      modelYear: 2013 + i,
      mileageKm: 80_000 + i * 10_000,
      resellPriceCents: dollars * 100,
      sold: i === 2 || i === 3,
      unavailable: i === 3,
    });
    ids.push(row.id);
  }
  // Not comparable: another model, too new, too far in mileage, too old a listing, removed,
  // off the market and unsold, no mileage.
  await listing({ ...car, model: 'Beta', resellPriceCents: 100 });
  await listing({ ...car, modelYear: 2018, resellPriceCents: 100 });
  await listing({ ...car, mileageKm: 200_000, resellPriceCents: 100 });
  await listing({ ...car, createdAt: monthsAgo(13), resellPriceCents: 100 });
  await listing({ ...car, deletedAt: new Date(), resellPriceCents: 100 });
  await listing({ ...car, unavailable: true, resellPriceCents: 100 });
  await listing({ ...car, mileageKm: null, resellPriceCents: 100 });
  return ids;
}

const guidance = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/price-guidance?${query}` });

describe('GET /api/price-guidance', () => {
  it('answers the 25th, 50th and 75th percentile of comparable asking prices', async () => {
    await seedComparables('Pricemake');
    const response = await guidance('make=pricemake&model=Alpha&model_year=2015&mileage_km=100000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 5, low: 11_000, median: 12_000, high: 13_000 });
  });

  it('interpolates between prices (percentile_cont) and ignores mileage when none is given', async () => {
    await seedComparables('Interpmake');
    await listing({
      make: 'Interpmake',
      model: 'Alpha',
      modelYear: 2016,
      mileageKm: 300_000,
      resellPriceCents: 15_000_00,
    });
    const response = await guidance('make=Interpmake&model=alpha&model_year=2015');
    // Without mileage: the five, the far-mileage distractor ($1), the no-mileage one ($1) and the
    // $15,000 car: 1, 1, 10000, 11000, 12000, 13000, 14000, 15000.
    expect(response.json()).toMatchObject({
      count: 8,
      low: 7_500.25,
      median: 11_500,
      high: 13_250,
    });
  });

  it('says nothing under five comparables', async () => {
    await listing({ make: 'Raremake', model: 'Alpha', modelYear: 2015, mileageKm: 100_000 });
    await listing({ make: 'Raremake', model: 'Alpha', modelYear: 2016, mileageKm: 90_000 });
    const response = await guidance('make=Raremake&model=Alpha&model_year=2015&mileage_km=100000');
    expect(response.json()).toMatchObject({ count: 2, low: null, median: null, high: null });
    const nothing = await guidance('make=Nomake&model=Alpha&model_year=2015');
    expect(nothing.json()).toMatchObject({ count: 0, low: null, median: null, high: null });
  });

  it('answers 400 naming the parameter at fault', async () => {
    const cases: [string, RegExp][] = [
      ['model=Alpha&model_year=2015', /make/],
      ['make=A&model_year=2015', /model/],
      ['make=A&model=B', /model_year/],
      ['make=A&model=B&model_year=abc', /model_year/],
      ['make=A&model=B&model_year=1700', /model_year/],
      ['make=A&model=B&model_year=2015&mileage_km=-1', /mileage_km/],
      ['make=A&model=B&model_year=2015&mileage_km=1.5', /mileage_km/],
      ['make=%20&model=B&model_year=2015', /make/],
      [`make=${'x'.repeat(41)}&model=B&model_year=2015`, /make/],
    ];
    for (const [query, parameter] of cases) {
      const response = await guidance(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toMatch(parameter);
    }
  });
});

describe('GET /api/product/{id}/price-guidance', () => {
  const own = (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/product/${id}/price-guidance` });
  const car = { model: 'Alpha', modelYear: 2015, mileageKm: 100_000 };

  it('judges the price against the comparables, leaving the listing itself out', async () => {
    await seedComparables('Verdictmake');
    const great = await listing({ ...car, make: 'Verdictmake', resellPriceCents: 9_000_00 });
    const fair = await listing({ ...car, make: 'Verdictmake', resellPriceCents: 12_500_00 });
    const high = await listing({ ...car, make: 'Verdictmake', resellPriceCents: 20_000_00 });
    // Each sees the five plus the two others: 7 comparables.
    const greatAnswer = (await own(great.id)).json<{ verdict: string; count: number }>();
    expect(greatAnswer).toMatchObject({ count: 7, verdict: 'great' });
    expect((await own(fair.id)).json()).toMatchObject({ count: 7, verdict: 'fair' });
    expect((await own(high.id)).json()).toMatchObject({ count: 7, verdict: 'high' });
  });

  it('has no verdict when too few comparables remain without the listing', async () => {
    const ids = await seedComparables('Fewmake');
    // The 2015 car at 100,000 km: the four others are its comparables.
    const answer = (await own(ids[2]!)).json<ListingPriceGuidance>();
    expect(answer).toMatchObject({ count: 4, low: null, median: null, high: null, verdict: null });
  });

  it('has no verdict for a listing without vehicle details', async () => {
    const plain = await listing({ make: null, model: null, modelYear: null });
    expect((await own(plain.id)).json()).toEqual({
      count: 0,
      low: null,
      median: null,
      high: null,
      verdict: null,
    });
  });

  it('answers 404 for an unknown or removed listing, 400 for a malformed id', async () => {
    const removed = await listing({ deletedAt: new Date() });
    expect((await own(removed.id)).statusCode).toBe(404);
    expect((await own('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await own('not-an-id')).statusCode).toBe(400);
  });
});

describe('the price-guidance index (decision 0019)', () => {
  /** The plan of the badge's comparables query (repository.ts), with only index scans allowed. */
  async function badgePlan(exceptId: string) {
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute(sql`
        explain select count(*)::int,
          count(*) filter (where listing_status = 'sold'),
          percentile_cont(0.5) within group (order by coalesce(sold_price_cents, resell_price_cents))
        from products
        where lower(make) = 'indexonly' and lower(model) = 'alpha'
          and model_year between 2013 and 2017 and mileage_km between 80000 and 120000
          and created_at >= now() - make_interval(months => 12)
          and ${inCatalogueSql}
          and id <> ${exceptId}`);
      const rows = rowsOf<Record<string, string>>(result);
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it('answers a badge (which leaves its listing out by id) from the index alone', async () => {
    const [first] = await seedComparables('IndexOnly');
    expect(await badgePlan(first!)).toContain('Index Only Scan using products_price_guidance_idx');
  });
});

describe('GET /api/vin/{vin}', () => {
  const decode = (vin: string, as: TestUser | null = seller) =>
    t.app.inject({
      method: 'GET',
      url: `/api/vin/${encodeURIComponent(vin)}`,
      headers: as ? bearer(as.token) : {},
    });

  it('needs a token (401)', async () => {
    expect((await decode('1HGCM82633A004352', null)).statusCode).toBe(401);
  });

  it('decodes the NHTSA example to a 2003 Honda Accord', async () => {
    const response = await decode('1HGCM82633A004352');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      vin: '1HGCM82633A004352',
      valid: true,
      make: 'Honda',
      model: 'Accord',
      model_year: 2003,
      fuel_type: 'Petrol',
      errors: [],
    });
  }, 30_000);

  it('decodes a VIN with a wrong check digit and says so in errors', async () => {
    const response = await decode('1hgcm82643a004352');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ valid: boolean; make: string; errors: string[]; vin: string }>();
    expect(body).toMatchObject({ vin: '1HGCM82643A004352', valid: false, make: 'Honda' });
    expect(body.errors).toEqual([expect.stringMatching(/Check digit .* is 4 but should be 3/)]);
  }, 30_000);

  it('answers 400 for an ill-formed VIN', async () => {
    for (const vin of ['ABC', '1HGCM82633A00435I', '1HGCM82633A0043521', '1HGCM82633A00435!']) {
      const response = await decode(vin);
      expect(response.statusCode, vin).toBe(400);
      expect(response.json<{ message: string }>().message, vin).toMatch(/vin must be 17/);
    }
  });
});
