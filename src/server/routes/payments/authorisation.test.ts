/**
 * The buying authorisation matrix: every new buyer endpoint against no token, a bad
 * token, the wrong role, and another buyer's resource. Each row answers 401/403/404 and changes
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { paymentIntentIdOf } from '#contract/paths.js';
import { orders, payments, productReports, sandboxPaymentIntents, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { bookOrder, bookingBody, createListing } from '../orders/test-helpers.js';
import { card, clientSecretFor } from './test-helpers.js';

let t: TestApp;
let owner: TestUser;
let intruder: TestUser;
let seller: TestUser;
let admin: TestUser;
let productId: string;
let orderId: string;
let clientSecret: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { role: 'buyer' });
  intruder = await registerUser(t.app, { role: 'buyer' });
  // Every account buys (decision 0042): the wrong role here is an account without the buyer role.
  seller = await registerUser(t.app, { role: 'seller' });
  admin = await registerUser(t.app, { role: 'seller', admin: true });
  await t.database.db
    .update(users)
    .set({ isBuyer: false })
    .where(inArray(users.uid, [seller.uid, admin.uid]));
  const { product } = await createListing(t.database.db);
  productId = product.id;
  orderId = await bookOrder(t.app, owner, productId);
  clientSecret = await clientSecretFor(t.app, owner, productId);
});
afterAll(() => t.close());

interface Endpoint {
  name: string;
  request: (headers: Record<string, string>) => InjectOptions;
  /** What another buyer gets for the owner's resource; undefined when nothing is owned. */
  intruder?: number;
}

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/orders',
    request: (headers) => ({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: bookingBody(productId),
    }),
  },
  {
    name: 'GET /api/orders',
    request: (headers) => ({ method: 'GET', url: '/api/orders', headers }),
  },
  {
    name: 'GET /api/order/{id}',
    intruder: 404,
    request: (headers) => ({ method: 'GET', url: `/api/order/${orderId}`, headers }),
  },
  {
    name: 'PATCH /api/report-product',
    request: (headers) => ({
      method: 'PATCH',
      url: `/api/report-product?id=${productId}`,
      headers,
    }),
  },
  {
    name: 'POST /api/create-payment-intent/{productId}',
    intruder: 404,
    request: (headers) => ({
      method: 'POST',
      url: `/api/create-payment-intent/${productId}`,
      headers,
    }),
  },
  {
    name: 'POST /api/payments',
    intruder: 404,
    request: (headers) => ({
      method: 'POST',
      url: '/api/payments',
      headers,
      payload: {
        price: 8500,
        transactionId: paymentIntentIdOf(clientSecret),
        email: 'x@example.test',
        orderId,
        product_id: productId,
      },
    }),
  },
  {
    name: 'POST /api/sandbox/payment-methods',
    request: (headers) => ({
      method: 'POST',
      url: '/api/sandbox/payment-methods',
      headers,
      payload: card('4242424242424242'),
    }),
  },
  {
    name: 'POST /api/sandbox/payment-intents/{id}/confirm',
    intruder: 404,
    request: (headers) => ({
      method: 'POST',
      url: `/api/sandbox/payment-intents/${paymentIntentIdOf(clientSecret)}/confirm`,
      headers,
      payload: { client_secret: clientSecret, payment_method: 'pm_card_visa' },
    }),
  },
];

async function state() {
  const db = t.database.db;
  const counts = await Promise.all(
    [orders, payments, productReports, sandboxPaymentIntents].map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return row!.n;
    }),
  );
  const intents = await db
    .select({ status: sandboxPaymentIntents.status })
    .from(sandboxPaymentIntents);
  return { counts, statuses: intents.map((intent) => intent.status).sort() };
}

describe('buying authorisation matrix', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: 401 without or with a bad token, 403 for a seller or admin without the buyer role`, async () => {
      const before = await state();
      const cases: [Record<string, string>, number][] = [
        [{}, 401],
        [{ authorization: 'Bearer not.a.token' }, 401],
        [{ authorization: 'Basic abc' }, 401],
        [bearer(seller.token), 403],
        [bearer(admin.token), 403],
      ];
      for (const [headers, status] of cases) {
        const response = await t.app.inject(endpoint.request(headers));
        expect(response.statusCode, JSON.stringify(headers)).toBe(status);
        expect(Object.keys(response.json()).sort()).toEqual(['error', 'message', 'statusCode']);
      }
      expect(await state()).toEqual(before);
    });

    if (endpoint.intruder !== undefined) {
      it(`${endpoint.name}: another buyer gets ${endpoint.intruder} and changes nothing`, async () => {
        const before = await state();
        const response = await t.app.inject(endpoint.request(bearer(intruder.token)));
        expect(response.statusCode).toBe(endpoint.intruder);
        expect(await state()).toEqual(before);
      });
    }
  }
});
