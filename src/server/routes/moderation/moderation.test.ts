/**
 * The admin dashboard's API: authorisation of every endpoint, sellers and buyers,
 * verification, user deletion (sessions, listings, orders and payments), reported products and
 * the audit log. One database for the file; each test makes the rows it looks at.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  moderationConflicts,
  nextCursorHeader,
  type AuditEntry,
  type ModeratedUser,
  type Order,
  type ReportedProduct,
} from '#contract/index.js';
import {
  auditLog,
  authSession,
  orders,
  payments,
  productReports,
  products,
  users,
} from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import {
  deleteProductAsAdmin,
  markProductSafe,
  verifySeller,
} from '../../moderation/repository.js';

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { role: 'buyer', admin: true, name: 'Ada Admin' });
  otherAdmin = await registerUser(t.app, { role: 'seller', admin: true, name: 'Otto Admin' });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Seller' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const missingId = '00000000-0000-4000-8000-000000000000';

/** A statement of reasons (report-product-delete requires one). */
const statement = {
  rule: 'Prohibited item' as const,
  facts: 'Listed a stolen part.',
  automated: false,
};

/**
 * `method url` as `token`'s holder (no header when token is undefined). A DELETE of
 * report-product-delete carries `statement` (its own tests are in appeals.test.ts).
 */
function call(method: InjectOptions['method'], url: string, token?: string) {
  const payload =
    method === 'DELETE' && url.startsWith('/api/report-product-delete/') ? statement : undefined;
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
}

async function auditCount() {
  const [row] = await db().select({ n: count() }).from(auditLog);
  return row!.n;
}

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}

async function productRow(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!;
}

/** A product of `sellerId` reported by `reporters` new buyers (rows in product_reports too). */
async function reportedProduct(sellerId: string, categoryId: string, reporters: number) {
  const product = await createProduct(
    db(),
    { categoryId, sellerId },
    { reported: reporters > 0, reportCount: reporters },
  );
  for (let i = 0; i < reporters; i++) {
    const reporter = await createUser(db(), { role: 'buyer' });
    await db().insert(productReports).values({ productId: product.id, reporterId: reporter.id });
  }
  return product;
}

/**
 * A paid order of `buyerId` for `product`, with its payment row, inserted directly (the buying
 * area's own flow is tested there); the product becomes sold, as payment makes it.
 */
async function paidOrder(
  product: Awaited<ReturnType<typeof createProduct>>,
  buyerRecord: { id: string; email: string; displayName: string },
  sellerRecord: { id: string; email: string; displayName: string },
) {
  const [order] = await db()
    .insert(orders)
    .values({
      productId: product.id,
      buyerId: buyerRecord.id,
      sellerId: sellerRecord.id,
      customerName: buyerRecord.displayName,
      customerEmail: buyerRecord.email,
      customerPhone: '01711111111',
      meetingLocation: 'Gulshan',
      productName: product.productName,
      productImage: product.productImage,
      productPriceCents: product.resellPriceCents,
      productCategory: 'Cars',
      productCategoryId: product.categoryId,
      sellerName: sellerRecord.displayName,
      sellerPhone: product.sellerPhone,
      sellerEmail: sellerRecord.email,
      sellerImage: '',
      sellerLocation: product.sellerLocation,
      paid: true,
    })
    .returning();
  const [payment] = await db()
    .insert(payments)
    .values({
      orderId: order!.id,
      productId: product.id,
      buyerId: buyerRecord.id,
      priceCents: product.resellPriceCents,
      transactionId: `pi_test_${order!.id.slice(0, 8)}`,
      email: buyerRecord.email,
    })
    .returning();
  await db()
    .update(products)
    .set({ listingStatus: 'sold', promote: false })
    .where(eq(products.id, product.id));
  return { order: order!, payment: payment! };
}

describe('authorisation of every moderation endpoint', () => {
  interface Case {
    name: string;
    method: InjectOptions['method'];
    url: (uid: string) => string;
  }
  let targetSeller: Awaited<ReturnType<typeof createUser>>;
  let targetProduct: Awaited<ReturnType<typeof createProduct>>;
  let cases: Case[];

  beforeAll(async () => {
    targetSeller = await createUser(db(), { role: 'seller' });
    const category = await createCategory(db());
    targetProduct = await reportedProduct(targetSeller.id, category.id, 2);
    cases = [
      {
        name: 'GET /api/users-by-role/{uid}',
        method: 'GET',
        url: (uid) => apiPaths.usersByRole(uid, 'seller'),
      },
      {
        name: 'PATCH /api/seller-verify/{uid}',
        method: 'PATCH',
        url: (uid) => apiPaths.verifySeller(uid, targetSeller.id),
      },
      {
        name: 'DELETE /api/user-delete/{uid}',
        method: 'DELETE',
        url: (uid) => apiPaths.deleteUser(uid, targetSeller.id),
      },
      {
        name: 'GET /api/reported-products/{uid}',
        method: 'GET',
        url: (uid) => apiPaths.reportedProducts(uid),
      },
      {
        name: 'PATCH /api/report-product-safe/{uid}',
        method: 'PATCH',
        url: (uid) => apiPaths.markProductSafe(uid, targetProduct.id),
      },
      {
        name: 'DELETE /api/report-product-delete/{uid}',
        method: 'DELETE',
        url: (uid) => apiPaths.deleteReportedProduct(uid, targetProduct.id),
      },
      { name: 'GET /api/audit-log/{uid}', method: 'GET', url: (uid) => apiPaths.auditLog(uid) },
    ];
  });

  it('answers 401 without a token, 403 to a buyer, a seller and another admin, changing nothing', async () => {
    const before = await auditCount();
    for (const c of cases) {
      const attempts: [string, number, InjectOptions][] = [
        ['no token', 401, { method: c.method, url: c.url(admin.uid) }],
        ['buyer', 403, { method: c.method, url: c.url(buyer.uid), headers: bearer(buyer.token) }],
        [
          'seller',
          403,
          { method: c.method, url: c.url(seller.uid), headers: bearer(seller.token) },
        ],
        [
          "another admin's uid",
          403,
          { method: c.method, url: c.url(otherAdmin.uid), headers: bearer(admin.token) },
        ],
        [
          'a forged token',
          401,
          { method: c.method, url: c.url(admin.uid), headers: bearer('x.y.z') },
        ],
      ];
      for (const [who, status, request] of attempts) {
        const response = await t.app.inject(request);
        expect(response.statusCode, `${c.name} as ${who}`).toBe(status);
        expect(response.json(), `${c.name} as ${who}`).toMatchObject({ statusCode: status });
      }
    }
    const sellerAfter = await userRow(targetSeller.id);
    expect(sellerAfter.status).toBe('unverified');
    expect(sellerAfter.deletedAt).toBeNull();
    const productAfter = await productRow(targetProduct.id);
    expect(productAfter).toMatchObject({ reported: true, reportCount: 2, deletedAt: null });
    const reports = await db()
      .select()
      .from(productReports)
      .where(eq(productReports.productId, targetProduct.id));
    expect(reports).toHaveLength(2);
    expect(await auditCount()).toBe(before);
  });
});

describe('GET /api/users-by-role/{uid}', () => {
  it('lists live sellers, newest first, with the docs/product.md §3 User fields', async () => {
    const hour = 60 * 60 * 1000;
    const older = await createUser(db(), {
      role: 'seller',
      createdAt: new Date(Date.now() + hour),
    });
    const newer = await createUser(db(), {
      role: 'seller',
      status: 'verified',
      createdAt: new Date(Date.now() + 2 * hour),
    });
    const gone = await createUser(db(), { role: 'seller', deletedAt: new Date() });
    const response = await call('GET', apiPaths.usersByRole(admin.uid, 'seller'), admin.token);
    expect(response.statusCode).toBe(200);
    const list = response.json<ModeratedUser[]>();
    expect(list.slice(0, 2).map((u) => u._id)).toEqual([newer.id, older.id]);
    expect(list.every((u) => u.role === 'seller')).toBe(true);
    expect(list.map((u) => u._id)).not.toContain(gone.id);
    expect(list.map((u) => u._id)).toContain(seller.recordId);
    expect(list[0]).toEqual({
      _id: newer.id,
      uid: newer.uid,
      displayName: newer.displayName,
      email: newer.email,
      photoURL: newer.photoUrl,
      role: 'seller',
      status: 'verified',
      isAdmin: false,
      seller_type: 'private',
      trader: null,
    });
    expect(list.find((u) => u._id === otherAdmin.recordId)?.isAdmin).toBe(true);
  });

  it('lists buyers only for role=buyer', async () => {
    const response = await call('GET', apiPaths.usersByRole(admin.uid, 'buyer'), admin.token);
    expect(response.statusCode).toBe(200);
    const list = response.json<ModeratedUser[]>();
    expect(list.every((u) => u.role === 'buyer')).toBe(true);
    expect(list.map((u) => u._id)).toEqual(
      expect.arrayContaining([buyer.recordId, admin.recordId]),
    );
    expect(list.map((u) => u._id)).not.toContain(seller.recordId);
  });

  it('pages with limit and the x-next-cursor header', async () => {
    for (let i = 0; i < 3; i++) await createUser(db(), { role: 'buyer' });
    const all = (await call('GET', apiPaths.usersByRole(admin.uid, 'buyer'), admin.token)).json<
      ModeratedUser[]
    >();
    expect(all.length).toBeGreaterThanOrEqual(5);
    const seen: string[] = [];
    let url = `${apiPaths.usersByRole(admin.uid, 'buyer')}&limit=2`;
    for (let pages = 0; pages < 10; pages++) {
      const response = await call('GET', url, admin.token);
      expect(response.statusCode).toBe(200);
      const page = response.json<ModeratedUser[]>();
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((u) => u._id));
      const next = response.headers[nextCursorHeader];
      if (!next) break;
      url = `${apiPaths.usersByRole(admin.uid, 'buyer')}&limit=2&cursor=${String(next)}`;
    }
    expect(seen).toEqual(all.map((u) => u._id));
  });

  it('refuses a role other than buyer or seller, naming the parameter', async () => {
    for (const query of ['role=admin', 'role=', 'role=Seller', '']) {
      const response = await call('GET', `/api/users-by-role/${admin.uid}?${query}`, admin.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain('querystring.role');
    }
  });

  it('refuses a bad limit or cursor', async () => {
    const base = apiPaths.usersByRole(admin.uid, 'seller');
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'cursor=not*a*cursor',
      'cursor=abc',
    ]) {
      const response = await call('GET', `${base}&${query}`, admin.token);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('PATCH /api/seller-verify/{uid}', () => {
  it('verifies a seller once; the badge shows on the category page; twice changes nothing', async () => {
    const target = await registerUser(t.app, { role: 'seller' });
    const category = await createCategory(db());
    await createProduct(db(), { categoryId: category.id, sellerId: target.recordId });

    const first = await call(
      'PATCH',
      apiPaths.verifySeller(admin.uid, target.recordId),
      admin.token,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    expect((await userRow(target.recordId)).status).toBe('verified');

    const badge = await call('GET', apiPaths.sellerVerification(target.uid));
    expect(badge.json()).toEqual({ isVerified: true });
    const cards = (await call('GET', apiPaths.categoryProducts(category.id))).json<
      { seller_verified: boolean }[]
    >();
    expect(cards.map((card) => card.seller_verified)).toEqual([true]);

    const second = await call(
      'PATCH',
      apiPaths.verifySeller(admin.uid, target.recordId),
      admin.token,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ modifiedCount: 0 });
  });

  it('refuses to verify a buyer with 409 and leaves them unverified', async () => {
    const response = await call(
      'PATCH',
      apiPaths.verifySeller(admin.uid, buyer.recordId),
      admin.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: moderationConflicts.verifyNotSeller });
    expect((await userRow(buyer.recordId)).status).toBe('unverified');
  });

  it('answers 404 for an unknown or deleted user and 400 for a malformed id', async () => {
    const gone = await createUser(db(), { role: 'seller', deletedAt: new Date() });
    for (const id of [missingId, gone.id]) {
      const response = await call('PATCH', apiPaths.verifySeller(admin.uid, id), admin.token);
      expect(response.statusCode, id).toBe(404);
    }
    expect((await userRow(gone.id)).status).toBe('unverified');
    for (const url of [
      apiPaths.verifySeller(admin.uid, 'not-an-id'),
      `/api/seller-verify/${admin.uid}`,
      `/api/seller-verify/${admin.uid}?id=${missingId}x`,
    ]) {
      const response = await call('PATCH', url, admin.token);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('querystring.id');
    }
  });

  it('keeps the public GET /api/seller-verify/{sellerUid} working beside it', async () => {
    const response = await call('GET', apiPaths.sellerVerification(seller.uid));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isVerified: false });
  });
});

describe('DELETE /api/user-delete/{uid}', () => {
  it("deletes a seller: token dead, unsold listings gone, the buyer's order and payment kept", async () => {
    const doomed = await registerUser(t.app, { role: 'seller', name: 'Dora Doomed' });
    const doomedRecord = await userRow(doomed.recordId);
    const buyerRecord = await userRow(buyer.recordId);
    const category = await createCategory(db());
    const refs = { categoryId: category.id, sellerId: doomed.recordId };
    const sold = await createProduct(db(), refs, { productName: 'Sold car' });
    const unsold = await createProduct(db(), refs, { productName: 'Unsold car', promote: true });
    const { order, payment } = await paidOrder(sold, buyerRecord, doomedRecord);
    const othersListing = await createProduct(db(), {
      categoryId: category.id,
      sellerId: seller.recordId,
    });
    // The seller's token works before.
    const ownBefore = await call('GET', apiPaths.products(), doomed.token);
    expect(ownBefore.statusCode).toBe(200);

    const response = await call(
      'DELETE',
      apiPaths.deleteUser(admin.uid, doomed.recordId),
      admin.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });

    // Sessions and tokens stop at once.
    expect((await userRow(doomed.recordId)).deletedAt).not.toBeNull();
    const sessions = await db()
      .select()
      .from(authSession)
      .where(eq(authSession.userId, doomed.uid));
    expect(sessions).toHaveLength(0);
    const ownAfter = await call('GET', apiPaths.products(), doomed.token);
    expect(ownAfter.statusCode).toBe(401);
    const cookieAfter = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: doomed.cookie, origin: 'http://localhost:3000' },
      payload: { user: doomed.uid },
    });
    expect(cookieAfter.statusCode).toBe(401);

    // Unsold listings leave the market; the sold one stays for history; others are untouched.
    const cards = (await call('GET', apiPaths.categoryProducts(category.id))).json<
      { _id: string }[]
    >();
    expect(cards.map((card) => card._id).sort()).toEqual([sold.id, othersListing.id].sort());
    expect(await productRow(unsold.id)).toMatchObject({ promote: false });
    expect((await productRow(unsold.id)).deletedAt).not.toBeNull();
    expect((await call('GET', apiPaths.promotedProducts())).json<{ _id: string }[]>()).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: unsold.id })]),
    );

    // The buyer's order and payment stay intact and readable.
    const [orderAfter] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderAfter).toEqual(order);
    const [paymentAfter] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(paymentAfter).toEqual(payment);
    // …and through the buyer's own API: My Orders and the payment page.
    const myOrders = await call('GET', apiPaths.orders(), buyer.token);
    expect(myOrders.statusCode).toBe(200);
    const listed = myOrders.json<Order[]>().find((o) => o._id === order.id);
    expect(listed).toMatchObject({
      order_status: true,
      product_info: { product_id: sold.id, product_name: 'Sold car' },
      seller_info: { seller_name: 'Dora Doomed', seller_uid: doomed.uid },
    });
    const one = await call('GET', apiPaths.order(order.id), buyer.token);
    expect(one.statusCode).toBe(200);
    expect(one.json<{ data: Order }>().data._id).toBe(order.id);
    // The counterparty's account is untouched.
    const buyerCall = await call('GET', `/api/user/buyer/${buyer.uid}`, buyer.token);
    expect(buyerCall.json()).toEqual({ isBuyer: true });

    // A verify of the deleted user is 404; a second delete deletes nothing.
    const again = await call(
      'DELETE',
      apiPaths.deleteUser(admin.uid, doomed.recordId),
      admin.token,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ deletedCount: 0 });
    const verify = await call(
      'PATCH',
      apiPaths.verifySeller(admin.uid, doomed.recordId),
      admin.token,
    );
    expect(verify.statusCode).toBe(404);
    // Gone from the admin's seller list.
    const list = (await call('GET', apiPaths.usersByRole(admin.uid, 'seller'), admin.token)).json<
      ModeratedUser[]
    >();
    expect(list.map((u) => u._id)).not.toContain(doomed.recordId);
  });

  it("deletes a buyer and keeps their paid order and payment for the seller's records", async () => {
    const doomedBuyer = await registerUser(t.app, { role: 'buyer' });
    const category = await createCategory(db());
    const product = await createProduct(db(), {
      categoryId: category.id,
      sellerId: seller.recordId,
    });
    const { order, payment } = await paidOrder(
      product,
      await userRow(doomedBuyer.recordId),
      await userRow(seller.recordId),
    );
    const response = await call(
      'DELETE',
      apiPaths.deleteUser(admin.uid, doomedBuyer.recordId),
      admin.token,
    );
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(
      (await call('GET', apiPaths.usersByRole(doomedBuyer.uid, 'buyer'), doomedBuyer.token))
        .statusCode,
    ).toBe(401);
    const [orderAfter] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderAfter).toEqual(order);
    const [paymentAfter] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(paymentAfter).toEqual(payment);
    // The seller's sold listing is untouched.
    expect((await productRow(product.id)).deletedAt).toBeNull();
  });

  it('refuses to delete yourself', async () => {
    const response = await call(
      'DELETE',
      apiPaths.deleteUser(admin.uid, admin.recordId),
      admin.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: moderationConflicts.deleteSelf });
    expect((await userRow(admin.recordId)).deletedAt).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await call('DELETE', apiPaths.deleteUser(admin.uid, missingId), admin.token);
    expect(unknown.statusCode).toBe(404);
    for (const url of [apiPaths.deleteUser(admin.uid, '123'), `/api/user-delete/${admin.uid}`]) {
      const response = await call('DELETE', url, admin.token);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('querystring.id');
    }
  });

  it('deletes another admin while a live admin remains', async () => {
    const extra = await registerUser(t.app, { role: 'buyer', admin: true });
    const response = await call(
      'DELETE',
      apiPaths.deleteUser(admin.uid, extra.recordId),
      admin.token,
    );
    expect(response.json()).toEqual({ deletedCount: 1 });
    const ownCall = await call('GET', apiPaths.reportedProducts(extra.uid), extra.token);
    expect(ownCall.statusCode).toBe(401);
  });
});

describe('reported products', () => {
  let category: Awaited<ReturnType<typeof createCategory>>;
  beforeAll(async () => {
    category = await createCategory(db());
    // Clear what earlier tests reported so this list is this describe's own.
    await db().update(products).set({ reported: false, reportCount: 0 });
  });

  it('GET lists reported live products, most reported first, with the docs/product.md §3 fields', async () => {
    const refs = { categoryId: category.id, sellerId: seller.recordId };
    const three = await reportedProduct(seller.recordId, category.id, 3);
    const five = await reportedProduct(seller.recordId, category.id, 5);
    const one = await reportedProduct(seller.recordId, category.id, 1);
    await createProduct(db(), refs, { reported: false });
    await createProduct(db(), refs, { reported: true, reportCount: 9, deletedAt: new Date() });

    const response = await call('GET', apiPaths.reportedProducts(admin.uid), admin.token);
    expect(response.statusCode).toBe(200);
    const list = response.json<ReportedProduct[]>();
    expect(list.map((p) => p._id)).toEqual([five.id, three.id, one.id]);
    expect(list[0]).toEqual({
      _id: five.id,
      product_image: five.productImage,
      product_name: five.productName,
      seller_name: 'Sam Seller',
      reportCount: 5,
      // The reasons of the open reports (the factory's rows default to `Other`).
      reasons: [{ reason: 'Other', count: 5 }],
      notes: [],
    });
    const limited = await call(
      'GET',
      `${apiPaths.reportedProducts(admin.uid)}?limit=2`,
      admin.token,
    );
    expect(limited.json<ReportedProduct[]>().map((p) => p._id)).toEqual([five.id, three.id]);
  });

  it('PATCH report-product-safe clears the flag, the count and the reports; it leaves the list', async () => {
    const product = await reportedProduct(seller.recordId, category.id, 4);
    const response = await call(
      'PATCH',
      apiPaths.markProductSafe(admin.uid, product.id),
      admin.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await productRow(product.id)).toMatchObject({
      reported: false,
      reportCount: 0,
      deletedAt: null,
    });
    const reports = await db()
      .select()
      .from(productReports)
      .where(eq(productReports.productId, product.id));
    expect(reports).toHaveLength(0);
    const list = (await call('GET', apiPaths.reportedProducts(admin.uid), admin.token)).json<
      ReportedProduct[]
    >();
    expect(list.map((p) => p._id)).not.toContain(product.id);
    // Still on the market.
    const cards = (await call('GET', apiPaths.categoryProducts(category.id))).json<
      { _id: string }[]
    >();
    expect(cards.map((card) => card._id)).toContain(product.id);

    const again = await call('PATCH', apiPaths.markProductSafe(admin.uid, product.id), admin.token);
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it('DELETE report-product-delete removes the listing and keeps its order and payment', async () => {
    const product = await reportedProduct(seller.recordId, category.id, 2);
    await db().update(products).set({ promote: true }).where(eq(products.id, product.id));
    const promotedBefore = (await call('GET', apiPaths.promotedProducts())).json<
      { _id: string }[]
    >();
    expect(promotedBefore.map((p) => p._id)).toContain(product.id);

    const response = await call(
      'DELETE',
      apiPaths.deleteReportedProduct(admin.uid, product.id),
      admin.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    const row = await productRow(product.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.promote).toBe(false);
    const list = (await call('GET', apiPaths.reportedProducts(admin.uid), admin.token)).json<
      ReportedProduct[]
    >();
    expect(list.map((p) => p._id)).not.toContain(product.id);
    const cards = (await call('GET', apiPaths.categoryProducts(category.id))).json<
      { _id: string }[]
    >();
    expect(cards.map((card) => card._id)).not.toContain(product.id);
    const promoted = (await call('GET', apiPaths.promotedProducts())).json<{ _id: string }[]>();
    expect(promoted.map((p) => p._id)).not.toContain(product.id);

    const again = await call(
      'DELETE',
      apiPaths.deleteReportedProduct(admin.uid, product.id),
      admin.token,
    );
    expect(again.json()).toEqual({ deletedCount: 0 });
  });

  it('deleting a sold, reported product keeps its order and payment intact', async () => {
    const product = await reportedProduct(seller.recordId, category.id, 1);
    const { order, payment } = await paidOrder(
      product,
      await userRow(buyer.recordId),
      await userRow(seller.recordId),
    );
    const response = await call(
      'DELETE',
      apiPaths.deleteReportedProduct(admin.uid, product.id),
      admin.token,
    );
    expect(response.json()).toEqual({ deletedCount: 1 });
    const [orderAfter] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderAfter).toEqual(order);
    const [paymentAfter] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(paymentAfter).toEqual(payment);
  });

  it('answers 404 for unknown products and 400 for malformed ids', async () => {
    const deleted = await createProduct(
      db(),
      { categoryId: category.id, sellerId: seller.recordId },
      { deletedAt: new Date(), reported: true, reportCount: 1 },
    );
    const safeUnknown = await call(
      'PATCH',
      apiPaths.markProductSafe(admin.uid, missingId),
      admin.token,
    );
    expect(safeUnknown.statusCode).toBe(404);
    const safeDeleted = await call(
      'PATCH',
      apiPaths.markProductSafe(admin.uid, deleted.id),
      admin.token,
    );
    expect(safeDeleted.statusCode).toBe(404);
    const deleteUnknown = await call(
      'DELETE',
      apiPaths.deleteReportedProduct(admin.uid, missingId),
      admin.token,
    );
    expect(deleteUnknown.statusCode).toBe(404);
    for (const [method, url] of [
      ['PATCH', apiPaths.markProductSafe(admin.uid, 'nope')],
      ['PATCH', `/api/report-product-safe/${admin.uid}`],
      ['DELETE', apiPaths.deleteReportedProduct(admin.uid, 'nope')],
      ['DELETE', `/api/report-product-delete/${admin.uid}?id=`],
    ] as const) {
      const response = await call(method, url, admin.token);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('querystring.id');
    }
    for (const query of ['limit=0', 'limit=101']) {
      const response = await call(
        'GET',
        `${apiPaths.reportedProducts(admin.uid)}?${query}`,
        admin.token,
      );
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('the audit log', () => {
  it('records each action with actor, action and target, and GET lists them newest first', async () => {
    const before = await auditCount();
    const target = await createUser(db(), { role: 'seller' });
    const category = await createCategory(db());
    const toClear = await reportedProduct(seller.recordId, category.id, 2);
    const toDelete = await reportedProduct(seller.recordId, category.id, 1);
    const listing = await createProduct(db(), { categoryId: category.id, sellerId: target.id });

    const steps: [InjectOptions['method'], string][] = [
      ['PATCH', apiPaths.verifySeller(otherAdmin.uid, target.id)],
      ['PATCH', apiPaths.markProductSafe(otherAdmin.uid, toClear.id)],
      ['DELETE', apiPaths.deleteReportedProduct(otherAdmin.uid, toDelete.id)],
      ['DELETE', apiPaths.deleteUser(otherAdmin.uid, target.id)],
    ];
    for (const [method, url] of steps) {
      const response = await call(method, url, otherAdmin.token);
      expect(response.statusCode, url).toBe(200);
    }
    // Refused actions change nothing and record nothing.
    await call('PATCH', apiPaths.verifySeller(otherAdmin.uid, buyer.recordId), otherAdmin.token);
    await call(
      'DELETE',
      apiPaths.deleteUser(otherAdmin.uid, otherAdmin.recordId),
      otherAdmin.token,
    );
    await call('PATCH', apiPaths.verifySeller(otherAdmin.uid, missingId), otherAdmin.token);
    expect(await auditCount()).toBe(before + steps.length);

    const rows = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, otherAdmin.recordId));
    const byAction = Object.fromEntries(rows.map((row) => [row.action, row]));
    expect(byAction['seller.verify']).toMatchObject({
      targetType: 'user',
      targetId: target.id,
      details: { modifiedCount: 1, previousStatus: 'unverified' },
    });
    expect(byAction['report.mark_safe']).toMatchObject({
      targetType: 'product',
      targetId: toClear.id,
      details: { modifiedCount: 1, previousReportCount: 2, reportsCleared: 2 },
    });
    expect(byAction['report.delete_product']).toMatchObject({
      targetType: 'product',
      targetId: toDelete.id,
      details: { deletedCount: 1, reportCount: 1, sold: false },
    });
    expect(byAction['user.delete']).toMatchObject({
      targetType: 'user',
      targetId: target.id,
      details: { deletedCount: 1, role: 'seller', listingsRemoved: 1, listingIds: [listing.id] },
    });

    const response = await call('GET', apiPaths.auditLog(admin.uid), admin.token);
    expect(response.statusCode).toBe(200);
    const entries = response.json<AuditEntry[]>();
    expect(entries.slice(0, 4).map((entry) => entry.action)).toEqual([
      'user.delete',
      'report.delete_product',
      'report.mark_safe',
      'seller.verify',
    ]);
    expect(entries[0]).toMatchObject({
      actorId: otherAdmin.recordId,
      actorUid: otherAdmin.uid,
      actorName: 'Otto Admin',
      targetType: 'user',
      targetId: target.id,
    });
    expect(Date.parse(entries[0]!.createdAt)).not.toBeNaN();
  });

  it('rolls the action back when its audit row cannot be written (one transaction)', async () => {
    const target = await createUser(db(), { role: 'seller' });
    const category = await createCategory(db());
    const product = await reportedProduct(seller.recordId, category.id, 2);
    // An actor id of no user breaks the audit row's foreign key, after the change was made.
    await expect(verifySeller(db(), missingId, target.id)).rejects.toThrow();
    expect((await userRow(target.id)).status).toBe('unverified');
    await expect(markProductSafe(db(), missingId, product.id)).rejects.toThrow();
    expect(await productRow(product.id)).toMatchObject({ reported: true, reportCount: 2 });
    const reports = await db()
      .select()
      .from(productReports)
      .where(eq(productReports.productId, product.id));
    expect(reports).toHaveLength(2);
    await expect(
      deleteProductAsAdmin(db(), missingId, product.id, statement, new Date()),
    ).rejects.toThrow();
    expect((await productRow(product.id)).deletedAt).toBeNull();
  });

  it('pages with limit and the x-next-cursor header', async () => {
    const all = (await call('GET', apiPaths.auditLog(admin.uid), admin.token)).json<AuditEntry[]>();
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let url = `${apiPaths.auditLog(admin.uid)}?limit=2`;
    for (let pages = 0; pages < 50; pages++) {
      const response = await call('GET', url, admin.token);
      seen.push(...response.json<AuditEntry[]>().map((entry) => entry._id));
      const next = response.headers[nextCursorHeader];
      if (!next) break;
      url = `${apiPaths.auditLog(admin.uid)}?limit=2&cursor=${String(next)}`;
    }
    expect(seen).toEqual(all.map((entry) => entry._id));
    const bad = await call('GET', `${apiPaths.auditLog(admin.uid)}?cursor=zzz`, admin.token);
    expect(bad.statusCode).toBe(400);
  });

  it('keeps one action with ?action= and names the targets that still exist', async () => {
    const url = apiPaths.auditLog(admin.uid);
    const all = (await call('GET', url, admin.token)).json<AuditEntry[]>();
    const verified = await call('GET', `${url}?action=seller.verify`, admin.token);
    expect(verified.statusCode).toBe(200);
    const entries = verified.json<AuditEntry[]>();
    expect(entries.map((entry) => entry._id)).toEqual(
      all.filter((entry) => entry.action === 'seller.verify').map((entry) => entry._id),
    );
    expect(entries.length).toBeGreaterThan(0);
    const bad = await call('GET', `${url}?action=seller.promote`, admin.token);
    expect(bad.statusCode).toBe(400);

    // A listing marked safe still exists: its name. A deleted user or listing: null.
    const markedSafe = all.find((entry) => entry.action === 'report.mark_safe')!;
    expect(markedSafe.targetName).toBe((await productRow(markedSafe.targetId)).productName);
    expect(markedSafe.targetSellerUid).toBeNull();
    for (const action of ['user.delete', 'report.delete_product'] as const) {
      const gone = all.find((entry) => entry.action === action)!;
      expect(gone, action).toMatchObject({ targetName: null, targetSellerUid: null });
    }
  });

  it('names a live seller target and gives their uid', async () => {
    const newcomer = await registerUser(t.app, { role: 'seller', name: 'Vera Verifiable' });
    expect(
      (await call('PATCH', apiPaths.verifySeller(admin.uid, newcomer.recordId), admin.token))
        .statusCode,
    ).toBe(200);
    const [entry] = (
      await call('GET', `${apiPaths.auditLog(admin.uid)}?action=seller.verify&limit=1`, admin.token)
    ).json<AuditEntry[]>();
    expect(entry).toMatchObject({
      targetId: newcomer.recordId,
      targetName: 'Vera Verifiable',
      targetSellerUid: newcomer.uid,
    });
  });

  it('counts only live users in the role lists after all this', async () => {
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'seller'), isNull(users.deletedAt)));
    const list = (
      await call('GET', `${apiPaths.usersByRole(admin.uid, 'seller')}&limit=100`, admin.token)
    ).json<ModeratedUser[]>();
    expect(list).toHaveLength(row!.n);
  });
});
