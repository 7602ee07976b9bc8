/**
 * The authorisation matrix: every guarded endpoint against every kind
 * of bad caller, generated from the route table. The routes come from the app itself
 * (`app.guardedRoutes`: every route registered with an `access` declaration) and from the
 * contract (every entry that declares a 401 or 403 answer); each is exercised with no token, a
 * malformed request without a token, broken and forged tokens, a deleted user's token, another
 * user's uid (routes with `self`), the wrong role (routes with a `role`), a cookie from another
 * site (cookie-authenticated routes) and another user's resource (where the route has one). Every
 * refusal must answer 401/403 and change nothing in the database or the uploads folder; a
 * control row then shows that the same request from the right caller passes, so a refusal is
 * never a 400 in disguise.
 *
 * A new guarded endpoint fails this file until it has an entry in `entries` below: the entry
 * says how to build its request (path params, query, body) and what the right caller gets.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as contract from '../../contract/index.js';
import { deposits, orderPayments, orders, sandboxPaymentIntents, users } from '../db/schema.js';
import { completeSale } from '../payments/sale.js';
import {
  bearer,
  registerUser,
  testOrigin,
  testPassword,
  type TestUser,
} from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { anyString } from '../test-support/matchers.js';
import { createCategory, createProduct, createUser } from '../test-support/factories.js';
import type { GuardedRoute, Role } from './guard.js';
import { resolveAuthSecret } from './secret.js';
import { createApiTokenService } from './tokens.js';
import { queryRows } from '../db/rows.js';

/** Callers: `buyer`, `seller` and `admin` are the right callers; the `other*` their siblings. */
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;
let deleted: TestUser;
/** A seller whose buyer role was taken away (every account buys, decision 0042). */
let nonBuyer: TestUser;
let categoryId: string;
let png: Buffer;

/** The parts of a request an entry builds; credentials are the matrix's business. */
interface RequestParts {
  /** Values of the url's `:params` (the `self` parameter is filled by the matrix). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

interface Entry {
  /**
   * The role the route must require (the test's own statement of it: the rows refuse callers
   * without it, so a route that forgets its role fails here). Absent: any signed-in user.
   */
  role?: Role;
  /** Creates what the request acts on (run once, before the route's rows). */
  setup?: () => Promise<void>;
  /** The request as `as` would make it; resources belong to the route's right caller. */
  request: (as: TestUser) => RequestParts;
  /** What the right caller gets (the control row). */
  ok: number;
  /**
   * Another user's resource: what a caller of the right role who is not the owner gets, and the
   * request they make (default: `request(theirSelf)`, i.e. their own uid, the owner's resource).
   */
  foreign?: { status: number; request?: (as: TestUser) => RequestParts };
  /**
   * The right caller, when the control row must not use the shared one (default: by `role`):
   * a throwaway user for a call that ends its caller's other sessions or deletes the account.
   */
  caller?: () => TestUser;
}

/** A product of `sellerId` in the matrix category. */
async function productOf(sellerId: string, overrides: Parameters<typeof createProduct>[2] = {}) {
  return createProduct(t.database.db, { categoryId, sellerId }, overrides);
}

/** Books `productId` for `who`; returns the order id. */
async function bookFor(who: TestUser, productId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(who.token),
    payload: booking(productId),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

/**
 * A paid order of `who` for a new product of `sellerId`, its money held (decision 0042); the
 * sale is completed as the provider's confirmation would. Returns the order id.
 */
async function heldOrderOf(who: TestUser, sellerId: string): Promise<string> {
  const product = await productOf(sellerId);
  const id = await bookFor(who, product.id);
  const intentId = `pi_matrix_${id.replaceAll('-', '')}`;
  await t.database.db.insert(sandboxPaymentIntents).values({
    id: intentId,
    clientSecret: `${intentId}_secret_matrix`,
    orderId: id,
    amountCents: product.resellPriceCents,
    status: 'succeeded',
  });
  const sale = await completeSale(t.database.db, {
    orderId: id,
    transactionId: intentId,
    amountCents: product.resellPriceCents,
  });
  expect(sale.kind).toBe('recorded');
  return id;
}

/** Starts `who`'s conversation about `productId`; returns its id. */
async function conversationOf(who: TestUser, productId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: bearer(who.token),
    payload: { product_id: productId, text: 'Hello, is it available?' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ conversation_id: string }>().conversation_id;
}

/** A product of `sellerId` removed by an admin with a statement; returns its id. */
async function removedProductOf(sellerId: string): Promise<string> {
  const { id } = await productOf(sellerId, { reported: true, reportCount: 1 });
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/report-product-delete/${admin.uid}?id=${id}`,
    headers: bearer(admin.token),
    payload: { rule: 'Prohibited item', facts: 'A stolen part.', automated: false },
  });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

/** A saved search of `who`; returns its id. */
async function savedSearchOf(who: TestUser): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: bearer(who.token),
    payload: { name: 'Matrix search', query: { make: 'Toyota' } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

/** A paid order of `who` for a new product of `sellerId` (for reviews); returns its id. */
async function paidOrderOf(who: TestUser, sellerId: string): Promise<string> {
  const id = await bookFor(who, (await productOf(sellerId)).id);
  await t.database.db.update(orders).set({ paid: true }).where(eq(orders.id, id));
  return id;
}

/** `who`'s review of their paid order `orderId`; returns the review id. */
async function reviewOf(who: TestUser, orderId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: bearer(who.token),
    payload: { order_id: orderId, rating: 4, text: 'Fine' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

/** A sandbox intent for `who`'s order of `productId`: its client secret and id. */
async function intentFor(who: TestUser, productId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/create-payment-intent/${productId}`,
    headers: bearer(who.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const clientSecret = response.json<{ clientSecret: string }>().clientSecret;
  return { clientSecret, id: clientSecret.slice(0, clientSecret.indexOf('_secret_')) };
}

/**
 * `who`'s booking of a new listing of `sellerId` with a $50 deposit; `held` also holds
 * it with the sandbox's test card. Returns the order id.
 */
async function depositOrderOf(who: TestUser, sellerId: string, held: boolean): Promise<string> {
  const orderId = await bookFor(who, (await productOf(sellerId, { depositCents: 5_000 })).id);
  const hold = await t.app.inject({
    method: 'POST',
    url: `/api/order/${orderId}/deposit/hold`,
    headers: bearer(who.token),
  });
  expect(hold.statusCode, hold.body).toBe(200);
  if (!held) return orderId;
  const secret = hold.json<{ clientSecret: string }>().clientSecret;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/sandbox/payment-intents/${secret.slice(0, secret.indexOf('_secret_'))}/confirm`,
    headers: bearer(who.token),
    payload: { client_secret: secret, payment_method: 'pm_card_visa' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const marked = await t.app.inject({
    method: 'POST',
    url: `/api/order/${orderId}/deposit/confirm`,
    headers: bearer(who.token),
  });
  expect(marked.statusCode, marked.body).toBe(200);
  return orderId;
}

/** Puts an order's deposit straight into `state` (captured now). */
async function setDepositState(orderId: string, state: 'captured' | 'disputed') {
  await t.database.db
    .update(deposits)
    .set({ state, capturedAt: new Date() })
    .where(eq(deposits.orderId, orderId));
}

const booking = (productId: string) => ({
  customer_info: { customer_phone: '01711111111', meeting_location: 'Gulshan 2' },
  product_info: { product_id: productId },
});

const boundary = 'matrixboundary';
const imageUpload = (): RequestParts => ({
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]),
});

// Resources of the entries, made in their setup.
/** Trader details of the matrix's business seller. */
const matrixTrader = {
  legal_name: 'Matrix Motors LLC',
  address: '1 Main St, Austin, TX',
  phone: '+1 512 555 0100',
  email: 'matrix@example.com',
  register_name: 'Texas SOS',
  register_number: '123',
  self_certified: true,
};

/** Makes `seller` a business seller (idempotent). */
async function makeSellerBusiness() {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/profile/trader',
    headers: bearer(seller.token),
    payload: matrixTrader,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The X-Api-Key each user sends on the inventory API (set by its entries' set-up). */
const apiKeys: Record<string, string> = {};

/** A new API key of business seller `who`. */
async function apiKeyOf(who: TestUser): Promise<{ id: string; key: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/dealer/api-keys',
    headers: bearer(who.token),
    payload: { name: 'Matrix key' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const made = response.json<{ id: string; key: string }>();
  return made;
}

const ids: Record<string, string> = {};
/** Right callers the control row uses up (password changed, account deleted). */
const throwaway: Record<string, TestUser> = {};
let clientSecret = '';

/** How to call each guarded route, keyed `METHOD url` as Fastify has the route. */
const entries: Record<string, Entry> = {
  'POST /api/jwt': {
    request: (as) => ({ payload: { user: as.uid } }),
    ok: 200,
    foreign: { status: 403, request: () => ({ payload: { user: buyer.uid } }) },
  },
  'POST /api/users': {
    request: (as) => ({
      payload: { displayName: 'Same Name', email: as.email, photoURL: '', role: 'buyer' },
    }),
    ok: 200,
  },
  'GET /api/user/admin/:uid': { request: () => ({}), ok: 200 },
  'GET /api/user/seller/:uid': { request: () => ({}), ok: 200 },
  'GET /api/user/buyer/:uid': { request: () => ({}), ok: 200 },
  'POST /api/images': { request: imageUpload, ok: 201 },

  // Profile: the caller's own account only (no id in the request).
  'GET /api/profile': { request: () => ({}), ok: 200 },
  'PATCH /api/profile': { request: () => ({ payload: { displayName: 'Same Name' } }), ok: 200 },
  'POST /api/profile/phone': {
    request: () => ({ payload: { phone: '+14155550123' } }),
    ok: 200,
  },
  // No code was sent to the right caller: past the guard, the answer is "no code waiting".
  'POST /api/profile/phone/verify': { request: () => ({ payload: { code: '123456' } }), ok: 400 },
  'GET /api/profile/identity': { request: () => ({}), ok: 200 },
  // The sandbox wants both pictures and the number: the right caller's empty start is a 400.
  'POST /api/profile/identity': { request: () => ({ payload: {} }), ok: 400 },
  'POST /api/profile/seller': {
    setup: async () => {
      throwaway.seller = await registerUser(t.app, { role: 'buyer', name: 'Stan Starter' });
    },
    caller: () => throwaway.seller!,
    request: () => ({}),
    ok: 200,
  },
  'POST /api/profile/password': {
    setup: async () => {
      throwaway.password = await registerUser(t.app, { role: 'buyer', name: 'Pat Password' });
    },
    caller: () => throwaway.password!,
    request: () => ({
      payload: { current_password: testPassword, new_password: 'a fresh gearbox 9' },
    }),
    ok: 200,
  },
  'DELETE /api/profile': {
    setup: async () => {
      throwaway.leaver = await registerUser(t.app, { role: 'seller', name: 'Lee Leaver' });
    },
    caller: () => throwaway.leaver!,
    request: () => ({}),
    ok: 200,
  },

  'POST /api/categories': {
    role: 'seller',
    request: () => ({ payload: { category_name: `Matrix ${Math.random().toString(36)}` } }),
    ok: 201,
  },
  'POST /api/products': {
    role: 'seller',
    request: () => ({
      payload: {
        product_name: 'Matrix car',
        product_description: 'One owner.',
        product_image: '/uploads/matrix.webp',
        category_id: categoryId,
        condition: 'Good',
        resell_price: 100,
        original_price: 200,
        year_of_used: 2,
        seller_location: 'Austin',
        seller_phone: '+1 512 555 0142',
      },
    }),
    ok: 201,
  },
  'GET /api/products': { role: 'seller', request: () => ({}), ok: 200 },
  'PATCH /api/promote-product/:uid': {
    role: 'seller',
    setup: async () => {
      ids.promote = (await productOf(seller.recordId)).id;
    },
    request: () => ({ query: { id: ids.promote! } }),
    ok: 200,
    foreign: { status: 403 },
  },
  'DELETE /api/product-delete/:uid': {
    role: 'seller',
    setup: async () => {
      ids.sellerDelete = (await productOf(seller.recordId)).id;
    },
    request: () => ({ query: { id: ids.sellerDelete! } }),
    ok: 200,
    foreign: { status: 403 },
  },

  'GET /api/product/:id/contact': {
    setup: async () => {
      ids.contact = (await productOf(seller.recordId)).id;
    },
    request: () => ({ params: { id: ids.contact! } }),
    ok: 200,
  },
  'PATCH /api/product/:id': {
    role: 'seller',
    setup: async () => {
      ids.edit = (await productOf(seller.recordId)).id;
    },
    request: () => ({ params: { id: ids.edit! }, payload: { color: 'Red' } }),
    ok: 200,
    foreign: { status: 403 },
  },
  'PATCH /api/product/:id/availability': {
    role: 'seller',
    setup: async () => {
      ids.availability = (await productOf(seller.recordId)).id;
    },
    request: () => ({ params: { id: ids.availability! }, payload: { unavailable: true } }),
    ok: 200,
    foreign: { status: 403 },
  },

  'PATCH /api/product/:id/status': {
    role: 'seller',
    setup: async () => {
      ids.status = (await productOf(seller.recordId)).id;
    },
    request: () => ({ params: { id: ids.status! }, payload: { status: 'reserved' } }),
    ok: 200,
    foreign: { status: 403 },
  },
  'POST /api/product/:id/photos/:index/blur': {
    role: 'seller',
    setup: async () => {
      // A real stored photo: the owner's control row blurs it.
      const photo = await sharp({
        create: { width: 64, height: 48, channels: 3, background: '#3a6' },
      })
        .webp()
        .toBuffer();
      await t.app.imageStore.put('blur-matrix-photo.webp', photo);
      ids.blur = (
        await productOf(seller.recordId, { productImages: ['/uploads/blur-matrix-photo.webp'] })
      ).id;
    },
    request: () => ({
      params: { id: ids.blur!, index: '0' },
      payload: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 },
    }),
    ok: 200,
    foreign: { status: 403 },
  },
  'POST /api/product/:id/renew': {
    role: 'seller',
    setup: async () => {
      ids.renew = (await productOf(seller.recordId)).id;
    },
    request: () => ({ params: { id: ids.renew! } }),
    ok: 200,
    foreign: { status: 403 },
  },

  'POST /api/orders': {
    role: 'buyer',
    setup: async () => {
      ids.bookable = (await productOf(otherSeller.recordId)).id;
    },
    request: () => ({ payload: booking(ids.bookable!) }),
    ok: 201,
  },
  'GET /api/orders': { role: 'buyer', request: () => ({}), ok: 200 },
  'GET /api/order/:id': {
    role: 'buyer',
    setup: async () => {
      ids.order = await bookFor(buyer, (await productOf(otherSeller.recordId)).id);
    },
    request: () => ({ params: { id: ids.order! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'DELETE /api/order/:id': {
    role: 'buyer',
    setup: async () => {
      ids.cancellable = await bookFor(buyer, (await productOf(otherSeller.recordId)).id);
    },
    request: () => ({ params: { id: ids.cancellable! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'GET /api/seller-orders': { role: 'seller', request: () => ({}), ok: 200 },
  // Seller insights: the caller's own listings only (no id in the request; another seller's
  // listings are left out, routes/insights/insights.test.ts).
  'GET /api/seller/insights': {
    role: 'seller',
    request: () => ({ query: { days: '30' } }),
    ok: 200,
  },
  'PATCH /api/order/:id/decline': {
    role: 'seller',
    setup: async () => {
      ids.declinable = await bookFor(buyer, (await productOf(seller.recordId)).id);
    },
    request: () => ({ params: { id: ids.declinable! }, payload: { message: 'Sold elsewhere' } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'PATCH /api/order/:id/viewing': {
    setup: async () => {
      ids.viewable = await bookFor(buyer, (await productOf(otherSeller.recordId)).id);
    },
    request: () => ({
      params: { id: ids.viewable! },
      payload: { action: 'propose', at: new Date(Date.now() + 86_400_000).toISOString() },
    }),
    ok: 200,
    foreign: { status: 403 },
  },
  'POST /api/offers': {
    role: 'buyer',
    setup: async () => {
      ids.offerable = (await productOf(otherSeller.recordId)).id;
    },
    request: () => ({ payload: { product_id: ids.offerable!, amount: 100 } }),
    ok: 201,
  },
  'GET /api/offers': { request: () => ({ query: { role: 'buyer' } }), ok: 200 },
  'PATCH /api/offers/:id': {
    setup: async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/offers',
        headers: bearer(buyer.token),
        payload: { product_id: (await productOf(otherSeller.recordId)).id, amount: 100 },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.answerable = response.json<{ offer_id: string }>().offer_id;
    },
    request: () => ({ params: { id: ids.answerable! }, payload: { action: 'withdraw' } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'PUT /api/product/:id/offer-floor': {
    role: 'seller',
    setup: async () => {
      ids.floored = (await productOf(seller.recordId)).id;
    },
    request: () => ({ params: { id: ids.floored! }, payload: { offer_floor: 50 } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'GET /api/product/:id/offer-floor': {
    role: 'seller',
    setup: async () => {
      ids.flooredRead = (await productOf(seller.recordId)).id;
    },
    request: () => ({ params: { id: ids.flooredRead! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/conversations': {
    setup: async () => {
      ids.messageable = (await productOf(otherSeller.recordId)).id;
    },
    request: () => ({ payload: { product_id: ids.messageable!, text: 'Is it still for sale?' } }),
    ok: 201,
  },
  'GET /api/conversations': { request: () => ({}), ok: 200 },
  'GET /api/conversations/:id/messages': {
    setup: async () => {
      ids.conversation = await conversationOf(buyer, (await productOf(otherSeller.recordId)).id);
    },
    request: () => ({ params: { id: ids.conversation! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/conversations/:id/messages': {
    setup: async () => {
      ids.writable = await conversationOf(buyer, (await productOf(otherSeller.recordId)).id);
    },
    request: () => ({ params: { id: ids.writable! }, payload: { text: 'Tomorrow at 5?' } }),
    ok: 201,
    foreign: { status: 404 },
  },
  'PATCH /api/conversations/:id/block': {
    setup: async () => {
      ids.blockable = await conversationOf(buyer, (await productOf(otherSeller.recordId)).id);
    },
    request: () => ({ params: { id: ids.blockable! }, payload: { blocked: true } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'GET /api/messages/unread-count': { request: () => ({}), ok: 200 },
  // Favourites are the caller's own (no foreign resource to reach: another user's
  // calls act on their own list); reviews belong to an order's buyer, replies to its seller.
  'PUT /api/favourites/:productId': {
    setup: async () => {
      ids.favourable = (await productOf(otherSeller.recordId)).id;
    },
    request: () => ({ params: { productId: ids.favourable! } }),
    ok: 200,
  },
  'DELETE /api/favourites/:productId': {
    setup: async () => {
      ids.unfavourable = (await productOf(otherSeller.recordId)).id;
    },
    request: () => ({ params: { productId: ids.unfavourable! } }),
    ok: 200,
  },
  'GET /api/favourites': { request: () => ({}), ok: 200 },
  // VIN decoding is for any signed-in user (no resource of anyone's).
  'GET /api/vin/:vin': { request: () => ({ params: { vin: '1HGCM82633A004352' } }), ok: 200 },
  // Trust signals (decision 0028): a VIN's history; reporting a message one received.
  'GET /api/vin/:vin/history': {
    request: () => ({ params: { vin: '1HGCM82633A004352' } }),
    ok: 200,
  },
  'POST /api/messages/:id/report': {
    setup: async () => {
      const conversation = await conversationOf(buyer, (await productOf(otherSeller.recordId)).id);
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation}/messages`,
        headers: bearer(otherSeller.token),
        payload: { text: 'Pay the deposit by gift card first' },
      });
      ids.reportedMessage = sent.json<{ _id: string }>()._id;
    },
    request: () => ({ params: { id: ids.reportedMessage! }, payload: {} }),
    ok: 200,
    foreign: { status: 404 },
  },
  // Notification settings are the caller's own (no foreign resource to reach).
  'GET /api/notification-settings': { request: () => ({}), ok: 200 },
  'PUT /api/notification-settings': {
    request: () => ({ payload: { settings: [{ kind: 'message', enabled: true }] } }),
    ok: 200,
  },
  // Push subscriptions and switches are the caller's own: a DELETE names an endpoint and removes
  // only the caller's row with it (push.test.ts shows someone else's is left alone). No job
  // workers run here, so the public endpoint below is never contacted.
  'POST /api/push/subscriptions': {
    request: () => ({
      payload: {
        endpoint: 'https://1.1.1.1/push/matrix',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    }),
    ok: 201,
  },
  'DELETE /api/push/subscriptions': {
    request: () => ({ payload: { endpoint: 'https://1.1.1.1/push/matrix' } }),
    ok: 200,
  },
  'GET /api/push/settings': { request: () => ({}), ok: 200 },
  'PUT /api/push/settings': {
    request: () => ({ payload: { settings: [{ kind: 'message', enabled: true }] } }),
    ok: 200,
  },
  'GET /api/favourites/ids': {
    request: () => ({ query: { ids: '00000000-0000-4000-8000-000000000000' } }),
    ok: 200,
  },
  'POST /api/reviews': {
    setup: async () => {
      ids.reviewable = await paidOrderOf(buyer, otherSeller.recordId);
    },
    request: () => ({ payload: { order_id: ids.reviewable!, rating: 5, text: 'Great seller' } }),
    ok: 201,
    foreign: { status: 403 },
  },
  'POST /api/reviews/:id/reply': {
    // The right caller (`buyer`) is the order's seller here: otherBuyer bought buyer's product.
    setup: async () => {
      ids.repliable = await reviewOf(otherBuyer, await paidOrderOf(otherBuyer, buyer.recordId));
    },
    request: () => ({ params: { id: ids.repliable! }, payload: { text: 'Thank you!' } }),
    ok: 200,
    foreign: { status: 403 },
  },
  'DELETE /api/reviews/:id': {
    role: 'admin',
    setup: async () => {
      ids.removable = await reviewOf(buyer, await paidOrderOf(buyer, otherSeller.recordId));
    },
    request: () => ({ params: { id: ids.removable! } }),
    ok: 200,
  },
  // Saved searches are their owner's; anyone else's answers 404.
  'POST /api/saved-searches': {
    request: () => ({ payload: { name: 'Cheap Toyotas', query: { make: 'Toyota' } } }),
    ok: 201,
  },
  'GET /api/saved-searches': { request: () => ({}), ok: 200 },
  'PATCH /api/saved-searches/:id': {
    setup: async () => {
      ids.renamable = await savedSearchOf(buyer);
    },
    request: () => ({ params: { id: ids.renamable! }, payload: { name: 'Renamed' } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/saved-searches/:id/visit': {
    setup: async () => {
      ids.visitable = await savedSearchOf(buyer);
    },
    request: () => ({ params: { id: ids.visitable! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'DELETE /api/saved-searches/:id': {
    setup: async () => {
      ids.forgettable = await savedSearchOf(buyer);
    },
    request: () => ({ params: { id: ids.forgettable! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'GET /api/messages/stream': { request: () => ({ query: { max_seconds: '0' } }), ok: 200 },
  'PATCH /api/report-product': {
    role: 'buyer',
    setup: async () => {
      ids.reportable = (await productOf(otherSeller.recordId)).id;
    },
    request: () => ({ query: { id: ids.reportable! } }),
    ok: 200,
  },
  'POST /api/create-payment-intent/:productId': {
    role: 'buyer',
    setup: async () => {
      ids.toPay = (await productOf(otherSeller.recordId)).id;
      await bookFor(buyer, ids.toPay);
    },
    request: () => ({ params: { productId: ids.toPay! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/payments': {
    role: 'buyer',
    // Paid through the sandbox: the control row records it again (a replay answers 200).
    setup: async () => {
      const product = await productOf(otherSeller.recordId);
      ids.paidProduct = product.id;
      ids.paidOrder = await bookFor(buyer, product.id);
      const intent = await intentFor(buyer, product.id);
      ids.paidIntent = intent.id;
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/sandbox/payment-intents/${intent.id}/confirm`,
        headers: bearer(buyer.token),
        payload: { client_secret: intent.clientSecret, payment_method: 'pm_card_visa' },
      });
      expect(paid.json<{ status: string }>().status).toBe('succeeded');
    },
    request: () => ({
      payload: {
        price: 100,
        transactionId: ids.paidIntent!,
        email: 'x@example.test',
        orderId: ids.paidOrder!,
        product_id: ids.paidProduct!,
      },
    }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/sandbox/payment-methods': {
    role: 'buyer',
    request: () => ({
      payload: { number: '4242424242424242', exp_month: 12, exp_year: 40, cvc: '123' },
    }),
    ok: 200,
  },
  'POST /api/sandbox/payment-intents/:id/confirm': {
    role: 'buyer',
    setup: async () => {
      const product = await productOf(otherSeller.recordId);
      await bookFor(buyer, product.id);
      const intent = await intentFor(buyer, product.id);
      ids.intent = intent.id;
      clientSecret = intent.clientSecret;
    },
    request: () => ({
      params: { id: ids.intent! },
      payload: { client_secret: clientSecret, payment_method: 'pm_card_visa' },
    }),
    ok: 200,
    foreign: { status: 404 },
  },

  // The viewing deposit.
  'POST /api/order/:id/deposit/hold': {
    role: 'buyer',
    setup: async () => {
      ids.depositHold = await depositOrderOf(buyer, otherSeller.recordId, false);
    },
    request: () => ({ params: { id: ids.depositHold! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/order/:id/deposit/confirm': {
    role: 'buyer',
    setup: async () => {
      ids.depositConfirm = await depositOrderOf(buyer, otherSeller.recordId, true);
    },
    request: () => ({ params: { id: ids.depositConfirm! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/order/:id/deposit/outcome': {
    role: 'seller',
    setup: async () => {
      ids.depositMark = await depositOrderOf(buyer, seller.recordId, true);
    },
    request: () => ({
      params: { id: ids.depositMark! },
      payload: { outcome: 'viewing_happened' },
    }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/order/:id/deposit/dispute': {
    role: 'buyer',
    setup: async () => {
      ids.depositDispute = await depositOrderOf(buyer, otherSeller.recordId, true);
      await setDepositState(ids.depositDispute, 'captured');
    },
    request: () => ({ params: { id: ids.depositDispute! }, payload: { reason: 'I came' } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'GET /api/deposit-disputes': { role: 'admin', request: () => ({}), ok: 200 },
  'POST /api/deposit-disputes/:id/decision': {
    role: 'admin',
    setup: async () => {
      ids.depositDecide = await depositOrderOf(buyer, otherSeller.recordId, true);
      await setDepositState(ids.depositDecide, 'disputed');
    },
    request: () => ({ params: { id: ids.depositDecide! }, payload: { decision: 'keep' } }),
    ok: 200,
  },

  // Protected payment (decision 0042): the order's sides only; strangers 404.
  'POST /api/order/:id/payment/release': {
    setup: async () => {
      ids.paymentRelease = await heldOrderOf(buyer, seller.recordId);
      const [row] = await t.database.db
        .select({ code: orderPayments.handoverCode })
        .from(orderPayments)
        .where(eq(orderPayments.orderId, ids.paymentRelease));
      ids.paymentReleaseCode = row!.code;
    },
    caller: () => seller,
    request: () => ({
      params: { id: ids.paymentRelease! },
      payload: { handover_code: ids.paymentReleaseCode! },
    }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/order/:id/payment/refund': {
    setup: async () => {
      ids.paymentRefund = await heldOrderOf(buyer, seller.recordId);
    },
    request: () => ({
      params: { id: ids.paymentRefund! },
      payload: { reason: 'Not as described' },
    }),
    ok: 200,
    foreign: { status: 404 },
  },
  'POST /api/order/:id/payment/dispute': {
    setup: async () => {
      ids.paymentDispute = await heldOrderOf(buyer, seller.recordId);
    },
    request: () => ({
      params: { id: ids.paymentDispute! },
      payload: { reason: 'Not as described' },
    }),
    ok: 200,
    foreign: { status: 404 },
  },
  'GET /api/payment-disputes': { role: 'admin', request: () => ({}), ok: 200 },
  'POST /api/payment-disputes/:id/decision': {
    role: 'admin',
    setup: async () => {
      ids.paymentDecide = await heldOrderOf(buyer, otherSeller.recordId);
      await t.database.db
        .update(orderPayments)
        .set({ status: 'disputed', disputeReason: 'Matrix', disputedBy: 'buyer' })
        .where(eq(orderPayments.orderId, ids.paymentDecide));
    },
    request: () => ({
      params: { id: ids.paymentDecide! },
      payload: { outcome: 'refund', note: 'Matrix' },
    }),
    ok: 200,
  },
  // The order's buyer (the right caller), its seller or an admin; anyone else 404.
  'GET /api/order/:id/bill-of-sale': {
    setup: async () => {
      ids.billOfSale = await heldOrderOf(buyer, seller.recordId);
      const payout = await t.app.inject({
        method: 'PUT',
        url: '/api/profile/payout',
        headers: bearer(seller.token),
        payload: { account_holder: 'Sam Seller', iban: 'DE89370400440532013000' },
      });
      expect(payout.statusCode, payout.body).toBe(200);
      const [row] = await t.database.db
        .select({ code: orderPayments.handoverCode })
        .from(orderPayments)
        .where(eq(orderPayments.orderId, ids.billOfSale));
      const released = await t.app.inject({
        method: 'POST',
        url: `/api/order/${ids.billOfSale}/payment/release`,
        headers: bearer(seller.token),
        payload: { handover_code: row!.code },
      });
      expect(released.json()).toMatchObject({ payment: { status: 'released' } });
    },
    request: () => ({ params: { id: ids.billOfSale! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'GET /api/profile/payout': { request: () => ({}), ok: 200 },
  // With the sandbox the right caller is told to give bank details instead (409, past the guard).
  'POST /api/profile/payout/onboarding': { request: () => ({}), ok: 409 },
  'PUT /api/profile/payout': {
    request: () => ({
      payload: { account_holder: 'Bea Buyer', iban: 'DE89370400440532013000' },
    }),
    ok: 200,
  },

  'GET /api/users-by-role/:uid': {
    role: 'admin',
    request: () => ({ query: { role: 'seller' } }),
    ok: 200,
  },
  // Dealers (decision 0046): the right seller is made a business first.
  'PUT /api/profile/trader': {
    role: 'seller',
    request: () => ({ payload: matrixTrader }),
    ok: 200,
  },
  'PATCH /api/trader-check/:uid': {
    role: 'admin',
    setup: makeSellerBusiness,
    request: () => ({ query: { id: seller.recordId }, payload: { result: 'requested' } }),
    ok: 200,
  },
  'POST /api/dealer/imports': {
    role: 'seller',
    setup: makeSellerBusiness,
    request: () => {
      const boundary = '----matrix';
      const csv =
        'external_id,category,make,model,year,mileage,price,description,place,photo_urls\n' +
        'M-9,Matrix,Ford,Focus,2016,1000,900,Fine.,Austin,https://dealer.example/9.jpg\n';
      return {
        query: { mode: 'partial', dry_run: 'true' },
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      };
    },
    ok: 200,
  },
  'GET /api/dealer/imports': { role: 'seller', request: () => ({}), ok: 200 },
  'PUT /api/dealer/feed': {
    role: 'seller',
    setup: makeSellerBusiness,
    request: () => ({ payload: { url: 'https://dealer.example/feed.csv', mode: 'full' } }),
    ok: 200,
  },
  'DELETE /api/dealer/feed': { role: 'seller', request: () => ({}), ok: 200 },
  'GET /api/dealer/feed': { role: 'seller', request: () => ({}), ok: 200 },
  'POST /api/dealer/api-keys': {
    role: 'seller',
    setup: makeSellerBusiness,
    request: () => ({ payload: { name: 'Matrix' } }),
    ok: 201,
  },
  'GET /api/dealer/api-keys': { role: 'seller', request: () => ({}), ok: 200 },
  'DELETE /api/dealer/api-keys/:id': {
    role: 'seller',
    setup: async () => {
      await makeSellerBusiness();
      ids.apiKey = (await apiKeyOf(seller)).id;
    },
    request: () => ({ params: { id: ids.apiKey! } }),
    ok: 200,
    foreign: { status: 404 },
  },
  'PUT /api/dealer/inventory/:external_id': {
    caller: () => seller,
    setup: async () => {
      await makeSellerBusiness();
      apiKeys[seller.uid] = (await apiKeyOf(seller)).key;
      // An imported car whose photo was fetched already: the control row fetches nothing.
      await productOf(seller.recordId, {
        externalId: 'M-1',
        photoSources: ['https://dealer.example/1.jpg'],
      });
    },
    request: () => ({
      params: { external_id: 'M-1' },
      payload: {
        category: 'Matrix',
        make: 'Ford',
        model: 'Focus',
        year: 2016,
        mileage: 1000,
        price: 900,
        description: 'Fine.',
        place: 'Austin',
        photo_urls: ['https://dealer.example/1.jpg'],
      },
    }),
    ok: 200,
  },
  'DELETE /api/dealer/inventory/:external_id': {
    caller: () => seller,
    setup: async () => {
      await makeSellerBusiness();
      apiKeys[seller.uid] = (await apiKeyOf(seller)).key;
      await productOf(seller.recordId, { externalId: 'M-2' });
    },
    request: () => ({ params: { external_id: 'M-2' } }),
    ok: 200,
  },
  'PATCH /api/seller-verify/:uid': {
    role: 'admin',
    setup: async () => {
      ids.verify = (await createUser(t.database.db, { role: 'seller' })).id;
    },
    request: () => ({ query: { id: ids.verify! } }),
    ok: 200,
  },
  'DELETE /api/user-delete/:uid': {
    role: 'admin',
    setup: async () => {
      ids.doomed = (await createUser(t.database.db, { role: 'buyer' })).id;
    },
    request: () => ({ query: { id: ids.doomed! } }),
    ok: 200,
  },
  'GET /api/reported-products/:uid': { role: 'admin', request: () => ({}), ok: 200 },
  'PATCH /api/report-product-safe/:uid': {
    role: 'admin',
    setup: async () => {
      ids.safe = (await productOf(otherSeller.recordId, { reported: true, reportCount: 1 })).id;
    },
    request: () => ({ query: { id: ids.safe! } }),
    ok: 200,
  },
  'DELETE /api/report-product-delete/:uid': {
    role: 'admin',
    setup: async () => {
      ids.adminDelete = (await productOf(otherSeller.recordId, { reported: true })).id;
    },
    request: () => ({
      query: { id: ids.adminDelete! },
      payload: {
        rule: 'Scam or fraud',
        facts: 'Asked for payment off the site.',
        automated: false,
      },
    }),
    ok: 200,
  },
  // Statements of reasons and appeals (decision 0021).
  'GET /api/moderation-decisions': { role: 'seller', request: () => ({}), ok: 200 },
  'POST /api/appeals': {
    role: 'seller',
    setup: async () => {
      ids.appealable = await removedProductOf(seller.recordId);
    },
    request: () => ({ payload: { product_id: ids.appealable!, text: 'It is my own car.' } }),
    ok: 201,
    foreign: { status: 403 },
  },
  'GET /api/appeals/:uid': { role: 'admin', request: () => ({}), ok: 200 },
  'PATCH /api/appeal-decide/:uid': {
    role: 'admin',
    setup: async () => {
      const productId = await removedProductOf(otherSeller.recordId);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/appeals',
        headers: bearer(otherSeller.token),
        payload: { product_id: productId, text: 'Please look again.' },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.appeal = response.json<{ insertedId: string }>().insertedId;
    },
    request: () => ({
      query: { id: ids.appeal! },
      payload: { outcome: 'upheld', reason: 'The photos show a stolen part.' },
    }),
    ok: 200,
  },
  'GET /api/audit-log/:uid': { role: 'admin', request: () => ({}), ok: 200 },
  'GET /api/admin/risk-queue/:uid': { role: 'admin', request: () => ({}), ok: 200 },
  'GET /api/admin/seller-evidence/:uid': {
    role: 'admin',
    request: () => ({ query: { id: seller.recordId } }),
    ok: 200,
  },
  'PATCH /api/admin/risk-queue/:uid': {
    role: 'admin',
    setup: async () => {
      ids.riskDismissed = (await productOf(otherSeller.recordId)).id;
    },
    request: () => ({ query: { id: ids.riskDismissed! }, payload: { note: 'Checked by hand' } }),
    ok: 200,
  },
  'GET /api/admin-categories/:uid': { role: 'admin', request: () => ({}), ok: 200 },
  'PATCH /api/category-rename/:uid': {
    role: 'admin',
    setup: async () => {
      ids.renamed = (await createCategory(t.database.db, 'Matrix Rename')).id;
    },
    request: () => ({ query: { id: ids.renamed! }, payload: { category_name: 'Matrix Renamed' } }),
    ok: 200,
  },
  'PATCH /api/category-kind/:uid': {
    role: 'admin',
    setup: async () => {
      ids.kindSet = (await createCategory(t.database.db, 'Matrix Kind')).id;
    },
    request: () => ({ query: { id: ids.kindSet! }, payload: { kind: 'parts' } }),
    ok: 200,
  },
  'PATCH /api/category-merge/:uid': {
    role: 'admin',
    setup: async () => {
      ids.mergedFrom = (await createCategory(t.database.db, 'Matrix Merge From')).id;
    },
    request: () => ({ query: { id: ids.mergedFrom!, into: categoryId } }),
    ok: 200,
  },
  'DELETE /api/category-delete/:uid': {
    role: 'admin',
    setup: async () => {
      ids.emptyCategory = (await createCategory(t.database.db, 'Matrix Empty')).id;
    },
    request: () => ({ query: { id: ids.emptyCategory! } }),
    ok: 200,
  },
};

/** Contract entries (method, url, answers) of src/contract. */
const contractRoutes = Object.values(contract as Record<string, unknown>).filter(
  (value): value is { method: string; url: string; response: Record<number, unknown> } =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { method?: unknown }).method === 'string' &&
    typeof (value as { url?: unknown }).url === 'string' &&
    typeof (value as { response?: unknown }).response === 'object',
);
const guardedInContract = contractRoutes.filter(
  (route) => route.response[401] !== undefined || route.response[403] !== undefined,
);

// Built at collection time: the route table decides which tests exist.
// No job workers: the mails the set-up's bookings queue would otherwise be delivered
// in the background and change `mail_deliveries` between a refusal's two snapshots.
const t: TestApp = await createTestApp({ JOB_WORKERS: 'false' });
const guardedRoutes = t.app.guardedRoutes.filter((route) => route.method !== 'HEAD');
const headRoutes = t.app.guardedRoutes.filter((route) => route.method === 'HEAD');

beforeAll(async () => {
  [buyer, otherBuyer, seller, otherSeller, admin, otherAdmin, deleted, nonBuyer] =
    await Promise.all([
      registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
      registerUser(t.app, { role: 'buyer', name: 'Otis Buyer' }),
      registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
      registerUser(t.app, { role: 'seller', name: 'Olga Seller' }),
      registerUser(t.app, { role: 'seller', admin: true, name: 'Ada Admin' }),
      registerUser(t.app, { role: 'buyer', admin: true, name: 'Otto Admin' }),
      registerUser(t.app, { role: 'seller', name: 'Dora Deleted' }),
      registerUser(t.app, { role: 'seller', name: 'Nora Nonbuyer' }),
    ]);
  await t.app.db.update(users).set({ isBuyer: false }).where(eq(users.uid, nonBuyer.uid));
  await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.uid, deleted.uid));
  categoryId = (await createCategory(t.database.db, 'Matrix')).id;
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

/** One fingerprint of every table (md5 of its rows) and of the uploads folder. */
async function snapshot() {
  const tables = await queryRows<{ tablename: string }>(
    t.app.db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  // `places` is the gazetteer (decision 0026): reference data no request writes, and at about
  // 135,000 rows digesting it before and after every refusal would take most of the run.
  const names = tables.map((row) => row.tablename).filter((name) => name !== 'places');
  const query = names
    .map(
      (name) =>
        `select '${name}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) ` +
        `as digest from "${name}" t`,
    )
    .join(' union all ');
  const digests = await queryRows<{ name: string; digest: string }>(t.app.db, sql.raw(query));
  let uploads: string[] = [];
  try {
    uploads = readdirSync(path.join(t.config.dataDir, 'uploads'));
  } catch {
    uploads = [];
  }
  return { digests, uploads };
}

async function forgedToken(uid: string) {
  return new SignJWT({ sid: 'forged' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uid)
    .setIssuer(testOrigin)
    .setAudience('second-gear-api')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough'));
}

/** The right caller of a route: holds its role (any signed-in user when it needs none). */
const rightCaller = (role: Role | undefined) =>
  role === 'admin' ? admin : role === 'seller' ? seller : buyer;
/** Another user who holds the same role as the right caller. */
const siblingOf = (role: Role | undefined) =>
  role === 'admin' ? otherAdmin : role === 'seller' ? otherSeller : otherBuyer;
/**
 * Signed-in users who lack `role` (each calls with their own uid); the admin is a seller. Every
 * account buys (decision 0042), so the buyer role's wrong caller is an account without it.
 */
const callers = {
  buyer: () => buyer,
  seller: () => seller,
  admin: () => admin,
  'seller without the buyer role': () => nonBuyer,
};
const wrongRoles = (role: Role): Array<keyof typeof callers> =>
  role === 'admin'
    ? ['buyer', 'seller']
    : role === 'seller'
      ? ['buyer']
      : ['seller without the buyer role'];

/** The credentials `who` sends on a route: the session cookie for 'session', else a token. */
function credentials(route: GuardedRoute, who: TestUser): Record<string, string> {
  if (route.access.via === 'api-key') return { 'x-api-key': apiKeys[who.uid] ?? 'none' };
  return route.access.via === 'session'
    ? { cookie: who.cookie, origin: testOrigin }
    : bearer(who.token);
}

/** Builds the request of `parts` for `route`, with the self parameter set to `as`'s uid. */
function build(
  route: GuardedRoute,
  parts: RequestParts,
  as: TestUser,
  headers: Record<string, string>,
): InjectOptions {
  const params = { ...parts.params };
  const self = route.access.self ?? (namesUid(route) ? 'uid' : undefined);
  if (self) params[self] = as.uid;
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.url}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const query = parts.query ? `?${new URLSearchParams(parts.query).toString()}` : '';
  return {
    method: route.method,
    url: url + query,
    headers: { ...parts.headers, ...headers },
    ...(parts.payload === undefined ? {} : { payload: parts.payload }),
  };
}

/** A request that breaks every rule of the contract: garbage params, query and body. */
function malformed(route: GuardedRoute): InjectOptions {
  const url = route.url.replace(/:(\w+)/g, () => '%E2%80%AE%00not-valid');
  const write = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  return {
    method: route.method,
    url: `${url}?id=nope&limit=-5&role=moderator&cursor=%25%25`,
    ...(write ? { headers: { 'content-type': 'application/json' }, payload: '{"broken' } : {}),
  };
}

interface Row {
  caller: string;
  status: (route: GuardedRoute) => number;
  applies?: (route: GuardedRoute) => boolean;
  /** The request of this row. */
  request: (route: GuardedRoute, entry: Entry) => Promise<InjectOptions>;
  /** Milliseconds to move the clock forward while the request runs. */
  clock?: number;
}

/** GET and HEAD: the guard checks no origin for a cookie on them. */
const safeMethod = (route: GuardedRoute) => route.method === 'GET' || route.method === 'HEAD';
/** Whether the route acts as a uid named in its path (decision 0002: it must be the caller's). */
const namesUid = (route: GuardedRoute) => /:uid\b/.test(route.url);
/** The caller a row acts for: the right caller of the entry's role. */
const as = (entry: Entry) => entry.caller?.() ?? rightCaller(entry.role);
const cookieRoute = (route: GuardedRoute) => route.access.via !== undefined;
const rows: Row[] = [
  {
    caller: 'no token',
    status: () => 401,
    request: async (route, entry) => build(route, entry.request(as(entry)), as(entry), {}),
  },
  {
    caller: 'no token and a malformed request',
    status: () => 401,
    request: async (route) => malformed(route),
  },
  {
    caller: 'a malformed Authorization header',
    status: () => 401,
    request: async (route, entry) =>
      build(route, entry.request(as(entry)), as(entry), { authorization: 'Token abc' }),
  },
  {
    caller: 'a forged token (wrong key)',
    status: () => 401,
    request: async (route, entry) =>
      build(route, entry.request(as(entry)), as(entry), bearer(await forgedToken(as(entry).uid))),
  },
  {
    caller: 'a token with alg none',
    status: () => 401,
    request: async (route, entry) => {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const claims = { sub: as(entry).uid, sid: 'x', iss: testOrigin, aud: 'second-gear-api' };
      const token = `${part({ alg: 'none' })}.${part(claims)}.`;
      return build(route, entry.request(as(entry)), as(entry), bearer(token));
    },
  },
  {
    caller: 'an expired token',
    status: () => 401,
    clock: 16 * 60 * 1000,
    request: async (route, entry) =>
      build(route, entry.request(as(entry)), as(entry), bearer(as(entry).token)),
  },
  {
    caller: 'a token for another issuer (other site, same key)',
    status: () => 401,
    request: async (route, entry) => {
      const other = createApiTokenService(resolveAuthSecret(t.config), 'https://elsewhere.example');
      const token = await other.issue({ uid: as(entry).uid, sessionId: 'x' });
      return build(route, entry.request(as(entry)), as(entry), bearer(token));
    },
  },
  {
    caller: "a deleted user's token",
    status: () => 401,
    request: async (route, entry) =>
      build(route, entry.request(deleted), deleted, bearer(deleted.token)),
  },
  {
    caller: "a deleted user's session cookie",
    // POST /api/jwt refuses it itself (403); the guard refuses it for the other routes (401).
    status: (route) => (route.access.via === 'session' ? 403 : 401),
    applies: cookieRoute,
    request: async (route, entry) =>
      build(route, entry.request(deleted), deleted, { cookie: deleted.cookie, origin: testOrigin }),
  },
  {
    // A write only: a cookie-authenticated read answers the signed-in user alone (CORS is
    // closed), so the guard lets a plain link of another page download it (guard.ts).
    caller: 'a session cookie sent from another site',
    status: () => 403,
    applies: (route) => route.access.via === 'session-or-bearer' && !safeMethod(route),
    request: async (route, entry) =>
      build(route, entry.request(as(entry)), as(entry), {
        cookie: as(entry).cookie,
        origin: 'https://evil.example',
      }),
  },
  {
    caller: "another user's uid",
    status: () => 403,
    applies: namesUid,
    request: async (route, entry) => {
      const intruder = siblingOf(entry.role);
      return build(route, entry.request(as(entry)), as(entry), credentials(route, intruder));
    },
  },
];

async function expectRefusal(request: InjectOptions, status: number, clock?: number) {
  const before = await snapshot();
  if (clock) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + clock);
  }
  try {
    const response = await t.app.inject(request);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({
      statusCode: status,
      error: status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found',
      message: anyString(),
    });
  } finally {
    vi.useRealTimers();
  }
  expect(await snapshot()).toEqual(before);
}

describe('the route table', () => {
  it('guards every route whose contract declares 401 or 403, and only those', () => {
    const guarded = new Set(guardedRoutes.map((route) => `${route.method} ${route.url}`));
    const declared = new Set(guardedInContract.map((route) => `${route.method} ${route.url}`));
    for (const key of declared) expect(guarded, `${key} declares 401/403`).toContain(key);
    for (const key of guarded) expect(declared, `${key} is guarded`).toContain(key);
  });

  it('has no matrix entry for a route that is not guarded', () => {
    const guarded = guardedRoutes.map((route) => `${route.method} ${route.url}`);
    expect(Object.keys(entries).filter((key) => !guarded.includes(key))).toEqual([]);
  });

  it('answers 401 to a HEAD request without a token on every guarded GET', async () => {
    expect(headRoutes.length).toBeGreaterThan(0);
    for (const route of headRoutes) {
      const response = await t.app.inject(malformed(route));
      expect(response.statusCode, `HEAD ${route.url}`).toBe(401);
    }
  });
});

for (const route of guardedRoutes) {
  const key = `${route.method} ${route.url}`;
  const entry = entries[key];
  describe(key, () => {
    if (!entry) {
      it('has a matrix entry', () => {
        throw new Error(`${key} is guarded but has no entry in authorisation-matrix.test.ts`);
      });
      return;
    }
    beforeAll(async () => {
      await entry.setup?.();
    });

    for (const row of rows.filter((row) => !row.applies || row.applies(route))) {
      const status = row.status(route);
      it(`${row.caller} → ${status}, nothing changes`, async () => {
        await expectRefusal(await row.request(route, entry), status, row.clock);
      });
    }

    const role = entry.role;
    if (role) {
      for (const name of wrongRoles(role)) {
        it(`the wrong role (a ${name}) → 403, nothing changes`, async () => {
          const who = callers[name]();
          await expectRefusal(build(route, entry.request(who), who, credentials(route, who)), 403);
        });
      }
    }

    const foreign = entry.foreign;
    if (foreign) {
      it(`another user's resource → ${foreign.status}, nothing changes`, async () => {
        const intruder = siblingOf(role);
        const parts = foreign.request?.(intruder) ?? entry.request(intruder);
        await expectRefusal(
          build(route, parts, intruder, credentials(route, intruder)),
          foreign.status,
        );
      });
    }

    it(`the right caller → ${entry.ok} (control row)`, async () => {
      const caller = entry.caller?.() ?? rightCaller(role);
      const response = await t.app.inject(
        build(route, entry.request(caller), caller, credentials(route, caller)),
      );
      expect(response.statusCode, response.body).toBe(entry.ok);
    });
  });
}

it("ends a deleted user's session cookie as well: no new token, no sign-in", async () => {
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/jwt',
    headers: { cookie: deleted.cookie, origin: testOrigin },
    payload: { user: deleted.uid },
  });
  expect(token.statusCode).toBe(403);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin },
    payload: { email: deleted.email, password: testPassword },
  });
  expect(signIn.statusCode).toBe(403);
  expect(signIn.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
});
