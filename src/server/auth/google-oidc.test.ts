/**
 * "Continue With Google" end to end against a real OpenID Connect provider (the `oidc-provider`
 * package) on loopback: discovery, authorization with PKCE and nonce, the provider's own login
 * and consent interactions, the code exchange, ID-token verification against its JWKS, and our
 * side effects (an identity session and a buyer record, docs/product.md §6).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { bearer, cookieFrom, issueToken, testOrigin } from '../test-support/accounts.js';

const clientId = 'second-gear-test';
const clientSecret = 'second-gear-test-secret-0123456789';
const googleUser = {
  sub: 'google-subject-4711',
  email: 'gina.google@example.test',
  email_verified: true,
  name: 'Gina Google',
  picture: 'https://images.example.test/gina.png',
};

let server: Server;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${testOrigin}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => ({ ...googleUser, sub }) };
    },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  t = await createTestApp({
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CLIENT_SECRET: clientSecret,
    GOOGLE_ISSUER: issuer,
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A minimal cookie jar for the provider's cookies (its paths are ignored: one host). */
class Jar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows the provider's redirects (login, then consent interactions) until it redirects back
 * to our callback; returns that callback URL.
 */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Jar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin === testOrigin) return url;
    const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    let response: Response;
    if (interaction) {
      // Read the interaction to learn which prompt it is, then submit it.
      const page = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
      jar.store(page);
      const html = await page.text();
      const prompt = html.includes('name="login"') ? 'login' : 'consent';
      const form = new URLSearchParams(
        prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt },
      );
      response = await fetch(url, {
        method: 'POST',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        redirect: 'manual',
      });
    } else {
      response = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
    }
    jar.store(response);
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(
        `provider stopped at ${url} with ${response.status}: ${await response.text()}`,
      );
    }
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}

async function continueWithGoogle(login: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: testOrigin },
    payload: { provider: 'google', callbackURL: '/after-google', errorCallbackURL: '/login' },
  });
  expect(start.statusCode).toBe(200);
  const { url, redirect } = start.json<{ url: string; redirect: boolean }>();
  expect(redirect).toBe(true);
  const authorization = new URL(url);
  expect(authorization.origin).toBe(issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  expect(authorization.searchParams.get('scope')).toContain('openid');

  const callback = await signInAtProvider(url, login);
  expect(callback.pathname).toBe('/api/auth/callback/google');
  const done = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieFrom(start) },
  });
  return done;
}

describe('Continue With Google (OpenID Connect)', () => {
  it('says Google is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(response.json()).toEqual({ google: true });
  });

  it('signs in through the provider, creating an identity with a buyer record', async () => {
    const done = await continueWithGoogle(googleUser.sub);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/after-google');
    const cookie = cookieFrom(done);
    expect(cookie).toMatch(/second-gear\.session_token=/);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    const { user } = session.json<{ user: { id: string; email: string; name: string } }>();
    expect(user).toMatchObject({ email: googleUser.email, name: googleUser.name });

    const [account] = await t.app.db
      .select()
      .from(authAccount)
      .where(eq(authAccount.userId, user.id));
    expect(account).toMatchObject({ providerId: 'google', accountId: googleUser.sub });
    const records = await t.app.db.select().from(users).where(eq(users.uid, user.id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      role: 'buyer',
      status: 'unverified',
      isAdmin: false,
      email: googleUser.email,
      displayName: googleUser.name,
      photoUrl: googleUser.picture,
    });

    // The SPA then asks for its API token and checks the buyer role (docs/product.md §4).
    const token = await issueToken(t.app, cookie, user.id);
    const isBuyer = await t.app.inject({
      method: 'GET',
      url: `/api/user/buyer/${user.id}`,
      headers: bearer(token),
    });
    expect(isBuyer.json()).toEqual({ isBuyer: true });

    // A second Google sign-in reuses the identity; a later POST /api/users cannot make a seller.
    const again = await continueWithGoogle(googleUser.sub);
    expect(again.statusCode).toBe(302);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: cookieFrom(again), origin: testOrigin },
      payload: {
        displayName: googleUser.name,
        email: googleUser.email,
        photoURL: googleUser.picture,
        role: 'seller',
        uid: user.id,
        status: 'unverified',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.app.db.select().from(users).where(eq(users.uid, user.id));
    expect(after).toHaveLength(1);
    expect(after[0]?.role).toBe('buyer');
  });

  it('refuses a callback with a forged state', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=made-up&state=made-up',
    });
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toMatch(/error=/);
    expect(cookieFrom(response)).not.toMatch(/session_token=/);
  });
});
