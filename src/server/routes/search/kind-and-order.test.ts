/**
 * What a search holds and in what order (decision 0047): `kind` keeps vehicles or parts and
 * accessories (the category's kind) in the results and the facets; with a centre and no `sort`
 * the answer is nearest first; the radius applied is the radius asked, to the fraction of a
 * kilometre (a radius chosen in miles is sent as its exact kilometres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SearchResult } from '#contract/index.js';
import { categories } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';

/** GeoNames ids (Texas). */
const AUSTIN = 4671654;
const ROUND_ROCK = 4724129;
const SAN_ANTONIO = 4726206;
const WACO = 4739526;

let t: TestApp;
let carsId = '';
let partsId = '';
const search = async (query: string) => {
  t.app.publicCache.invalidate();
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json<SearchResult>();
};
const names = (result: SearchResult) => result.items.map((item) => item.product_name);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const seller = await createUser(db);
  const cars = await createCategory(db, 'Kind cars');
  const parts = await createCategory(db, 'Kind wheels');
  await db.update(categories).set({ holdsVehicles: false }).where(eq(categories.id, parts.id));
  carsId = cars.id;
  partsId = parts.id;
  const day = 24 * 60 * 60 * 1000;
  // Newest first is the reverse of nearest first: the order shows which one applied.
  const listings: [string, string, number, string | null][] = [
    ['Austin Civic', cars.id, AUSTIN, 'Honda'],
    ['Round Rock Corolla', cars.id, ROUND_ROCK, 'Toyota'],
    ['Waco Accord', cars.id, WACO, 'Honda'],
    ['San Antonio Camry', cars.id, SAN_ANTONIO, 'Toyota'],
    ['Austin alloy wheels', parts.id, AUSTIN, null],
  ];
  for (const [i, [name, categoryId, placeId, make]] of listings.entries()) {
    await createProduct(
      db,
      { categoryId, sellerId: seller.id },
      { productName: name, make, placeId, createdAt: new Date(Date.now() - (10 - i) * day) },
    );
  }
}, 120_000);
afterAll(() => t.close());

describe('GET /api/search?kind=', () => {
  it('keeps vehicles or parts and accessories, by the category kind', async () => {
    expect(names(await search('kind=vehicles'))).toEqual([
      'San Antonio Camry',
      'Waco Accord',
      'Round Rock Corolla',
      'Austin Civic',
    ]);
    expect(names(await search('kind=parts'))).toEqual(['Austin alloy wheels']);
    expect((await search('')).total).toBe(5);
    expect((await search(`kind=parts&category=${carsId}`)).total).toBe(0);
  });

  it('counts the facets of that kind only', async () => {
    const vehicles = await search('kind=vehicles');
    expect(vehicles.total).toBe(4);
    expect(vehicles.facets.category).toEqual([{ value: carsId, label: 'Kind cars', count: 4 }]);
    expect(vehicles.facets.condition.reduce((sum, facet) => sum + facet.count, 0)).toBe(4);
    const parts = await search('kind=parts');
    expect(parts.facets.category).toEqual([{ value: partsId, label: 'Kind wheels', count: 1 }]);
    expect(parts.facets.make).toEqual([]);
  });

  it('answers 400 naming kind for another value', async () => {
    t.app.publicCache.invalidate();
    const response = await t.app.inject({ method: 'GET', url: '/api/search?kind=boats' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/kind/);
  });
});

describe('GET /api/search with a centre and no sort', () => {
  it('answers nearest first, and newest first when asked', async () => {
    const nearest = await search(`near=${AUSTIN}&radius_km=300&kind=vehicles`);
    expect(names(nearest)).toEqual([
      'Austin Civic',
      'Round Rock Corolla',
      'San Antonio Camry',
      'Waco Accord',
    ]);
    const distances = nearest.items.map((item) => item.distance_km!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(names(await search(`near=${AUSTIN}&radius_km=300&kind=vehicles&sort=newest`))).toEqual([
      'San Antonio Camry',
      'Waco Accord',
      'Round Rock Corolla',
      'Austin Civic',
    ]);
    // Without a centre the default stays newest first.
    expect(names(await search('kind=vehicles'))[0]).toBe('San Antonio Camry');
  });

  it('pages nearest first with the cursor of that order', async () => {
    const first = await search(`near=${AUSTIN}&radius_km=300&limit=2`);
    expect(first.next_cursor).not.toBeNull();
    const second = await search(`near=${AUSTIN}&radius_km=300&limit=2&cursor=${first.next_cursor}`);
    const all = [...first.items, ...second.items].map((item) => item.distance_km!);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set([...names(first), ...names(second)]).size).toBe(4);
  });
});

describe('GET /api/search radius', () => {
  it('applies the radius asked to the fraction, so every distance is within it', async () => {
    const all = await search(`near=${AUSTIN}&radius_km=300`);
    const roundRock = all.items.find((item) => item.product_name === 'Round Rock Corolla')!;
    const km = roundRock.distance_km!;
    expect(km).toBeGreaterThan(20);
    // A radius a little under and a little over that distance (distances have one decimal).
    expect(names(await search(`near=${AUSTIN}&radius_km=${km - 0.1}`))).not.toContain(
      'Round Rock Corolla',
    );
    expect(names(await search(`near=${AUSTIN}&radius_km=${km + 0.1}`))).toContain(
      'Round Rock Corolla',
    );
    // 25 miles as the search page sends it (25 × 1.609344 km).
    const miles = await search(`near=${AUSTIN}&radius_km=40.2336`);
    expect(miles.items.length).toBeGreaterThan(0);
    for (const item of miles.items) expect(item.distance_km!).toBeLessThanOrEqual(40.2336);
    expect(miles.total).toBe(miles.items.length);
  });
});
