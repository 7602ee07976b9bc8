/**
 * The seller's side of a booking: `GET /api/seller-orders`, the seller's decline
 * (`PATCH /api/order/{id}/decline`), the buyer's cancel (`DELETE /api/order/{id}`), what a
 * closed booking means for paying and booking again, and the booking mails they queue.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema.js';
import { sendMailJob } from '../../jobs/send-mail.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sendMailNow } from '../../test-support/mail-jobs.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { clientSecretFor, confirm } from '../payments/test-helpers.js';
import { book, bookOrder } from './test-helpers.js';
import { queryRows } from '../../db/rows.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bina Buyer' });
  otherBuyer = await registerUser(t.app, { role: 'buyer', name: 'Omar Other' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sara Seller' });
  otherSeller = await registerUser(t.app, { role: 'seller', name: 'Olga Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const listingOf = (owner: TestUser) =>
  createProduct(t.database.db, { categoryId, sellerId: owner.recordId });

const sellerOrders = (as: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/seller-orders${query}`, headers: bearer(as.token) });
const decline = (as: TestUser, id: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${id}/decline`,
    headers: bearer(as.token),
    payload: payload as Record<string, unknown>,
  });
const cancel = (as: TestUser, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bearer(as.token) });
const myOrders = async (as: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(as.token) })).json<
    { _id: string; booking_state: string; decline_message: string | null }[]
  >();
const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The keys of the send-mail jobs queued so far (waiting, done or archived). */
async function queuedMailKeys(): Promise<string[]> {
  const result = await queryRows<{ key: string }>(
    t.app.db,
    sql`select data->>'key' as key from pgboss.job where name = ${sendMailJob}
        union all select data->>'key' from pgboss.archive where name = ${sendMailJob}`,
  );
  return result.map((row) => row.key);
}

/**
 * Runs the queued send-mail job of `key` now, as its worker would (a worker that already sent it
 * makes this a no-op: send-mail is once per key), so a test need not wait for the poll.
 */
async function deliver(key: string): Promise<void> {
  const result = await queryRows<{ data: { key: string; sealed: string } }>(
    t.app.db,
    sql`select data from pgboss.job where name = ${sendMailJob} and data->>'key' = ${key}
        union all select data from pgboss.archive where name = ${sendMailJob} and data->>'key' = ${key}`,
  );
  expect(result.length).toBeGreaterThan(0);
  await sendMailNow(t.app, result[0]!.data);
}

/** The plain-text copies of sent mail whose text holds every one of `needles`. */
function mailsWith(...needles: string[]): string[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((text) => needles.every((needle) => text.includes(needle)));
}

describe('GET /api/seller-orders', () => {
  it("lists the bookings of the caller's products only, newest first, with the buyer's contact", async () => {
    const product = await listingOf(seller);
    const foreign = await listingOf(otherSeller);
    const first = await bookOrder(t.app, buyer, product.id);
    const second = await bookOrder(t.app, otherBuyer, product.id);
    const notMine = await bookOrder(t.app, buyer, foreign.id);

    const response = await sellerOrders(seller);
    expect(response.statusCode).toBe(200);
    const list = response.json<
      {
        _id: string;
        customer_info: { customer_name: string; customer_phone: string; meeting_location: string };
        booking_state: string;
        booked_at: string;
      }[]
    >();
    const ids = list.map((order) => order._id);
    expect(ids).toContain(first);
    expect(ids).toContain(second);
    expect(ids).not.toContain(notMine);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const bina = list.find((order) => order._id === first)!;
    expect(bina.customer_info).toMatchObject({
      customer_name: 'Bina Buyer',
      customer_phone: '01711111111',
      meeting_location: 'Gulshan 2',
    });
    expect(bina.booking_state).toBe('open');
    expect(Number.isNaN(Date.parse(bina.booked_at))).toBe(false);
  });

  it('pages with limit and the x-next-cursor header, every booking exactly once', async () => {
    const pager = await registerUser(t.app, { role: 'seller' });
    const products = await Promise.all([1, 2, 3].map(() => listingOf(pager)));
    for (const product of products) await bookOrder(t.app, buyer, product.id);
    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await sellerOrders(pager, query);
      expect(page.statusCode).toBe(200);
      seen.push(...page.json<{ _id: string }[]>().map((order) => order._id));
      const next = page.headers['x-next-cursor'];
      if (typeof next !== 'string') break;
      query = `?limit=2&cursor=${next}`;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it('refuses a bad limit or cursor with 400 naming it', async () => {
    const bad = await sellerOrders(seller, '?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('limit');
    const cursor = await sellerOrders(seller, '?cursor=bm90LWEtY3Vyc29y');
    expect(cursor.statusCode).toBe(400);
    expect(messageOf(cursor)).toContain('cursor');
  });

  it('is for sellers: no token 401, a buyer 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seller-orders' })).statusCode).toBe(401);
    expect((await sellerOrders(buyer)).statusCode).toBe(403);
  });
});

describe('PATCH /api/order/{id}/decline', () => {
  it('declines an unpaid booking: the buyer sees it and its message, it cannot be paid, a mail is queued', async () => {
    const product = await listingOf(seller);
    const orderId = await bookOrder(t.app, buyer, product.id);
    const response = await decline(seller, orderId, { message: '  Sold to a friend, sorry.  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const repeat = await decline(seller, orderId);
    expect(repeat.json<{ modifiedCount: number }>().modifiedCount).toBe(0);

    const mine = (await myOrders(buyer)).find((order) => order._id === orderId)!;
    expect(mine.booking_state).toBe('declined');
    expect(mine.decline_message).toBe('Sold to a friend, sorry.');

    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/create-payment-intent/${product.id}`,
      headers: bearer(buyer.token),
    });
    expect(pay.statusCode).toBe(409);
    expect(messageOf(pay)).toContain('declined');

    await deliver(`order:${orderId}:declined`);
    expect(mailsWith(`To: ${buyer.email}`, 'declined', 'Sold to a friend')).toHaveLength(1);

    // The product can be booked again: a new, open order.
    const again = await book(t.app, buyer, product.id);
    expect(again.statusCode).toBe(201);
    expect(again.json<{ insertedId: string }>().insertedId).not.toBe(orderId);
  });

  it("answers 404 for another seller's booking and changes nothing", async () => {
    const product = await listingOf(seller);
    const orderId = await bookOrder(t.app, buyer, product.id);
    const response = await decline(otherSeller, orderId);
    expect(response.statusCode).toBe(404);
    expect((await orderRow(orderId)).declinedAt).toBeNull();
    expect((await decline(buyer, orderId)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/decline`,
      payload: { message: 42 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a paid booking (409) and a message over 500 characters (400)', async () => {
    const product = await listingOf(seller);
    const orderId = await bookOrder(t.app, buyer, product.id);
    const long = await decline(seller, orderId, { message: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(messageOf(long)).toContain('Message must be at most 500 characters');
    await t.database.db.update(orders).set({ paid: true }).where(eq(orders.id, orderId));
    const paid = await decline(seller, orderId);
    expect(paid.statusCode).toBe(409);
    expect((await orderRow(orderId)).declinedAt).toBeNull();
  });
});

describe('paying for a closed booking', () => {
  it('a card confirmed after the decline is not charged and nothing is sold', async () => {
    const product = await listingOf(seller);
    const orderId = await bookOrder(t.app, buyer, product.id);
    const secret = await clientSecretFor(t.app, buyer, product.id);
    expect((await decline(seller, orderId)).statusCode).toBe(200);
    const confirmed = await confirm(t.app, buyer, secret, 'pm_card_visa');
    expect(confirmed.statusCode).toBe(409);
    expect(messageOf(confirmed)).toContain('declined');
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
    ).toHaveLength(0);
    expect((await orderRow(orderId)).paid).toBe(false);
  });
});

describe('DELETE /api/order/{id}', () => {
  it('cancels an unpaid booking: gone from My Orders, cancelled for the seller, a mail is queued', async () => {
    const product = await listingOf(seller);
    const orderId = await bookOrder(t.app, buyer, product.id);
    const response = await cancel(buyer, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await cancel(buyer, orderId)).json<{ deletedCount: number }>().deletedCount).toBe(0);

    expect((await myOrders(buyer)).some((order) => order._id === orderId)).toBe(false);
    const forSeller = (await sellerOrders(seller)).json<{ _id: string; booking_state: string }[]>();
    expect(forSeller.find((order) => order._id === orderId)?.booking_state).toBe('cancelled');
    await deliver(`order:${orderId}:cancelled`);
    expect(mailsWith(`To: ${seller.email}`, 'Bina Buyer cancelled')).toHaveLength(1);
    // The seller can no longer decline it.
    expect((await decline(seller, orderId)).statusCode).toBe(409);
  });

  it("answers 404 for another buyer's booking, 409 for a paid one, and changes nothing", async () => {
    const product = await listingOf(seller);
    const orderId = await bookOrder(t.app, buyer, product.id);
    expect((await cancel(otherBuyer, orderId)).statusCode).toBe(404);
    // The listing's seller buys too (every account does), and the booking is not theirs.
    expect((await cancel(seller, orderId)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}` })).statusCode,
    ).toBe(401);
    expect((await orderRow(orderId)).cancelledAt).toBeNull();
    await t.database.db.update(orders).set({ paid: true }).where(eq(orders.id, orderId));
    expect((await cancel(buyer, orderId)).statusCode).toBe(409);
    expect((await orderRow(orderId)).cancelledAt).toBeNull();
  });
});

describe('the booking mail to the seller', () => {
  it("is queued with the booking and tells the seller the buyer's name, phone and meeting place", async () => {
    const product = await listingOf(seller);
    const orderId = await bookOrder(t.app, otherBuyer, product.id);
    await deliver(`order:${orderId}:booked`);
    await deliver(`order:${orderId}:booked`);
    expect(
      mailsWith(
        `To: ${seller.email}`,
        `New booking: ${product.productName}`,
        'Omar Other',
        '01711111111',
        'Gulshan 2',
      ),
    ).toHaveLength(1);
    // Booking the same product again answers the open order and queues nothing new.
    await book(t.app, otherBuyer, product.id);
    expect(
      (await queuedMailKeys()).filter((key) => key === `order:${orderId}:booked`),
    ).toHaveLength(1);
  });
});
