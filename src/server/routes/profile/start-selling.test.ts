/**
 * One account buys and sells (decision 0042): every account holds the buyer role, a buyer starts
 * selling with POST /api/profile/seller, registration's seller choice gives both roles, and any
 * signed-in account books, offers on and messages about any listing but its own.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';

let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  categoryId = (await createCategory(t.database.db, 'Start selling cars')).id;
});
afterAll(() => t.close());

function call(method: InjectOptions['method'], url: string, who: TestUser, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(who.token), payload });
}

async function roles(who: TestUser) {
  const seller = await call('GET', `/api/user/seller/${who.uid}`, who);
  const buyer = await call('GET', `/api/user/buyer/${who.uid}`, who);
  return {
    ...seller.json<{ isSeller: boolean }>(),
    ...buyer.json<{ isBuyer: boolean }>(),
  };
}

async function recordId(who: TestUser) {
  const [row] = await t.database.db.select().from(users).where(eq(users.uid, who.uid));
  return row!.id;
}

const booking = (productId: string) => ({
  customer_info: { customer_phone: '01711111111', meeting_location: 'Gulshan 2' },
  product_info: { product_id: productId },
});

describe('roles', () => {
  it('registering as a seller gives both roles; as a buyer, the buyer role', async () => {
    const seller = await registerUser(t.app, { role: 'seller', name: 'Sue Both' });
    const buyer = await registerUser(t.app, { role: 'buyer', name: 'Bo Buyer' });
    expect(await roles(seller)).toEqual({ isSeller: true, isBuyer: true });
    expect(await roles(buyer)).toEqual({ isSeller: false, isBuyer: true });
  });

  it('a buyer starts selling: both roles, idempotent, and the seller calls work', async () => {
    const buyer = await registerUser(t.app, { role: 'buyer', name: 'Sam Starter' });
    expect((await call('GET', '/api/seller-orders', buyer)).statusCode).toBe(403);
    const first = await call('POST', '/api/profile/seller', buyer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ isSeller: true, isBuyer: true });
    const again = await call('POST', '/api/profile/seller', buyer);
    expect(again.json()).toEqual({ isSeller: true, isBuyer: true });
    expect(await roles(buyer)).toEqual({ isSeller: true, isBuyer: true });
    const profile = await call('GET', '/api/profile', buyer);
    expect(profile.json()).toMatchObject({ role: 'seller', isSeller: true, isBuyer: true });
    const mine = await call('GET', '/api/seller-orders', buyer);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('a visitor cannot start selling', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/profile/seller' });
    expect(response.statusCode).toBe(401);
  });
});

describe('a seller buys', () => {
  it("books, offers on and messages about another seller's listing, never their own", async () => {
    const [me, other] = await Promise.all([
      registerUser(t.app, { role: 'seller', name: 'Mia Both' }),
      registerUser(t.app, { role: 'seller', name: 'Otto Other' }),
    ]);
    const theirs = await createProduct(
      t.database.db,
      { categoryId, sellerId: await recordId(other) },
      { resellPriceCents: 1_320_000 },
    );
    const mine = await createProduct(t.database.db, { categoryId, sellerId: await recordId(me) });

    const booked = await call('POST', '/api/orders', me, booking(theirs.id));
    expect(booked.statusCode, booked.body).toBe(201);
    const message = await call('POST', '/api/conversations', me, {
      product_id: theirs.id,
      text: 'Is it still available?',
    });
    expect(message.statusCode, message.body).toBe(201);

    expect((await call('POST', '/api/orders', me, booking(mine.id))).statusCode).toBe(403);
    const ownMessage = await call('POST', '/api/conversations', me, {
      product_id: mine.id,
      text: 'Hello me',
    });
    expect(ownMessage.statusCode).toBe(403);
  });

  it('an account without the buyer role cannot book', async () => {
    const [noBuyer, other] = await Promise.all([
      registerUser(t.app, { role: 'seller', name: 'Nora Nonbuyer' }),
      registerUser(t.app, { role: 'seller', name: 'Olga Other' }),
    ]);
    await t.database.db.update(users).set({ isBuyer: false }).where(eq(users.uid, noBuyer.uid));
    const theirs = await createProduct(t.database.db, {
      categoryId,
      sellerId: await recordId(other),
    });
    const response = await call('POST', '/api/orders', noBuyer, booking(theirs.id));
    expect(response.statusCode).toBe(403);
  });
});
