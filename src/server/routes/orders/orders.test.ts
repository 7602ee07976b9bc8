import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, productReports, products, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createProduct } from '../../test-support/factories.js';
import { book, bookOrder, bookingBody, createListing } from './test-helpers.js';
import { messageOf } from '../../test-support/answers.js';
import { stringMatching } from '../../test-support/matchers.js';

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bina Buyer' });
  otherBuyer = await registerUser(t.app, { role: 'buyer', name: 'Omar Other' });
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('POST /api/orders', () => {
  it('books from the database and the token, never from the body', async () => {
    const {
      product,
      seller: owner,
      category,
    } = await createListing(db(), {
      resellPriceCents: 1_234_550,
    });
    const response = await book(t.app, buyer, product.id);
    expect(response.statusCode).toBe(201);
    const { acknowledged, insertedId } = response.json<{
      acknowledged: boolean;
      insertedId: string;
    }>();
    expect(acknowledged).toBe(true);

    const order = await t.app.inject({
      method: 'GET',
      url: `/api/order/${insertedId}`,
      headers: bearer(buyer.token),
    });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toEqual({
      success: true,
      data: {
        _id: insertedId,
        customer_info: {
          customer_name: 'Bina Buyer',
          customer_email: buyer.email,
          customer_uid: buyer.uid,
          customer_phone: '01711111111',
          meeting_location: 'Gulshan 2',
        },
        product_info: {
          product_name: product.productName,
          product_image: product.productImage,
          product_price: 12345.5,
          product_id: product.id,
          product_category: category.categoryName,
          product_category_id: category.id,
        },
        seller_info: {
          seller_name: owner.displayName,
          seller_phone: product.sellerPhone,
          seller_email: owner.email,
          seller_uid: owner.uid,
          seller_image: owner.photoUrl,
          seller_location: product.sellerLocation,
        },
        order_status: false,
        booked_at: stringMatching(/^\d{4}-\d\d-\d\dT/),
        booking_state: 'open',
        decline_message: null,
        reviewed: false,
        deposit: null,
        payment: null,
        handover_code: null,
        viewing: null,
      },
    });
  });

  it('does not create a second open order for the same buyer and product', async () => {
    const { product } = await createListing(db());
    const first = await book(t.app, buyer, product.id);
    const again = await Promise.all([
      book(t.app, buyer, product.id),
      book(t.app, buyer, product.id),
    ]);
    expect(first.statusCode).toBe(201);
    for (const response of again) {
      expect(response.statusCode).toBe(200);
      expect(response.json<{ insertedId: string }>().insertedId).toBe(
        first.json<{ insertedId: string }>().insertedId,
      );
    }
    const rows = await db().select().from(orders).where(eq(orders.productId, product.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a sold product with 409', async () => {
    const { product } = await createListing(db(), { sold: true });
    const response = await book(t.app, buyer, product.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
  });

  it('refuses a deleted product with 409 and an unknown one with 404', async () => {
    const { product } = await createListing(db(), { deletedAt: new Date() });
    expect((await book(t.app, buyer, product.id)).statusCode).toBe(409);
    expect((await book(t.app, buyer, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('refuses a buyer booking their own listing with 403', async () => {
    const { category } = await createListing(db());
    const own = await createProduct(db(), { categoryId: category.id, sellerId: buyer.recordId });
    const response = await book(t.app, buyer, own.id);
    expect(response.statusCode).toBe(403);
    expect(await db().select().from(orders).where(eq(orders.productId, own.id))).toHaveLength(0);
  });

  it('requires the phone and the meeting location with the spec messages', async () => {
    const { product } = await createListing(db());
    const send = (customer_info: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(buyer.token),
        payload: bookingBody(product.id, { customer_info }),
      });
    const noPhone = await send({ meeting_location: 'Banani' });
    expect(noPhone.statusCode).toBe(400);
    expect(messageOf(noPhone)).toContain('Phone number is required');
    expect(messageOf(noPhone)).toContain('customer_phone');
    const blankLocation = await send({ customer_phone: '0171', meeting_location: '   ' });
    expect(blankLocation.statusCode).toBe(400);
    expect(messageOf(blankLocation)).toContain('Meeting location is required');
    const long = await send({ customer_phone: '0171', meeting_location: 'x'.repeat(500) });
    expect(long.statusCode).toBe(400);
    expect(messageOf(long)).toContain('meeting_location');
    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: bookingBody('not-an-id'),
    });
    expect(badId.statusCode).toBe(400);
    expect(messageOf(badId)).toContain('product_id');
  });
});

describe('GET /api/orders', () => {
  it("lists only the caller's orders, newest first", async () => {
    const a = await createListing(db());
    const b = await createListing(db());
    const first = await bookOrder(t.app, otherBuyer, a.product.id);
    const second = await bookOrder(t.app, otherBuyer, b.product.id);
    await bookOrder(t.app, buyer, a.product.id);

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: bearer(otherBuyer.token),
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ _id: string; customer_info: { customer_uid: string } }[]>();
    expect(list.map((order) => order._id)).toEqual([second, first]);
    expect(list.every((order) => order.customer_info.customer_uid === otherBuyer.uid)).toBe(true);
  });
});

describe('GET /api/order/{id}', () => {
  it("answers 404 for another buyer's order and an unknown one, 400 for a malformed id", async () => {
    const { product } = await createListing(db());
    const id = await bookOrder(t.app, buyer, product.id);
    const get = (url: string, token: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect((await get(`/api/order/${id}`, otherBuyer.token)).statusCode).toBe(404);
    expect((await get(`/api/order/${crypto.randomUUID()}`, buyer.token)).json()).toMatchObject({
      statusCode: 404,
      message: 'No order found',
    });
    const malformed = await get('/api/order/nope', buyer.token);
    expect(malformed.statusCode).toBe(400);
    expect(messageOf(malformed)).toContain('params.id');
  });
});

describe('PATCH /api/report-product', () => {
  const report = (user: TestUser, id: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/report-product?id=${id}`,
      headers: bearer(user.token),
    });

  it('marks the product reported and counts each buyer once', async () => {
    const { product } = await createListing(db());
    const first = await report(buyer, product.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, modifiedCount: 1, reportCount: 1 });
    const repeats = await Promise.all([report(buyer, product.id), report(buyer, product.id)]);
    for (const repeat of repeats) {
      expect(repeat.json()).toEqual({ acknowledged: true, modifiedCount: 0, reportCount: 1 });
    }
    expect((await report(otherBuyer, product.id)).json()).toEqual({
      acknowledged: true,
      modifiedCount: 1,
      reportCount: 2,
    });
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ reported: true, reportCount: 2 });
    const reporters = await db()
      .select()
      .from(productReports)
      .where(eq(productReports.productId, product.id));
    expect(reporters).toHaveLength(2);
  });

  it('answers 404 for an unknown or deleted product and 400 without an id', async () => {
    const { product } = await createListing(db(), { deletedAt: new Date() });
    expect((await report(buyer, product.id)).statusCode).toBe(404);
    expect((await report(buyer, crypto.randomUUID())).statusCode).toBe(404);
    const noId = await t.app.inject({
      method: 'PATCH',
      url: '/api/report-product',
      headers: bearer(buyer.token),
    });
    expect(noId.statusCode).toBe(400);
    expect(messageOf(noId)).toContain('querystring.id');
  });

  it('is for accounts with the buyer role only (every account has it, decision 0042)', async () => {
    const { product } = await createListing(db());
    const nonBuyer = await registerUser(t.app, { role: 'seller' });
    await db().update(users).set({ isBuyer: false }).where(eq(users.uid, nonBuyer.uid));
    expect((await report(nonBuyer, product.id)).statusCode).toBe(403);
  });
});
