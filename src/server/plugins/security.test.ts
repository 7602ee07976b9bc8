import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { contentSecurityPolicy } from './security.js';

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp({ WRITE_RATE_LIMIT_MAX: '3' });
  seller = await registerUser(t.app, { role: 'seller' });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
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
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
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
          message: expect.stringContaining('Too many requests: at most 3 changes per minute'),
        });
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
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

describe('configuration of the limits', () => {
  it.each([
    ['WRITE_RATE_LIMIT_MAX', '0', 'WRITE_RATE_LIMIT_MAX must be at least 1'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be true, false or a number of hops'],
  ])('rejects %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads TRUST_PROXY as a boolean or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
