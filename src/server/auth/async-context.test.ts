import type { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { cookieFrom, signIn, signUp, testOrigin } from '../test-support/accounts.js';
import { authContextState, authContextStorages } from './async-context.js';

let t: TestApp;
let storages: AsyncLocalStorage<unknown>[];
beforeAll(async () => {
  t = await createTestApp();
  storages = await authContextStorages();
});
afterAll(async () => {
  await t.close();
});

/**
 * Whether `storage`'s async hook propagates into new resources: with it on, Node 20's
 * AsyncLocalStorage writes its `kResourceStore` onto every resource made (a Timeout here), even
 * outside any `run`. Undefined where AsyncLocalStorage needs no hook (Node 24's frames).
 */
function propagates(storage: AsyncLocalStorage<unknown>): boolean | undefined {
  const key = (storage as unknown as { kResourceStore?: symbol }).kResourceStore;
  if (typeof key !== 'symbol') return undefined;
  const timer = setTimeout(() => undefined, 0);
  clearTimeout(timer);
  return Object.getOwnPropertySymbols(timer).includes(key);
}

const sessionEmail = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json<{
    user: { email: string };
  } | null>()?.user.email;

describe("Better Auth's async context", () => {
  it('is switched off once the last of two concurrent calls settles', async () => {
    expect(storages).toHaveLength(3);
    const account = await signUp(t.app);
    const before = authContextState().disables;
    // Two sign-ins at once: the first to settle must not switch the other's context off.
    const [first, second] = await Promise.all([
      signIn(t.app, account.email, account.password),
      signIn(t.app, account.email, account.password),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(authContextState().inFlight).toBe(0);
    expect(authContextState().disables).toBeGreaterThan(before);
    for (const storage of storages) {
      expect(storage.getStore()).toBeUndefined();
      // Node 20: the process-wide hook is off again (Node 24: no hook to turn off).
      expect(propagates(storage) ?? false).toBe(false);
    }
    // Each sign-in's session still belongs to its account.
    expect(await sessionEmail(cookieFrom(first))).toBe(account.email);
    expect(await sessionEmail(cookieFrom(second))).toBe(account.email);
  });

  it('keeps every concurrent call in its own context across being switched off and on', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(t.app)));
    const cookies = (
      await Promise.all(accounts.map((a) => signIn(t.app, a.email, a.password)))
    ).map((response) => cookieFrom(response));
    // Sessions read at once, twice over (the second round after the first switched it off).
    for (let round = 0; round < 2; round++) {
      const emails = await Promise.all(cookies.map((cookie) => sessionEmail(cookie)));
      expect(emails).toEqual(accounts.map((a) => a.email));
    }
    // A write that runs in Better Auth's transaction context, after a switch-off.
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: cookies[0]!, origin: testOrigin },
    });
    expect(signOut.statusCode).toBe(200);
    expect(await sessionEmail(cookies[0]!)).toBeUndefined();
    expect(await sessionEmail(cookies[1]!)).toBe(accounts[1]!.email);
    expect(authContextState().inFlight).toBe(0);
  });

  it('wraps each endpoint once, keeping its own properties', () => {
    const { api } = t.app.auth;
    expect(api.getSession).toBe(api.getSession);
    expect(api.getSession).not.toBe(api.signOut);
    expect(api.getSession.path).toBe('/get-session');
  });

  it('is switched off after a call that fails too', async () => {
    const account = await signUp(t.app);
    const before = authContextState().disables;
    const wrong = await signIn(t.app, account.email, 'not-the-password-9');
    expect(wrong.statusCode).toBe(401);
    expect(authContextState()).toEqual({ inFlight: 0, disables: before + 1 });
    for (const storage of storages) expect(propagates(storage) ?? false).toBe(false);
  });
});
