import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { bearer, registerUser, testOrigin, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import {
  contentSecurityPolicy,
  isResourceUrl,
  RESOURCE_CSP,
  securityHeaderSets,
} from './security.js';
import { messageOf } from '../test-support/answers.js';
import { stringContaining } from '../test-support/matchers.js';

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp({ WRITE_RATE_LIMIT_MAX: '4' });
  // Registration's own writes (sign-up, sign-in, POST /users, POST /jwt) count for 127.0.0.1; the tests
  // below write from other addresses.
  seller = await registerUser(t.app, { role: 'seller' });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends pages a strict Content-Security-Policy and the usual hardening headers', async () => {
    // Any page URL (these tests build no SPA: the answer is a 404, with the page headers).
    const response = await t.app.inject({ method: 'GET', url: '/category/anything' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    // A plain-http site must not ask for upgrades (it would break http://localhost).
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends resources (API answers, assets, uploads) the short set: nothing loads, nothing frames', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/category/anything' });
    for (const url of ['/api/categories', '/api/no-such-route', '/uploads/none.webp']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(RESOURCE_CSP);
      for (const name of [
        'x-content-type-options',
        'x-frame-options',
        'cross-origin-resource-policy',
        'referrer-policy',
      ]) {
        expect(response.headers[name], `${url} ${name}`).toBe(page.headers[name]);
      }
      for (const name of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
      ]) {
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // The API's own HTML (Swagger UI) is a page.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });

  it('keeps HSTS on every answer of an https site', () => {
    const sets = securityHeaderSets({
      'content-security-policy': "default-src 'self'",
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
    });
    expect(sets.resource).toEqual({
      'content-security-policy': RESOURCE_CSP,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
    });
    expect(isResourceUrl('/api/docs/static/index.html')).toBe(false);
    expect(isResourceUrl('/assets/index-abc.js')).toBe(true);
    expect(isResourceUrl('/listing/1')).toBe(false);
  });

  it('allows Stripe.js only with the Stripe provider, and upgrades only on https', () => {
    const plain = JSON.stringify(contentSecurityPolicy({ https: false, stripe: false }));
    expect(plain).not.toContain('stripe.com');
    const stripe = contentSecurityPolicy({ https: true, stripe: true }).directives;
    expect(stripe.scriptSrc).toContain('https://js.stripe.com');
    expect(stripe.frameSrc).toContain('https://js.stripe.com');
    expect(stripe).toHaveProperty('upgradeInsecureRequests');
  });
});

describe('CORS', () => {
  it('stays closed: no Access-Control-Allow-* for another origin, preflight included', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('limits', () => {
  it('refuses a JSON body over 1 MiB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...bearer(seller.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ product_name: 'x'.repeat(1024 * 1024 + 1) }),
      remoteAddress: '10.1.1.1',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('counts refused writes too: a client without a token is limited like any other', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/categories',
        payload: { category_name: `Anonymous ${i}` },
        remoteAddress: '10.9.8.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('rate-limits write requests per client with 429 and retry-after, not reads', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/categories',
        headers: { ...bearer(seller.token), 'x-test': String(i) },
        payload: { category_name: `Limited ${i}` },
        remoteAddress: '10.9.8.7',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.json()).toMatchObject({
          statusCode: 429,
          error: 'Too Many Requests',
          message: stringContaining('Too many requests: at most 4 changes per minute'),
        });
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    // Another client is not affected, and reads are never limited.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(seller.token),
      payload: { category_name: 'Other client' },
      remoteAddress: '10.9.8.8',
    });
    expect(other.statusCode).toBe(201);
    for (let i = 0; i < 10; i++) {
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/categories',
        remoteAddress: '10.9.8.7',
      });
      expect(read.statusCode).toBe(200);
    }
  });
});

describe('per-client write limit across routes', () => {
  it('counts every write route of a client together', async () => {
    const client = '10.7.7.7';
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/jwt',
        payload: { user: seller.uid },
        remoteAddress: client,
      });
      expect(response.statusCode).toBe(401);
    }
    // The limit is spent on /api/jwt: another write route is refused too.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(seller.token),
      payload: { category_name: 'Spent elsewhere' },
      remoteAddress: client,
    });
    expect(other.statusCode).toBe(429);
    expect(Number(other.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never counts reads, identity reads included', async () => {
    const client = '10.7.7.8';
    for (let i = 0; i < 10; i++) {
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        remoteAddress: client,
      });
      expect(session.statusCode).toBe(200);
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/categories',
        remoteAddress: client,
      });
      expect(read.statusCode).toBe(200);
    }
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(seller.token),
      payload: { category_name: 'Reads did not count' },
      remoteAddress: client,
    });
    expect(write.statusCode).toBe(201);
  });
});

describe('per-account limit on sign-in, sign-up and reset (decision 0030)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_ACCOUNT_RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => limited.close());

  it('refuses the 4th failure on one account from one client, not other clients or accounts', async () => {
    const attempt = (email: string, remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testOrigin },
        payload: { email, password: 'not-the-password' },
        remoteAddress,
      });
    const victim = 'victim@example.test';
    for (let i = 0; i < 3; i++) {
      expect((await attempt(victim, '192.0.2.1')).statusCode).toBe(401);
    }
    const fourth = await attempt(victim.toUpperCase(), '192.0.2.1');
    expect(fourth.statusCode).toBe(429);
    expect(messageOf(fourth)).toMatch(/Too many failed sign-ins for this account from here/);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // A reset request for that account from that client counts against the same counter.
    const reset = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: testOrigin },
      payload: { email: victim },
      remoteAddress: '192.0.2.1',
    });
    expect(reset.statusCode).toBe(429);
    expect((await attempt(victim, '192.0.2.4')).statusCode).toBe(401);
    expect((await attempt('bystander@example.test', '192.0.2.1')).statusCode).toBe(401);
  });
});

describe('Cache-Control on personal answers', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp();
  });
  afterAll(() => c.close());

  it('is private, no-store on tokens, sessions, orders, roles and every signed-in answer', async () => {
    const buyer = await registerUser(c.app, { role: 'buyer' });
    const signedIn = [
      { method: 'GET', url: '/api/orders', headers: bearer(buyer.token) },
      { method: 'GET', url: `/api/user/buyer/${buyer.uid}`, headers: bearer(buyer.token) },
      { method: 'GET', url: '/api/categories', headers: bearer(buyer.token) },
      { method: 'GET', url: '/api/auth/get-session', headers: { cookie: buyer.cookie } },
      {
        method: 'POST',
        url: '/api/jwt',
        headers: { cookie: buyer.cookie, origin: testOrigin },
        payload: { user: buyer.uid },
        remoteAddress: '10.3.3.3',
      },
    ] as const;
    for (const request of signedIn) {
      const response = await c.app.inject(request);
      expect(response.statusCode, request.url).toBeLessThan(400);
      expect(response.headers['cache-control'], request.url).toBe('private, no-store');
    }
    const signIn = await c.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: buyer.email, password: buyer.password },
      remoteAddress: '10.3.3.4',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves anonymous reads of public data cacheable (revalidated: plugins/public-cache.ts)', async () => {
    const response = await c.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
  });
});

describe('configuration of the limits', () => {
  it.each([
    ['WRITE_RATE_LIMIT_MAX', '0', 'WRITE_RATE_LIMIT_MAX must be at least 1'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be true, false or a number of hops'],
    ['AUTH_ACCOUNT_RATE_LIMIT_MAX', 'lots', 'AUTH_ACCOUNT_RATE_LIMIT_MAX must be a number'],
    ['REQUEST_TIMEOUT', '0', 'REQUEST_TIMEOUT must be at least 1'],
  ])('rejects %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads TRUST_PROXY as a boolean or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
