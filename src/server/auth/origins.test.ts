/**
 * With PUBLIC_URL unset, identity requests and cookie-authenticated writes are
 * trusted from the origin they were made to (any address the server is opened at), and still
 * refused cross-site; with PUBLIC_URL set, only its origin and TRUSTED_ORIGINS are trusted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { cookieFrom, testPassword, uniqueEmail } from '../test-support/accounts.js';
import { messageOf } from '../test-support/answers.js';

/** Sign-up then sign-in at `host` with `origin`; the two status codes and the sign-in cookie. */
async function signUpAndIn(t: TestApp, host: string, origin: string) {
  const email = uniqueEmail('origin');
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { host, origin },
    payload: { name: 'Origin Tester', email, password: testPassword },
  });
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { host, origin },
    payload: { email, password: testPassword },
  });
  return { signUp, signIn, cookie: signIn.statusCode === 200 ? cookieFrom(signIn) : '' };
}

describe('PUBLIC_URL unset: same-origin identity requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['localhost:3000', 'http://localhost:3000'],
    ['192.168.1.20:3000', 'http://192.168.1.20:3000'],
  ])('registers and signs in at %s', async (host, origin) => {
    const { signUp, signIn, cookie } = await signUpAndIn(t, host, origin);
    expect(signUp.statusCode).toBe(200);
    expect(signIn.statusCode).toBe(200);
    // The session works for a cookie-authenticated write from the same origin (sign-out).
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host, origin, cookie },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
  });

  it('refuses a cross-site Origin with the provider message', async () => {
    const { signUp, signIn } = await signUpAndIn(t, '127.0.0.1:3000', 'https://evil.example');
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json()).toMatchObject({ statusCode: 403, code: 'INVALID_ORIGIN' });
    expect(messageOf(signUp)).toEqual(expect.any(String));
    expect(signIn.statusCode).toBe(403);
  });

  it('refuses an Origin whose port or scheme differs from the request', async () => {
    const otherPort = await signUpAndIn(t, '127.0.0.1:3000', 'http://127.0.0.1:4000');
    expect(otherPort.signUp.statusCode).toBe(403);
    const otherScheme = await signUpAndIn(t, '127.0.0.1:3000', 'https://127.0.0.1:3000');
    expect(otherScheme.signUp.statusCode).toBe(403);
  });

  it('ignores a client-sent request-origin header', async () => {
    const email = uniqueEmail('forged');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: {
        host: '127.0.0.1:3000',
        origin: 'https://evil.example',
        'x-second-gear-request-origin': 'https://evil.example',
      },
      payload: { name: 'Forger', email, password: testPassword },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a cookie-authenticated API write from another site', async () => {
    const { cookie } = await signUpAndIn(t, '127.0.0.1:3000', 'http://127.0.0.1:3000');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { host: '127.0.0.1:3000', origin: 'https://evil.example', cookie },
      payload: { user: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUBLIC_URL set: the strict list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'https://second-gear.example',
      TRUSTED_ORIGINS: 'http://localhost:5173',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the origin the request was made to when it is not PUBLIC_URL', async () => {
    const { signUp } = await signUpAndIn(t, '127.0.0.1:3000', 'http://127.0.0.1:3000');
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
  });

  it('accepts PUBLIC_URL and TRUSTED_ORIGINS', async () => {
    const atPublic = await signUpAndIn(t, 'second-gear.example', 'https://second-gear.example');
    expect(atPublic.signUp.statusCode).toBe(200);
    const atTrusted = await signUpAndIn(t, '127.0.0.1:3000', 'http://localhost:5173');
    expect(atTrusted.signUp.statusCode).toBe(200);
  });
});
