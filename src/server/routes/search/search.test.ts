import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SearchResult } from '#contract/index.js';
import { products, users } from '../../db/schema.js';
import { verifySeller } from '../../moderation/repository.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
const ids: Record<string, string> = {};
let carsId = '';
let partsId = '';

const search = async (query: string) => {
  // These tests write straight into the database (factories, repository calls), past the API
  // writes that invalidate the public read cache (plugins/public-cache.ts): start afresh.
  t.app.publicCache.invalidate();
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json<SearchResult>();
};
const names = (result: SearchResult) => result.items.map((item) => item.product_name);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const verified = await createUser(db, { status: 'verified' });
  const unverified = await createUser(db);
  const cars = await createCategory(db, 'Search cars');
  const parts = await createCategory(db, 'Search parts');
  carsId = cars.id;
  partsId = parts.id;
  const day = 24 * 60 * 60 * 1000;
  const base = Date.now() - 100 * day;
  const listings = [
    // name, seller, category, price $, make, model, year, km, fuel, transmission, condition
    [
      'Toyota Corolla 1.8 GLi',
      verified,
      cars,
      9_000,
      'Toyota',
      'Corolla',
      2016,
      120_000,
      'Petrol',
      'Automatic',
      'Good',
    ],
    [
      'Toyota Corolla Hybrid',
      unverified,
      cars,
      15_500,
      'Toyota',
      'Corolla',
      2020,
      40_000,
      'Hybrid',
      'Automatic',
      'Excellent',
    ],
    [
      'Honda Civic Type R',
      verified,
      cars,
      28_000,
      'Honda',
      'Civic',
      2019,
      30_000,
      'Petrol',
      'Manual',
      'Excellent',
    ],
    [
      'Škoda Octavia estate',
      unverified,
      cars,
      7_250.5,
      'Škoda',
      'Octavia',
      2012,
      210_000,
      'Diesel',
      'Manual',
      'Fair',
    ],
    [
      'Nissan Leaf',
      verified,
      cars,
      11_000,
      'Nissan',
      'Leaf',
      2018,
      null,
      'Electric',
      'Automatic',
      'Good',
    ],
    [
      'Roof rack for hatchbacks',
      unverified,
      parts,
      120,
      null,
      null,
      null,
      null,
      null,
      null,
      'Good',
    ],
  ] as const;
  for (const [i, l] of listings.entries()) {
    const row = await createProduct(
      db,
      { categoryId: l[2].id, sellerId: l[1].id },
      {
        productName: l[0],
        productDescription: i === 5 ? 'Fits most cars; bolts included.' : 'One careful owner.',
        resellPriceCents: Math.round(l[3] * 100),
        make: l[4],
        model: l[5],
        modelYear: l[6],
        mileageKm: l[7],
        fuelType: l[8],
        transmission: l[9],
        condition: l[10],
        createdAt: new Date(base + i * day),
      },
    );
    ids[l[0]] = row.id;
  }
  // Not live: sold, removed, taken off the market.
  const refs = { categoryId: cars.id, sellerId: verified.id };
  await createProduct(db, refs, { productName: 'Toyota Corolla sold', make: 'Toyota', sold: true });
  await createProduct(db, refs, {
    productName: 'Toyota Corolla removed',
    make: 'Toyota',
    deletedAt: new Date(),
  });
  await createProduct(db, refs, {
    productName: 'Toyota Corolla away',
    make: 'Toyota',
    unavailable: true,
  });
});
afterAll(() => t.close());

describe('GET /api/search', () => {
  it('lists every live listing newest first without a query, with total and no cursor on one page', async () => {
    const result = await search('');
    expect(names(result)).toEqual([
      'Roof rack for hatchbacks',
      'Nissan Leaf',
      'Škoda Octavia estate',
      'Honda Civic Type R',
      'Toyota Corolla Hybrid',
      'Toyota Corolla 1.8 GLi',
    ]);
    expect(result.total).toBe(6);
    expect(result.estimated).toBe(false);
    expect(result.next_cursor).toBeNull();
    expect(result.items[1]).toMatchObject({
      _id: ids['Nissan Leaf'],
      make: 'Nissan',
      fuel_type: 'Electric',
      resell_price: 11_000,
    });
  });

  it('finds by keyword with a typo, by prefix, by make and model words, and ignoring accents', async () => {
    expect(names(await search('q=corola')).sort()).toEqual([
      'Toyota Corolla 1.8 GLi',
      'Toyota Corolla Hybrid',
    ]);
    expect(names(await search('q=toyota%20corola')).length).toBe(2);
    expect(names(await search('q=civ'))).toEqual(['Honda Civic Type R']);
    expect(names(await search('q=skoda'))).toEqual(['Škoda Octavia estate']);
    expect(names(await search('q=OCTAV'))).toEqual(['Škoda Octavia estate']);
    expect(names(await search('q=bolts'))).toEqual(['Roof rack for hatchbacks']);
    expect((await search('q=zzzzqqq')).total).toBe(0);
    expect((await search('q=%2B%26%7C!')).total).toBe(6); // only operators: no keyword
  });

  it('applies each filter', async () => {
    const cases: [string, string[]][] = [
      [`category=${partsId}`, ['Roof rack for hatchbacks']],
      ['make=toyota', ['Toyota Corolla Hybrid', 'Toyota Corolla 1.8 GLi']],
      ['make=Toyota&model=corolla&min_year=2018', ['Toyota Corolla Hybrid']],
      ['min_price=9000&max_price=11000', ['Nissan Leaf', 'Toyota Corolla 1.8 GLi']],
      ['max_price=7250.50', ['Roof rack for hatchbacks', 'Škoda Octavia estate']],
      ['min_year=2018&max_year=2019', ['Nissan Leaf', 'Honda Civic Type R']],
      ['max_mileage=40000', ['Honda Civic Type R', 'Toyota Corolla Hybrid']],
      ['condition=Excellent', ['Honda Civic Type R', 'Toyota Corolla Hybrid']],
      ['fuel_type=Diesel', ['Škoda Octavia estate']],
      ['transmission=Manual', ['Škoda Octavia estate', 'Honda Civic Type R']],
      ['verified=true', ['Nissan Leaf', 'Honda Civic Type R', 'Toyota Corolla 1.8 GLi']],
      ['verified=false', names(await search(''))],
      [`q=corolla&verified=true&category=${carsId}`, ['Toyota Corolla 1.8 GLi']],
    ];
    for (const [query, expected] of cases) {
      const result = await search(query);
      expect(names(result), query).toEqual(expected);
      expect(result.total, query).toBe(expected.length);
    }
  });

  it('sorts by each order', async () => {
    expect(names(await search('sort=price_asc'))).toEqual([
      'Roof rack for hatchbacks',
      'Škoda Octavia estate',
      'Toyota Corolla 1.8 GLi',
      'Nissan Leaf',
      'Toyota Corolla Hybrid',
      'Honda Civic Type R',
    ]);
    expect(names(await search('sort=price_desc'))[0]).toBe('Honda Civic Type R');
    expect(names(await search('sort=price_desc')).at(-1)).toBe('Roof rack for hatchbacks');
    // Unknown mileage and year sort last.
    expect(names(await search(`sort=mileage_asc&category=${carsId}`))).toEqual([
      'Honda Civic Type R',
      'Toyota Corolla Hybrid',
      'Toyota Corolla 1.8 GLi',
      'Škoda Octavia estate',
      'Nissan Leaf',
    ]);
    expect(names(await search('sort=year_desc'))).toEqual([
      'Toyota Corolla Hybrid',
      'Honda Civic Type R',
      'Nissan Leaf',
      'Toyota Corolla 1.8 GLi',
      'Škoda Octavia estate',
      'Roof rack for hatchbacks',
    ]);
  });

  it('counts facets over every match, and they add up to the total', async () => {
    const result = await search('limit=1');
    expect(result.items).toHaveLength(1);
    expect(result.total).toBe(6);
    const sum = (facet: { count: number }[]) => facet.reduce((total, f) => total + f.count, 0);
    expect(sum(result.facets.condition)).toBe(6);
    expect(sum(result.facets.category)).toBe(6);
    // The roof rack has no vehicle details.
    expect(sum(result.facets.make)).toBe(5);
    expect(sum(result.facets.fuel_type)).toBe(5);
    expect(sum(result.facets.transmission)).toBe(5);
    expect(result.facets.make[0]).toEqual({ value: 'Toyota', count: 2 });
    expect(result.facets.category).toContainEqual({
      value: carsId,
      label: 'Search cars',
      count: 5,
    });
    expect(result.facets.transmission).toEqual([
      { value: 'Automatic', count: 3 },
      { value: 'Manual', count: 2 },
    ]);
    const filtered = await search('q=corolla');
    expect(filtered.facets.fuel_type.map((f) => f.value).sort()).toEqual(['Hybrid', 'Petrol']);
  });

  it('pages through every live listing exactly once, in every sort order', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'mileage_asc', 'year_desc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const result: SearchResult = await search(
          `sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(result.items.length, sort).toBeLessThanOrEqual(2);
        seen.push(...result.items.map((item) => item._id));
        cursor = result.next_cursor;
      } while (cursor);
      expect(seen.length, sort).toBe(6);
      expect(new Set(seen), sort).toEqual(new Set(Object.values(ids)));
    }
  });

  it('answers 400 naming the parameter for bad values', async () => {
    const newestCursor = (await search('limit=1')).next_cursor!;
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=x', 'limit'],
      ['sort=cheapest', 'sort'],
      ['min_price=-1', 'min_price'],
      ['max_price=abc', 'max_price'],
      ['max_price=1.234', 'max_price'],
      ['min_price=10&max_price=5', 'max_price'],
      ['min_year=1800', 'min_year'],
      ['max_year=2.5', 'max_year'],
      ['min_year=2020&max_year=2010', 'max_year'],
      ['max_mileage=-5', 'max_mileage'],
      ['condition=New', 'condition'],
      ['fuel_type=Coal', 'fuel_type'],
      ['transmission=CVT', 'transmission'],
      ['verified=yes', 'verified'],
      ['category=nope', 'category'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['cursor=!!', 'cursor'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      [`sort=price_asc&cursor=${newestCursor}`, 'cursor'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(messageOf(response), query).toContain(`querystring.${field}`);
    }
  });

  it('follows a seller verified by a moderator, and never takes a written seller_verified', async () => {
    const db = t.database.db;
    const seller = await createUser(db);
    const admin = await createUser(db, { role: 'buyer', isAdmin: true });
    // Written true for an unverified seller: the trigger reads the seller instead.
    const listing = await createProduct(
      db,
      { categoryId: carsId, sellerId: seller.id },
      { productName: 'Zephyrwagon Estate', sellerVerified: true },
    );
    const [before] = await db
      .select({ sellerVerified: products.sellerVerified })
      .from(products)
      .where(sql`${products.id} = ${listing.id}`);
    expect(before?.sellerVerified).toBe(false);
    expect(names(await search('q=zephyrwagon&verified=true'))).toEqual([]);
    expect(names(await search('q=zephyrwagon'))).toEqual(['Zephyrwagon Estate']);

    // The moderator's verify (docs/product.md §4) updates the seller's listings in its own transaction.
    expect(await verifySeller(db, admin.id, seller.id)).toEqual({ kind: 'done', modifiedCount: 1 });
    expect(names(await search('q=zephyrwagon&verified=true'))).toEqual(['Zephyrwagon Estate']);
    expect(names(await search('q=zephyrwagn&verified=true'))).toEqual(['Zephyrwagon Estate']);
    // A listing added after the verify is a verified seller's from its insert.
    await createProduct(
      db,
      { categoryId: carsId, sellerId: seller.id },
      { productName: 'Zephyrwagon Coupe' },
    );
    expect(names(await search('q=zephyrwagon&verified=true'))).toEqual([
      'Zephyrwagon Coupe',
      'Zephyrwagon Estate',
    ]);

    // And back, should a status ever be reverted.
    await db
      .update(users)
      .set({ status: 'unverified' })
      .where(sql`${users.id} = ${seller.id}`);
    expect(names(await search('q=zephyrwagon&verified=true'))).toEqual([]);
    await db.delete(products).where(sql`${products.sellerId} = ${seller.id}`);
  });
});

describe('GET /api/search past 1,000 matches (decision 0012: estimated counts)', () => {
  let bulk: TestApp;
  const bulkSearch = async (query: string) => {
    const response = await bulk.app.inject({ method: 'GET', url: `/api/search?${query}` });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return response.json<SearchResult>();
  };

  beforeAll(async () => {
    bulk = await createTestApp();
    const db = bulk.database.db;
    const seller = await createUser(db);
    const cars = await createCategory(db, 'Bulk cars');
    const base = Date.now() - 10_000_000;
    // 1,100 Mazdas (every tenth a Diesel) and 10 Kias.
    await db.insert(products).values(
      Array.from({ length: 1_110 }, (_, i) => ({
        productName: i < 1_100 ? `Mazda CX-5 #${i}` : `Kia Rio #${i}`,
        productDescription: 'Bulk listing.',
        productImage: '/uploads/bulk.webp',
        productImages: ['/uploads/bulk.webp'],
        categoryId: cars.id,
        sellerId: seller.id,
        condition: 'Good',
        resellPriceCents: 1_000_000 + i * 100,
        originalPriceCents: 2_000_000,
        yearOfUsed: 3,
        sellerLocation: 'Dhaka',
        sellerPhone: '01700000000',
        make: i < 1_100 ? 'Mazda' : 'Kia',
        model: i < 1_100 ? 'CX-5' : 'Rio',
        fuelType: i % 10 === 0 ? 'Diesel' : 'Petrol',
        // Same time for many rows: pages must still list each exactly once (id breaks ties).
        createdAt: new Date(base + Math.floor(i / 7) * 1000),
      })),
    );
    await db.execute(sql`analyze products`);
  });
  afterAll(() => bulk.close());

  it('estimates total and facets past 1,000 matches and says so', async () => {
    const all = await bulkSearch('');
    expect(all.estimated).toBe(true);
    expect(all.total).toBeGreaterThan(1_000);
    // Two significant digits at most: an estimate claims no more.
    expect(String(all.total).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
    expect(all.facets.make[0]!.value).toBe('Mazda');
    expect(all.facets.make[0]!.count).toBeGreaterThan(500);

    const mazda = await bulkSearch('q=mazda');
    expect(mazda.estimated).toBe(true);
    expect(mazda.items.every((item) => item.make === 'Mazda')).toBe(true);
  });

  it('stays exact up to 1,000 matches', async () => {
    const diesel = await bulkSearch('fuel_type=Diesel');
    expect(diesel).toMatchObject({ total: 111, estimated: false });
    expect(diesel.facets.make).toEqual([
      { value: 'Mazda', count: 110 },
      { value: 'Kia', count: 1 },
    ]);
    const kia = await bulkSearch('q=rio');
    expect(kia).toMatchObject({ total: 10, estimated: false });
  });

  it('pages through every match of a keyword matching many exactly once', async () => {
    for (const sort of ['newest', 'price_desc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const result: SearchResult = await bulkSearch(
          `q=mazda&sort=${sort}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...result.items.map((item) => item._id));
        cursor = result.next_cursor;
      } while (cursor);
      expect(seen.length, sort).toBe(1_100);
      expect(new Set(seen).size, sort).toBe(1_100);
    }
  });

  // Last in this block: it adds two listings to the bulk data the tests above count.
  it('with a centre, keeps typo neighbours out of a keyword common elsewhere (decision 0026)', async () => {
    const db = bulk.database.db;
    const [seller] = await db.select({ id: products.sellerId }).from(products).limit(1);
    const [category] = await db.select({ id: products.categoryId }).from(products).limit(1);
    const austin = 4671654;
    const inAustin = (name: string, make: string, model: string) => ({
      productName: name,
      productDescription: 'Parked in Austin.',
      productImage: '/uploads/bulk.webp',
      productImages: ['/uploads/bulk.webp'],
      categoryId: category!.id,
      sellerId: seller!.id,
      condition: 'Good' as const,
      resellPriceCents: 900_000,
      originalPriceCents: 2_000_000,
      yearOfUsed: 3,
      sellerLocation: 'Austin, TX',
      sellerPhone: '01700000000',
      make,
      model,
      placeId: austin,
    });
    await db
      .insert(products)
      .values([
        inAustin('Mazda 3 hatchback', 'Mazda', '3'),
        inAustin('Mazzda look-alike', 'Mazzda', 'Replica'),
      ]);
    // "mazda" matches 1,100 listings elsewhere: spelt right, so only the real Mazda near Austin.
    const words = await bulkSearch(`q=mazda&near=${austin}&radius_km=50`);
    expect(words.items.map((item) => item.product_name)).toEqual(['Mazda 3 hatchback']);
    expect(words).toMatchObject({ total: 1, estimated: false });
    // A misspelling matches nothing as typed anywhere: its typo neighbours come back.
    const typo = await bulkSearch(`q=mazzda&near=${austin}&radius_km=50`);
    expect(typo.items.map((item) => item.product_name).sort()).toEqual([
      'Mazda 3 hatchback',
      'Mazzda look-alike',
    ]);
  });
});
