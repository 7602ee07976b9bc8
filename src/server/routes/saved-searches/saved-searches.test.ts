/**
 * Saved searches: every endpoint for its owner only (401 without a token, 403 without
 * a user record, 404 for someone else's), validation naming the field, the per-user cap, the
 * reverse-query matcher (each filter, keyword, recorded once) and the new-match count.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedSearchMax, type SavedSearch } from '#contract/index.js';
import { categories, savedSearches } from '../../db/schema.js';
import {
  bearer,
  issueToken,
  registerUser,
  signUp,
  testOrigin,
  type TestUser,
} from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  createCategory,
  createProduct,
  type ProductOverrides,
} from '../../test-support/factories.js';
import { savedSearchMatchJob } from '../../saved-searches/alerts.js';
import { recordMatches } from '../../saved-searches/repository.js';
import { queryRows, rowsOf } from '../../db/rows.js';

let t: TestApp;
let buyer: TestUser;
let other: TestUser;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  // Workers off: the matcher runs only when a test runs it.
  t = await createTestApp({ JOB_WORKERS: 'false' });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bina Buyer' });
  other = await registerUser(t.app, { role: 'seller', name: 'Omar Other' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sara Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const create = (as: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: as ? bearer(as.token) : {},
    payload: payload as object,
  });
const list = (as: TestUser | null) =>
  t.app.inject({
    method: 'GET',
    url: '/api/saved-searches',
    headers: as ? bearer(as.token) : {},
  });
const call = (
  as: TestUser | null,
  method: 'PATCH' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: as ? bearer(as.token) : {},
    ...(payload ? { payload } : {}),
  });

async function saved(as: TestUser, query: object, alert = 'instant', name = 'My search') {
  const response = await create(as, { name, query, alert });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SavedSearch>();
}

describe('POST /api/saved-searches', () => {
  it('saves the query validated like GET /api/search, without page state', async () => {
    const search = await saved(buyer, {
      make: 'Toyota',
      max_price: '15000',
      q: 'corolla',
      limit: 10,
      cursor: 'abc',
      verified: true,
    });
    expect(search).toMatchObject({
      name: 'My search',
      alert: 'instant',
      new_matches: 0,
      query: { make: 'Toyota', max_price: 15000, q: 'corolla', verified: true },
    });
    expect(search.query).not.toHaveProperty('limit');
    expect(search.query).not.toHaveProperty('cursor');
    const defaulted = await create(buyer, { name: 'Any car', query: {} });
    expect(defaulted.statusCode).toBe(201);
    expect(defaulted.json<SavedSearch>().alert).toBe('instant');
  });

  it('answers 401 without a token and 403 to an account without a user record', async () => {
    expect((await create(null, { name: 'x', query: {} })).statusCode).toBe(401);
    expect((await list(null)).statusCode).toBe(401);
    const fresh = await signUp(t.app);
    const token = await issueToken(t.app, fresh.cookie, fresh.uid);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { ...bearer(token), origin: testOrigin },
      payload: { name: 'No record', query: {} },
    });
    expect(response.statusCode, response.body).toBe(403);
  });

  it.each([
    [{ name: '', query: {} }, 'name'],
    [{ name: 'x'.repeat(81), query: {} }, 'name'],
    [{ name: 'Cheap', query: { max_price: 'cheap' } }, 'max_price'],
    [{ name: 'Bounds', query: { min_price: 20000, max_price: 10000 } }, 'max_price'],
    [{ name: 'Year', query: { min_year: 1800 } }, 'min_year'],
    [{ name: 'Bad', query: {}, alert: 'weekly' }, 'alert'],
    [{ name: 'No query' }, 'query'],
    [{ name: 'Cat', query: { category: 'not-an-id' } }, 'category'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const response = await create(buyer, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
  });

  it(`refuses a saved search beyond ${savedSearchMax} with 409`, async () => {
    const capped = await registerUser(t.app, { role: 'buyer' });
    const user = await t.app.db.execute(sql`select id from users where uid = ${capped.uid}`);
    const userId = rowsOf<{ id: string }>(user)[0]!.id;
    await t.app.db.insert(savedSearches).values(
      Array.from({ length: savedSearchMax }, (_, i) => ({
        userId,
        name: `Search ${i}`,
        query: {},
      })),
    );
    const response = await create(capped, { name: 'One more', query: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toContain(String(savedSearchMax));
  });
});

describe('reading, renaming, visiting and deleting', () => {
  it("lists only the caller's saved searches", async () => {
    const mine = await saved(other, { make: 'Honda' }, 'daily', 'Hondas');
    const theirs = (await list(buyer)).json<SavedSearch[]>();
    expect(theirs.map((s) => s._id)).not.toContain(mine._id);
    const own = (await list(other)).json<SavedSearch[]>();
    expect(own.map((s) => s._id)).toContain(mine._id);
  });

  it("answers 404 for someone else's saved search on every call, and leaves it alone", async () => {
    const mine = await saved(other, { make: 'Mazda' }, 'instant', 'Mazdas');
    const url = `/api/saved-searches/${mine._id}`;
    expect((await call(buyer, 'PATCH', url, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(buyer, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(buyer, 'POST', `${url}/visit`)).statusCode).toBe(404);
    expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(null, 'PATCH', url, { name: 'x' })).statusCode).toBe(401);
    expect((await call(null, 'POST', `${url}/visit`)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(savedSearches).where(eq(savedSearches.id, mine._id));
    expect(row?.name).toBe('Mazdas');
  });

  it('renames, changes the alert, and deletes', async () => {
    const mine = await saved(buyer, { make: 'Ford' }, 'instant', 'Fords');
    const url = `/api/saved-searches/${mine._id}`;
    const renamed = await call(buyer, 'PATCH', url, { name: '  Cheap Fords ', alert: 'daily' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<SavedSearch>()).toMatchObject({ name: 'Cheap Fords', alert: 'daily' });
    const empty = await call(buyer, 'PATCH', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/name or alert/);
    const badAlert = await call(buyer, 'PATCH', url, { alert: 'hourly' });
    expect(badAlert.statusCode).toBe(400);
    expect(badAlert.json<{ message: string }>().message).toContain('alert');
    expect((await call(buyer, 'PATCH', '/api/saved-searches/nope', { name: 'x' })).statusCode).toBe(
      400,
    );
    expect((await call(buyer, 'DELETE', url)).json()).toEqual({ deletedCount: 1 });
    expect((await call(buyer, 'DELETE', url)).statusCode).toBe(404);
  });
});

describe('matching new listings (the reverse query)', () => {
  const listing = (overrides: ProductOverrides) =>
    createProduct(t.database.db, { categoryId, sellerId: seller.recordId }, overrides);

  it('matches each filter and the keyword like the search, once per pair', async () => {
    const matcher = await registerUser(t.app, { role: 'buyer' });
    const toyota = await saved(matcher, { make: 'toyota', max_price: 15000 }, 'off', 'Toyota');
    const keyword = await saved(matcher, { q: 'corol' }, 'off', 'Keyword');
    const typo = await saved(matcher, { q: 'corola' }, 'off', 'Typo');
    const diesel = await saved(matcher, { fuel_type: 'Diesel', min_year: 2015 }, 'off', 'Diesel');
    const category = await saved(matcher, { category: categoryId }, 'off', 'Category');

    const cheap = await listing({
      productName: 'Toyota Corolla',
      make: 'Toyota',
      model: 'Corolla',
      resellPriceCents: 1_200_000,
      modelYear: 2012,
      fuelType: 'Petrol',
    });
    const dear = await listing({
      productName: 'Toyota Land Cruiser',
      make: 'Toyota',
      model: 'Land Cruiser',
      resellPriceCents: 4_500_000,
      modelYear: 2018,
      fuelType: 'Diesel',
    });
    const recorded = await recordMatches(t.app.db, [cheap.id, dear.id]);
    const pairs = (id: string) =>
      recorded
        .filter((match) => match.savedSearchId === id)
        .map((match) => match.productId)
        .sort();
    expect(pairs(toyota._id)).toEqual([cheap.id]);
    expect(pairs(keyword._id)).toEqual([cheap.id]);
    expect(pairs(typo._id)).toEqual([cheap.id]);
    expect(pairs(diesel._id)).toEqual([dear.id]);
    expect(pairs(category._id)).toEqual([cheap.id, dear.id].sort());
    // Run again (an edit, a retried job): nothing new.
    const again = await recordMatches(t.app.db, [cheap.id, dear.id]);
    expect(again.filter((match) => match.savedSearchId === toyota._id)).toEqual([]);

    // New matches count until the owner opens the saved search.
    const before = (await list(matcher)).json<SavedSearch[]>();
    expect(before.find((s) => s._id === toyota._id)?.new_matches).toBe(1);
    expect(before.find((s) => s._id === category._id)?.new_matches).toBe(2);
    const visited = await call(matcher, 'POST', `/api/saved-searches/${category._id}/visit`);
    expect(visited.statusCode).toBe(200);
    expect(visited.json<SavedSearch>().new_matches).toBe(0);
  });

  it('matches the seller type: dealers only or private sellers only', async () => {
    const watcher = await registerUser(t.app, { role: 'buyer' });
    const dealers = await saved(watcher, { make: 'Skoda', seller_type: 'business' }, 'off', 'D');
    const people = await saved(watcher, { make: 'Skoda', seller_type: 'private' }, 'off', 'P');
    const anyone = await saved(watcher, { make: 'Skoda' }, 'off', 'Any');
    const dealer = await registerUser(t.app, { role: 'seller', name: 'Dana Dealer' });
    const trader = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/trader',
      headers: bearer(dealer.token),
      payload: {
        legal_name: 'Skoda Centre Ltd',
        address: '1 Main St, Austin, TX',
        phone: '+1 512 555 0100',
        email: 'sales@skoda.example',
        register_name: 'Texas SOS',
        register_number: '42',
        self_certified: true,
      },
    });
    expect(trader.statusCode, trader.body).toBe(200);
    const fromDealer = await createProduct(
      t.database.db,
      { categoryId, sellerId: dealer.recordId },
      { make: 'Skoda' },
    );
    const fromPerson = await listing({ make: 'Skoda' });
    const recorded = await recordMatches(t.app.db, [fromDealer.id, fromPerson.id]);
    const pairs = (id: string) =>
      recorded
        .filter((match) => match.savedSearchId === id)
        .map((match) => match.productId)
        .sort();
    expect(pairs(dealers._id)).toEqual([fromDealer.id]);
    expect(pairs(people._id)).toEqual([fromPerson.id]);
    expect(pairs(anyone._id)).toEqual([fromDealer.id, fromPerson.id].sort());
  });

  it('matches the kind: vehicles only or parts and accessories only', async () => {
    const watcher = await registerUser(t.app, { role: 'buyer' });
    const cars = await saved(watcher, { q: 'Polo', kind: 'vehicles' }, 'off', 'Cars');
    const parts = await saved(watcher, { q: 'Polo', kind: 'parts' }, 'off', 'Parts');
    const anything = await saved(watcher, { q: 'Polo' }, 'off', 'Anything');
    const partsCategory = await createCategory(t.database.db);
    await t.database.db
      .update(categories)
      .set({ holdsVehicles: false })
      .where(eq(categories.id, partsCategory.id));
    const car = await listing({ productName: 'Volkswagen Polo', make: 'Volkswagen' });
    const mirror = await createProduct(
      t.database.db,
      { categoryId: partsCategory.id, sellerId: seller.recordId },
      { productName: 'Polo wing mirror', make: null, model: null },
    );
    const recorded = await recordMatches(t.app.db, [car.id, mirror.id]);
    const pairs = (id: string) =>
      recorded
        .filter((match) => match.savedSearchId === id)
        .map((match) => match.productId)
        .sort();
    expect(pairs(cars._id)).toEqual([car.id]);
    expect(pairs(parts._id)).toEqual([mirror.id]);
    expect(pairs(anything._id)).toEqual([car.id, mirror.id].sort());
  });

  it('does not match sold, removed or unavailable listings, nor the seller’s own', async () => {
    const own = await saved(seller, { make: 'Lada' }, 'off', 'Ladas');
    const watcher = await registerUser(t.app, { role: 'buyer' });
    const watching = await saved(watcher, { make: 'Lada' }, 'off', 'Ladas');
    const sold = await listing({ make: 'Lada', sold: true });
    const gone = await listing({ make: 'Lada', unavailable: true });
    const mine = await listing({ make: 'Lada' });
    const recorded = await recordMatches(t.app.db, [sold.id, gone.id, mine.id]);
    expect(recorded.filter((match) => match.savedSearchId === own._id)).toEqual([]);
    expect(
      recorded.filter((match) => match.savedSearchId === watching._id).map((m) => m.productId),
    ).toEqual([mine.id]);
  });

  it('queues the matcher in the transaction that creates or edits a listing', async () => {
    const count = async () => {
      const [row] = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from pgboss.job where name = ${savedSearchMatchJob}`,
      );
      return row!.n;
    };
    const before = await count();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        product_name: 'Toyota Yaris',
        product_description: 'Small and reliable.',
        product_image: '/uploads/yaris.webp',
        category_id: categoryId,
        condition: 'Good',
        resell_price: 9000,
        original_price: 18000,
        year_of_used: 4,
        seller_location: 'Dhaka',
        seller_phone: '+8801700000000',
        make: 'Toyota',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});
