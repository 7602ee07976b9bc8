/**
 * Seller profiles and reviews: only the buyer of a paid order may review its seller,
 * once per order, with 1–5 stars and up to 1,000 characters; the seller answers once; an admin
 * removes a review (audit-logged), and the public profile shows rating, live listings and reviews.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';

let t: TestApp;
let buyer: TestUser;
let other: TestUser;
let seller: TestUser;
let admin: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Rita Reviewer' });
  other = await registerUser(t.app, { role: 'buyer', name: 'Olly Other' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Seller', verified: true });
  admin = await registerUser(t.app, { role: 'buyer', admin: true, name: 'Ada Admin' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

/** An order of `by` for a new listing of `seller`; paid unless said otherwise. */
async function orderOf(by: TestUser, paid = true) {
  const product = await createProduct(t.database.db, { categoryId, sellerId: seller.recordId });
  const [order] = await t.database.db
    .insert(orders)
    .values({
      productId: product.id,
      buyerId: by.recordId,
      sellerId: seller.recordId,
      customerName: 'Buyer',
      customerEmail: by.email,
      customerPhone: '01700000001',
      meetingLocation: 'Dhaka',
      productName: product.productName,
      productImage: product.productImage,
      productPriceCents: product.resellPriceCents,
      productCategory: 'Cars',
      productCategoryId: categoryId,
      sellerName: 'Sam Seller',
      sellerPhone: '01700000000',
      sellerEmail: seller.email,
      sellerImage: '',
      sellerLocation: 'Dhaka',
      paid,
    })
    .returning();
  return order!;
}

const review = (as: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: as ? bearer(as.token) : {},
    payload: payload as Record<string, unknown>,
  });
const replyTo = (as: TestUser | null, id: string, text: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/reviews/${id}/reply`,
    headers: as ? bearer(as.token) : {},
    payload: { text },
  });
const remove = (as: TestUser | null, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/reviews/${id}`,
    headers: as ? bearer(as.token) : {},
  });
const profile = (uid: string) => t.app.inject({ method: 'GET', url: `/api/sellers/${uid}` });
/** The seller rating on the category page's card of `productId` (cards show it). */
const cardRating = async (productId: string) => {
  const cards = (
    await t.app.inject({ method: 'GET', url: `/api/category/${categoryId}?limit=100` })
  ).json<{ _id: string; seller_rating: unknown }[]>();
  return cards.find((card) => card._id === productId)?.seller_rating;
};

type Profile = {
  seller: { uid: string; display_name: string; verified: boolean; member_since: string };
  rating: { average: number | null; count: number };
  products: { _id: string }[];
  reviews: { _id: string; rating: number; text: string; seller_reply: string | null }[];
};

describe('writing a review', () => {
  it('needs a token (401)', async () => {
    const order = await orderOf(buyer);
    expect((await review(null, { order_id: order.id, rating: 5, text: 'x' })).statusCode).toBe(401);
  });

  it("refuses someone else's order (403), an unpaid order (409) and an unknown one (404)", async () => {
    const theirs = await orderOf(other);
    expect((await review(buyer, { order_id: theirs.id, rating: 5, text: '' })).statusCode).toBe(
      403,
    );
    expect((await review(seller, { order_id: theirs.id, rating: 5, text: '' })).statusCode).toBe(
      403,
    );
    const unpaid = await orderOf(buyer, false);
    expect((await review(buyer, { order_id: unpaid.id, rating: 5, text: '' })).statusCode).toBe(
      409,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await review(buyer, { order_id: unknown, rating: 5, text: '' })).statusCode).toBe(404);
  });

  it('refuses a rating of 0 or 6, a fraction, and text over 1,000 characters (400)', async () => {
    const order = await orderOf(buyer);
    for (const rating of [0, 6, 4.5, '5']) {
      const response = await review(buyer, { order_id: order.id, rating, text: 'ok' });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/rating/);
    }
    const long = await review(buyer, { order_id: order.id, rating: 4, text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/text/);
    expect(
      (await review(buyer, { order_id: order.id, rating: 4, text: 'x'.repeat(1000) })).statusCode,
    ).toBe(201);
  });

  it('accepts one review per paid order and refuses the second (409)', async () => {
    const order = await orderOf(buyer);
    const reviewedFlag = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(buyer.token) }))
        .json<{ _id: string; reviewed: boolean }[]>()
        .find((o) => o._id === order.id)?.reviewed;
    expect(await reviewedFlag()).toBe(false);
    const first = await review(buyer, { order_id: order.id, rating: 4, text: '  Smooth deal.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ rating: 4, text: 'Smooth deal.', seller_reply: null });
    const second = await review(buyer, { order_id: order.id, rating: 1, text: 'Changed my mind' });
    expect(second.statusCode).toBe(409);
    // My Orders then says the order is reviewed.
    expect(await reviewedFlag()).toBe(true);
  });
});

describe('replies, removal and the profile', () => {
  it('lets only the seller reply, once', async () => {
    const order = await orderOf(buyer);
    const id = (await review(buyer, { order_id: order.id, rating: 5, text: 'Great' })).json<{
      _id: string;
    }>()._id;
    expect((await replyTo(null, id, 'Thanks')).statusCode).toBe(401);
    expect((await replyTo(buyer, id, 'Me too')).statusCode).toBe(403);
    expect((await replyTo(seller, id, '   ')).statusCode).toBe(400);
    const reply = await replyTo(seller, id, 'Thank you!');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ seller_reply: 'Thank you!' });
    expect((await replyTo(seller, id, 'Again')).statusCode).toBe(409);
  });

  it('lets only an admin remove a review, audit-logged, and leaves it out of the profile', async () => {
    const fresh = await registerUser(t.app, { role: 'seller', name: 'Pia Profile' });
    const product = await createProduct(t.database.db, { categoryId, sellerId: fresh.recordId });
    await createProduct(t.database.db, { categoryId, sellerId: fresh.recordId }, { sold: true });
    const before = (await profile(fresh.uid)).json<Profile>();
    expect(before.rating).toEqual({ average: null, count: 0 });
    expect(await cardRating(product.id)).toEqual({ average: null, count: 0 });
    expect(before.products.map((p) => p._id)).toEqual([product.id]);

    // Two reviews of orders of this seller: 5 and 4 → 4.5.
    const ids: string[] = [];
    for (const rating of [5, 4]) {
      const order = await orderOf(buyer);
      await t.database.db
        .update(orders)
        .set({ sellerId: fresh.recordId })
        .where(eq(orders.id, order.id));
      const created = await review(buyer, { order_id: order.id, rating, text: `${rating} stars` });
      ids.push(created.json<{ _id: string }>()._id);
    }
    const rated = (await profile(fresh.uid)).json<Profile>();
    expect(rated.seller).toMatchObject({ uid: fresh.uid, display_name: 'Pia Profile' });
    expect(rated.rating).toEqual({ average: 4.5, count: 2 });
    expect(await cardRating(product.id)).toEqual({ average: 4.5, count: 2 });
    expect(rated.reviews.map((r) => r.rating)).toEqual([4, 5]);

    expect((await remove(null, ids[0]!)).statusCode).toBe(401);
    expect((await remove(buyer, ids[0]!)).statusCode).toBe(403);
    expect((await remove(fresh, ids[0]!)).statusCode).toBe(403);
    const removed = await remove(admin, ids[0]!);
    expect(removed.json()).toEqual({ modifiedCount: 1 });
    expect((await remove(admin, ids[0]!)).json()).toEqual({ modifiedCount: 0 });
    expect((await remove(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, ids[0]!));
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['review.remove', admin.recordId],
    ]);
    const after = (await profile(fresh.uid)).json<Profile>();
    expect(after.rating).toEqual({ average: 4, count: 1 });
    expect(await cardRating(product.id)).toEqual({ average: 4, count: 1 });
    expect(after.reviews.map((r) => r._id)).toEqual([ids[1]]);
    // A removed review takes no reply.
    expect((await replyTo(fresh, ids[0]!, 'Hm')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown seller and 400 for a malformed uid', async () => {
    expect((await profile('no-such-user')).statusCode).toBe(404);
    expect((await profile('bad%20uid')).statusCode).toBe(400);
    const verified = (await profile(seller.uid)).json<Profile>();
    expect(verified.seller.verified).toBe(true);
  });
});
