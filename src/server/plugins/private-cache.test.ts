/**
 * A caller's own reads: My Orders (`GET /api/orders`) is kept in memory per caller
 * until the next write. Shows that the cache is real (a change made behind the API's back stays
 * unseen until an invalidation), that it never answers one caller with another's orders, that
 * the guard still refuses on a hit, and that every kind of write that changes My Orders — the
 * buyer's, the seller's, another instance's, the deposit jobs' — is seen at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, startSecondInstance, type TestApp } from '../test-support/app.js';
import { bookOrder } from '../routes/orders/test-helpers.js';
import { settleDeposit, sweepDeposits } from '../deposits/service.js';
import { orders, users } from '../db/schema.js';
import type { Order } from '../../contract/index.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let categoryId: string;

const myOrders = async (user: TestUser, app: FastifyInstance = t.app) => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/orders',
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json<Order[]>();
};

const write = async (
  user: TestUser,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  app: FastifyInstance = t.app,
) => {
  const response = await app.inject({
    method,
    url,
    headers: bearer(user.token),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<Record<string, unknown>>();
};

const addListing = async (name: string) =>
  (
    await write(seller, 'POST', '/api/products', {
      product_name: name,
      product_description: 'A tidy test hatchback, one careful owner.',
      product_image: '/uploads/cover.webp',
      category_id: categoryId,
      condition: 'Good',
      resell_price: 5000,
      original_price: 9000,
      year_of_used: 3,
      seller_location: 'Austin, TX',
      seller_phone: '+1 512 555 0142',
    })
  ).insertedId as string;

const locationOf = (list: Order[], id: string) =>
  list.find((order) => order._id === id)?.customer_info.meeting_location;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Carter' });
  buyer = await registerUser(t.app, { role: 'buyer' });
  otherBuyer = await registerUser(t.app, { role: 'buyer' });
  categoryId = (await write(seller, 'POST', '/api/categories', { category_name: 'Hatchback' }))
    .insertedId as string;
});
afterAll(() => t.close());

describe('My Orders from memory', () => {
  it('answers a repeated read from memory: a change behind the API stays unseen until invalidated', async () => {
    const orderId = await bookOrder(t.app, buyer, await addListing('Memory hatchback'));
    const first = await myOrders(buyer);
    expect(locationOf(first, orderId)).toBe('Gulshan 2');
    const hits = t.app.privateCache.hits;

    // Straight into the database, as psql would: no API write, so no signal.
    await t.app.db
      .update(orders)
      .set({ meetingLocation: 'Changed behind the API' })
      .where(eq(orders.id, orderId));
    expect(locationOf(await myOrders(buyer), orderId)).toBe('Gulshan 2');
    expect(t.app.privateCache.hits).toBe(hits + 1);

    t.app.privateCache.invalidate();
    expect(locationOf(await myOrders(buyer), orderId)).toBe('Changed behind the API');
  });

  it("never answers one buyer with another's orders", async () => {
    const mine = await bookOrder(t.app, buyer, await addListing('Mine hatchback'));
    const theirs = await bookOrder(t.app, otherBuyer, await addListing('Theirs hatchback'));
    for (let round = 0; round < 3; round++) {
      const ids = (await myOrders(buyer)).map((order) => order._id);
      const otherIds = (await myOrders(otherBuyer)).map((order) => order._id);
      expect(ids).toContain(mine);
      expect(ids).not.toContain(theirs);
      expect(otherIds).toEqual([theirs]);
    }
  });

  it('still refuses on a hit: no token, the wrong role, a deleted account', async () => {
    const late = await registerUser(t.app, { role: 'buyer' });
    await bookOrder(t.app, late, await addListing('Refused hatchback'));
    await myOrders(late);
    await myOrders(late);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(anonymous.statusCode).toBe(401);
    // The wrong role: an account without the buyer role (every account buys, decision 0042).
    const nonBuyer = await registerUser(t.app, { role: 'seller' });
    await t.database.db.update(users).set({ isBuyer: false }).where(eq(users.uid, nonBuyer.uid));
    const asNonBuyer = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: bearer(nonBuyer.token),
    });
    expect(asNonBuyer.statusCode).toBe(403);

    await write(late, 'DELETE', '/api/profile');
    const deleted = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: bearer(late.token),
    });
    expect(deleted.statusCode).toBeGreaterThanOrEqual(401);
    expect(deleted.statusCode).toBeLessThanOrEqual(403);
  });

  it("shows every API write at once: the buyer's booking and cancel, the seller's new name and decline", async () => {
    const productId = await addListing('Written hatchback');
    await myOrders(buyer);
    const orderId = await bookOrder(t.app, buyer, productId);
    expect((await myOrders(buyer)).map((order) => order._id)).toContain(orderId);

    // Open bookings follow the seller's new name (PATCH /api/profile).
    await write(seller, 'PATCH', '/api/profile', { displayName: 'Samira Carter' });
    const renamed = (await myOrders(buyer)).find((order) => order._id === orderId);
    expect(renamed?.seller_info.seller_name).toBe('Samira Carter');

    await write(seller, 'PATCH', `/api/order/${orderId}/decline`, { message: 'Sold elsewhere' });
    const declined = (await myOrders(buyer)).find((order) => order._id === orderId);
    expect(declined?.booking_state).toBe('declined');

    const second = await bookOrder(t.app, buyer, await addListing('Cancelled hatchback'));
    expect((await myOrders(buyer)).map((order) => order._id)).toContain(second);
    await write(buyer, 'DELETE', `/api/order/${second}`);
    expect((await myOrders(buyer)).map((order) => order._id)).not.toContain(second);
  });

  it('the deposit jobs, which change orders outside a request, start a new generation', async () => {
    const before = t.app.invalidation.generation('private');
    await settleDeposit(t.app, '00000000-0000-0000-0000-000000000000', new Date());
    const afterSettle = t.app.invalidation.generation('private');
    expect(afterSettle).toBeGreaterThan(before);
    // A sweep with nothing to settle changes nothing, and says nothing.
    await sweepDeposits(t.app, new Date());
    expect(t.app.invalidation.generation('private')).toBe(afterSettle);
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await startSecondInstance(t);
  });
  afterAll(() => other.close());

  it("a seller's decline on one instance is seen in My Orders on the other", async () => {
    const orderId = await bookOrder(t.app, buyer, await addListing('Two-instance hatchback'));
    const read = async () =>
      (await myOrders(buyer, other)).find((order) => order._id === orderId)?.booking_state;
    expect(await read()).toBe('open');
    expect(await read()).toBe('open');
    await write(seller, 'PATCH', `/api/order/${orderId}/decline`, { message: 'Gone' });
    // The signal leaves before the write's answer does (plugins/invalidation.ts). Through Redis
    // the other instance has it before the writer can ask; through PostgreSQL's LISTEN/NOTIFY
    // it arrives a few milliseconds after the answer (docs/deploy.md, "Caches"), so the old
    // answer may be read in that window, never after it.
    await expect.poll(read, { timeout: 2_000, interval: 10 }).toBe('declined');
  });
});
