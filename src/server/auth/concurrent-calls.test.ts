/**
 * Better Auth keeps each call's state (endpoint context, request state, the adapter of a
 * transaction) in `AsyncLocalStorage`s: calls in flight together must each see their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { cookieFrom, signIn, signUp, testOrigin } from '../test-support/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The e-mail address of the session behind `cookie`, or undefined when there is none. */
const sessionEmail = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json<{
    user: { email: string };
  } | null>()?.user.email;

describe('concurrent calls into Better Auth', () => {
  it('each run in their own context: sign-ins, session reads and a sign-out', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(t.app)));
    const signIns = await Promise.all(accounts.map((a) => signIn(t.app, a.email, a.password)));
    for (const response of signIns) expect(response.statusCode).toBe(200);
    const cookies = signIns.map((response) => cookieFrom(response));
    for (let round = 0; round < 2; round++) {
      const emails = await Promise.all(cookies.map((cookie) => sessionEmail(cookie)));
      expect(emails).toEqual(accounts.map((a) => a.email));
    }
    // A write in Better Auth's transaction context, beside session reads of other accounts.
    const [signOut, ...others] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: cookies[0]!, origin: testOrigin },
      }),
      ...cookies.slice(1).map((cookie) => sessionEmail(cookie)),
    ]);
    expect((signOut as { statusCode: number }).statusCode).toBe(200);
    expect(others).toEqual(accounts.slice(1).map((a) => a.email));
    expect(await sessionEmail(cookies[0]!)).toBeUndefined();
  });

  it('a failed sign-in leaves the next call its own context', async () => {
    const account = await signUp(t.app);
    const [wrong, right] = await Promise.all([
      signIn(t.app, account.email, 'not-the-password-9'),
      signIn(t.app, account.email, account.password),
    ]);
    expect(wrong.statusCode).toBe(401);
    expect(right.statusCode).toBe(200);
    expect(await sessionEmail(cookieFrom(right))).toBe(account.email);
  });
});
