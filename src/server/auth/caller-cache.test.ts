/**
 * Token checks without a database round trip: the guard keeps what it read about a
 * token's subject for CALLER_STATE_TTL_MS, yet sign-out, deletion and role changes made through
 * the API end access at once, a change made outside the API within 5 s, and on a PostgreSQL
 * server a sign-out on one instance ends access on another at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema.js';
import { bearer, registerUser, testOrigin, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp, startSecondInstance } from '../test-support/app.js';
import { CALLER_STATE_TTL_MS } from './guard.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { role: 'buyer', admin: true });
});
afterAll(() => t.close());

const profile = (app: FastifyInstance, user: TestUser) =>
  app.inject({ method: 'GET', url: '/api/profile', headers: bearer(user.token) });

const signOut = (app: FastifyInstance, user: TestUser) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: { cookie: user.cookie, origin: testOrigin },
    payload: {},
  });

/** Polls `check` every 20 ms until it holds or `withinMs` passes. @returns the time taken (ms). */
async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

describe('the guard’s view of a caller', () => {
  it('ends access at once when the user signs out', async () => {
    const user = await registerUser(t.app);
    expect((await profile(t.app, user)).statusCode).toBe(200);
    expect((await profile(t.app, user)).statusCode).toBe(200);
    expect((await signOut(t.app, user)).statusCode).toBe(200);
    const refused = await profile(t.app, user);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ message: string }>().message).toBe(
      'Your session has ended; please sign in again',
    );
  });

  it('ends access at once when an admin deletes the user', async () => {
    const user = await registerUser(t.app);
    expect((await profile(t.app, user)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user-delete/${admin.uid}?id=${user.recordId}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await profile(t.app, user)).statusCode).toBe(401);
  });

  it('takes in a change made outside the API within 5 s, and not at once', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const ownOrders = () =>
      t.app.inject({ method: 'GET', url: '/api/seller-orders', headers: bearer(seller.token) });
    expect((await ownOrders()).statusCode).toBe(200);
    await t.app.db.update(users).set({ role: 'buyer' }).where(eq(users.uid, seller.uid));
    // Still the cached seller: no database round trip was made for this call.
    expect((await ownOrders()).statusCode).toBe(200);
    const took = await until(async () => (await ownOrders()).statusCode === 403, 5_000);
    expect(took).toBeLessThanOrEqual(CALLER_STATE_TTL_MS + 1_000);
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await startSecondInstance(t);
  });
  afterAll(() => other.close());

  it('a sign-out on one instance ends access on the other at once', async () => {
    const user = await registerUser(t.app);
    expect((await profile(other, user)).statusCode).toBe(200);
    expect((await signOut(t.app, user)).statusCode).toBe(200);
    // Only the notification's trip through the server: far below the TTL.
    const took = await until(async () => (await profile(other, user)).statusCode === 401, 2_000);
    expect(took).toBeLessThan(CALLER_STATE_TTL_MS);
  });
});
