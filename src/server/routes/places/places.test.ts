import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Place, SearchResult } from '#contract/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import { insertSavedSearch, recordMatches } from '../../saved-searches/repository.js';
import { messageOf } from '../../test-support/answers.js';

/** GeoNames ids of the places these tests use (all in Texas but Denver). */
const AUSTIN = 4671654;
const DALLAS = 4684888;
const HOUSTON = 4699066;
const SAN_ANTONIO = 4726206;
const ROUND_ROCK = 4724129;
const WACO = 4739526;
const DENVER = 5419384;

let t: TestApp;
const get = (url: string) => {
  t.app.publicCache.invalidate();
  return t.app.inject({ method: 'GET', url });
};
const lookup = async (query: string) => {
  const response = await get(`/api/places?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Place[]>();
};
const search = async (query: string) => {
  const response = await get(`/api/search?${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json<SearchResult>();
};
const names = (result: SearchResult) => result.items.map((item) => item.product_name);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const seller = await createUser(db);
  const cars = await createCategory(db, 'Cars near');
  const listings: [string, number | null, string][] = [
    ['Austin Civic', AUSTIN, 'Honda'],
    ['Round Rock Corolla', ROUND_ROCK, 'Toyota'],
    ['San Antonio Camry', SAN_ANTONIO, 'Toyota'],
    ['Waco Accord', WACO, 'Honda'],
    ['Houston F-150', HOUSTON, 'Ford'],
    ['Dallas Mustang', DALLAS, 'Ford'],
    ['Denver Outback', DENVER, 'Subaru'],
    ['Nowhere Golf', null, 'Volkswagen'],
  ];
  const day = 24 * 60 * 60 * 1000;
  for (const [i, [name, placeId, make]] of listings.entries()) {
    await createProduct(
      db,
      { categoryId: cars.id, sellerId: seller.id },
      { productName: name, make, placeId, createdAt: new Date(Date.now() - (i + 1) * day) },
    );
  }
});
afterAll(() => t.close());

describe('GET /api/places', () => {
  it('finds a town by the beginning of its name, the most populous first', async () => {
    const places = await lookup('q=aust');
    expect(places[0]).toMatchObject({ id: AUSTIN, name: 'Austin', region: 'Texas' });
    expect(places[0]!.country).toBe('United States');
    expect(places[0]!.lat).toBeCloseTo(30.267, 2);
    expect(places[0]!.lon).toBeCloseTo(-97.743, 2);
    expect(places.length).toBeLessThanOrEqual(8);
  });

  it('tolerates a typo', async () => {
    expect((await lookup('q=austn'))[0]?.id).toBe(AUSTIN);
    expect((await lookup('q=dalas'))[0]?.id).toBe(DALLAS);
  });

  it('finds a town whose name is unique, and narrows by region after a comma', async () => {
    const roundRock = await lookup('q=Round%20Rock');
    expect(roundRock[0]).toMatchObject({ id: ROUND_ROCK, region: 'Texas' });
    const dallasOregon = await lookup('q=Dallas%2C%20OR');
    expect(dallasOregon[0]).toMatchObject({ name: 'Dallas', region: 'Oregon' });
  });

  it('keeps to the limit, and answers one place by id', async () => {
    expect(await lookup('q=san&limit=20')).toHaveLength(20);
    expect(await lookup('q=san&limit=3')).toHaveLength(3);
    const one = await get(`/api/places/${WACO}`);
    expect(one.json()).toMatchObject({ id: WACO, name: 'Waco', region: 'Texas' });
    expect((await get('/api/places/1')).statusCode).toBe(404);
  });

  it('refuses an empty, missing or over-long query and a bad limit, naming the parameter', async () => {
    for (const query of [
      'q=',
      'q=%20%20',
      '',
      `q=${'a'.repeat(101)}`,
      'q=x&limit=21',
      'q=x&limit=0',
    ]) {
      const response = await get(`/api/places?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(messageOf(response), query).toMatch(/querystring\.(q|limit)/);
    }
  });
});

describe('GET /api/search with a centre', () => {
  it('measures great-circle distances: Austin to Dallas ≈ 293 km within 1 %', async () => {
    const result = await search(`near=${AUSTIN}&radius_km=300`);
    const dallas = result.items.find((item) => item.product_name === 'Dallas Mustang');
    expect(dallas?.distance_km).toBeGreaterThan(293 * 0.99);
    expect(dallas?.distance_km).toBeLessThan(293 * 1.01);
    expect(dallas?.place).toMatchObject({ id: DALLAS, name: 'Dallas', region: 'Texas' });
  });

  it('leaves out listings outside the radius and those without a place', async () => {
    expect(names(await search(`near=${AUSTIN}&radius_km=250&sort=distance`))).toEqual([
      'Austin Civic',
      'Round Rock Corolla',
      'San Antonio Camry',
      'Waco Accord',
      'Houston F-150',
    ]);
    expect((await search(`near=${AUSTIN}`)).total).toBe(2); // 50 km by default
    const everywhere = await search('');
    expect(everywhere.total).toBe(8);
    expect(everywhere.items.every((item) => item.distance_km === undefined)).toBe(true);
  });

  it('takes a position as the centre, and sorts by distance nearest first', async () => {
    const result = await search('lat=32.78&lon=-96.8&radius_km=1000&sort=distance');
    expect(names(result)).toEqual([
      'Dallas Mustang',
      'Waco Accord',
      'Round Rock Corolla',
      'Austin Civic',
      'Houston F-150',
      'San Antonio Camry',
    ]);
    const distances = result.items.map((item) => item.distance_km!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(1);
  });

  it('counts facets and total within the radius', async () => {
    const result = await search(`near=${AUSTIN}&radius_km=200`);
    expect(result.total).toBe(4);
    expect(result.facets.make).toEqual(
      expect.arrayContaining([
        { value: 'Honda', count: 2 },
        { value: 'Toyota', count: 2 },
      ]),
    );
    expect(result.facets.make).toHaveLength(2);
    expect((await search(`near=${AUSTIN}&radius_km=200&make=Toyota`)).total).toBe(2);
  });

  it('finds a keyword within the radius only, nearest first', async () => {
    expect(names(await search(`q=toyota&near=${AUSTIN}&radius_km=200&sort=distance`))).toEqual([
      'Round Rock Corolla',
      'San Antonio Camry',
    ]);
    // Houston is 235 km from Austin, Dallas 293 km: several cells, one of them in range.
    expect(names(await search(`q=ford&near=${AUSTIN}&radius_km=250`))).toEqual(['Houston F-150']);
    expect((await search(`q=ford&near=${AUSTIN}&radius_km=300`)).total).toBe(2);
    // A listing without a place is in no radius.
    expect((await search(`q=golf&near=${AUSTIN}&radius_km=1000`)).total).toBe(0);
    expect((await search('q=golf')).total).toBe(1);
  });

  it('pages through every match once, in each order', async () => {
    for (const sort of ['distance', 'newest', 'price_asc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: SearchResult = await search(
          `near=${AUSTIN}&radius_km=1000&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...names(page));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen, sort).toHaveLength(6);
      expect(new Set(seen).size, sort).toBe(6);
    }
  });

  it('answers 400 naming the parameter for bad centres and radii', async () => {
    const cases: [string, RegExp][] = [
      [`near=${AUSTIN}&radius_km=0`, /radius_km/],
      [`near=${AUSTIN}&radius_km=5000`, /radius_km/],
      ['lat=91&lon=0', /lat/],
      ['lat=0&lon=181', /lon/],
      ['lat=30', /lon/],
      ['sort=distance', /sort/],
      ['radius_km=50', /radius_km/],
      [`near=${AUSTIN}&lat=1&lon=1`, /near/],
      ['near=1', /near/],
      ['near=abc', /near/],
    ];
    for (const [query, parameter] of cases) {
      const response = await get(`/api/search?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(messageOf(response), query).toMatch(parameter);
    }
  });
});

describe('saved searches with a centre', () => {
  it('alert for a new listing inside the radius and not for one outside', async () => {
    const db = t.database.db;
    const watcher = await createUser(db);
    const seller = await createUser(db);
    const category = await createCategory(db, 'Alert cars near');
    const saved = await insertSavedSearch(
      db,
      watcher.id,
      { name: 'Near Austin', query: { near: AUSTIN, radius_km: 100 }, alert: 'instant' },
      50,
    );
    if (saved === 'cap') throw new Error('cap');
    expect(saved).toMatchObject({ radiusKm: 100 });
    const inside = await createProduct(
      db,
      { categoryId: category.id, sellerId: seller.id },
      { placeId: ROUND_ROCK },
    );
    const outside = await createProduct(
      db,
      { categoryId: category.id, sellerId: seller.id },
      { placeId: DALLAS },
    );
    const matches = await db.transaction((tx) => recordMatches(tx, [inside.id, outside.id]));
    const mine = matches.filter((match) => match.savedSearchId === saved.id);
    expect(mine.map((match) => match.productId)).toEqual([inside.id]);
  });
});
