/**
 * Favourites: add and remove are idempotent and per caller, the list shows each
 * listing's state, nobody reads or changes another user's favourites, and a lowered price queues
 * exactly one mail per watcher (none for those who unsubscribed, none for a raise).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema.js';
import { sendMailJob } from '../../jobs/send-mail.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  createCategory,
  createProduct,
  type ProductOverrides,
} from '../../test-support/factories.js';
import { queryRows } from '../../db/rows.js';

let t: TestApp;
let buyer: TestUser;
let other: TestUser;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Fay Fan' });
  other = await registerUser(t.app, { role: 'buyer', name: 'Olly Other' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const listing = (overrides: ProductOverrides = {}) =>
  createProduct(t.database.db, { categoryId, sellerId: seller.recordId }, overrides);
const put = (as: TestUser | null, id: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/favourites/${id}`,
    headers: as ? bearer(as.token) : {},
  });
const del = (as: TestUser | null, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/favourites/${id}`,
    headers: as ? bearer(as.token) : {},
  });
const list = (as: TestUser | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/favourites${query}`,
    headers: as ? bearer(as.token) : {},
  });
type Item = { product: { _id: string }; state: string };

describe('favourites', () => {
  it('needs a token for every call (401)', async () => {
    const product = await listing();
    expect((await put(null, product.id)).statusCode).toBe(401);
    expect((await del(null, product.id)).statusCode).toBe(401);
    expect((await list(null)).statusCode).toBe(401);
    const ids = await t.app.inject({ method: 'GET', url: `/api/favourites/ids?ids=${product.id}` });
    expect(ids.statusCode).toBe(401);
  });

  it('adds and removes idempotently, for any role', async () => {
    const product = await listing();
    expect((await put(buyer, product.id)).json()).toEqual({ favourite: true });
    expect((await put(buyer, product.id)).statusCode).toBe(200);
    expect((await put(seller, product.id)).statusCode).toBe(200);
    const mine = (await list(buyer)).json<Item[]>();
    expect(mine.filter((item) => item.product._id === product.id)).toHaveLength(1);
    expect((await del(buyer, product.id)).json()).toEqual({ favourite: false });
    expect((await del(buyer, product.id)).statusCode).toBe(200);
    const after = (await list(buyer)).json<Item[]>();
    expect(after.some((item) => item.product._id === product.id)).toBe(false);
  });

  it('answers 404 for an unknown or removed listing, 400 for a malformed id', async () => {
    const removed = await listing({ deletedAt: new Date() });
    expect((await put(buyer, removed.id)).statusCode).toBe(404);
    expect((await put(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await put(buyer, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/productId/);
  });

  it('keeps favourites per caller: another user neither sees nor removes them', async () => {
    const product = await listing();
    await put(buyer, product.id);
    const theirs = (await list(other)).json<Item[]>();
    expect(theirs.some((item) => item.product._id === product.id)).toBe(false);
    // Other's DELETE touches only other's own (empty) list.
    await del(other, product.id);
    const mine = (await list(buyer)).json<Item[]>();
    expect(mine.some((item) => item.product._id === product.id)).toBe(true);
    const ids = await t.app.inject({
      method: 'GET',
      url: `/api/favourites/ids?ids=${product.id}`,
      headers: bearer(other.token),
    });
    expect(ids.json()).toEqual({ ids: [] });
  });

  it('lists newest first with each state, a page at a time', async () => {
    const fan = await registerUser(t.app, { role: 'buyer' });
    const available = await listing();
    const sold = await listing({ sold: true });
    const offMarket = await listing({ unavailable: true });
    const removed = await listing();
    for (const product of [available, sold, offMarket, removed]) await put(fan, product.id);
    await t.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, removed.id));
    const first = await list(fan, '?limit=3');
    expect(first.statusCode).toBe(200);
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    const second = await list(fan, `?limit=3&cursor=${cursor as string}`);
    const all = [...first.json<Item[]>(), ...second.json<Item[]>()];
    expect(all.map((item) => [item.product._id, item.state])).toEqual([
      [removed.id, 'unavailable'],
      [offMarket.id, 'unavailable'],
      [sold.id, 'sold'],
      [available.id, 'available'],
    ]);
    const ids = await t.app.inject({
      method: 'GET',
      url: `/api/favourites/ids?ids=${available.id},${sold.id},${(await listing()).id}`,
      headers: bearer(fan.token),
    });
    expect(ids.json<{ ids: string[] }>().ids.sort()).toEqual([available.id, sold.id].sort());
    expect((await list(fan, '?limit=0')).statusCode).toBe(400);
    expect((await list(fan, '?cursor=bogus')).statusCode).toBe(400);
  });
});

describe('price-drop mail', () => {
  async function queuedKeys(productId: string): Promise<string[]> {
    const result = await queryRows<{ key: string }>(
      t.app.db,
      sql`select data->>'key' as key from pgboss.job where name = ${sendMailJob}
            and data->>'key' like ${`price-drop:${productId}:%`}
          union all
          select data->>'key' from pgboss.archive where name = ${sendMailJob}
            and data->>'key' like ${`price-drop:${productId}:%`}`,
    );
    return result.map((row) => row.key);
  }
  const edit = (id: string, resell_price: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/product/${id}`,
      headers: bearer(seller.token),
      payload: { resell_price },
    });

  it('queues one mail per watcher per drop, none for opted-out watchers or raises', async () => {
    const product = await listing({ resellPriceCents: 1_000_000 });
    const optedOut = await registerUser(t.app, { role: 'buyer' });
    const watcher = await registerUser(t.app, { role: 'buyer' });
    for (const user of [watcher, other, optedOut]) await put(user, product.id);
    await t.database.db
      .update(users)
      .set({ priceDropEmails: false })
      .where(eq(users.id, optedOut.recordId));

    expect((await edit(product.id, 11_000)).statusCode).toBe(200); // a raise
    expect(await queuedKeys(product.id)).toEqual([]);

    expect((await edit(product.id, 9_500)).statusCode).toBe(200); // a drop
    const keys = await queuedKeys(product.id);
    expect(keys).toHaveLength(2);
    const watchersMailed = keys.map((key) => key.split(':')[2]).sort();
    expect(watchersMailed).toEqual([watcher.recordId, other.recordId].sort());
    expect(keys.every((key) => key.split(':')[3] === '950000')).toBe(true);

    expect((await edit(product.id, 9_500)).statusCode).toBe(200); // same price: no drop
    expect(await queuedKeys(product.id)).toHaveLength(2);
  });

  it('turns off through the signed unsubscribe link (topic price-drop)', async () => {
    const reader = await registerUser(t.app, { role: 'buyer' });
    const url = new URL(t.app.unsubscribe.url(reader.recordId, 'price-drop'));
    const response = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ on: users.priceDropEmails })
      .from(users)
      .where(eq(users.id, reader.recordId));
    expect(row?.on).toBe(false);
  });
});
