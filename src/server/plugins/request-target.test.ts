/**
 * One path, one set of rules: a request whose target names an API route in another shape — a
 * percent-encoded path (`/%61pi/orders`, RFC 3986 §6.2.2.2: the same URI) or the absolute form
 * of HTTP/1.1 (`PUT http://host/api/...`, RFC 9112 §3.2.2) — reaches the route, so it must meet
 * the same checks: the per-client write limit, `Cache-Control: private, no-store` on personal
 * answers, the invalidation of the read caches after a write, and the API's security headers.
 * Sent over a real socket to the listening server, since `inject` cannot send an absolute-form
 * request line.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { canonicalRequestTarget } from './request-target.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one HTTP/1.1 request with `target` as written and reads the whole answer. */
function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let answerBody = rest.join('\r\n\r\n');
      if (answerHeaders['transfer-encoding'] === 'chunked') {
        let decoded = '';
        let remaining = answerBody;
        for (;;) {
          const end = remaining.indexOf('\r\n');
          const size = parseInt(remaining.slice(0, end), 16);
          if (!size) break;
          decoded += remaining.slice(end + 2, end + 2 + size);
          remaining = remaining.slice(end + 2 + size + 2);
        }
        answerBody = decoded;
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: answerHeaders,
        body: answerBody,
      });
    });
    const all: Record<string, string> = {
      host: `127.0.0.1:${port}`,
      connection: 'close',
      ...headers,
      ...(body !== undefined
        ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
        : {}),
    };
    socket.write(
      `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n')}\r\n\r\n${body ?? ''}`,
    );
  });
}

/** The two other shapes of an origin-form API path. */
const shapes = {
  'percent-encoded': (_port: number, path: string) => `/%61pi${path.slice('/api'.length)}`,
  'absolute-form': (port: number, path: string) => `http://127.0.0.1:${port}${path}`,
} as const;

let t: TestApp;
let port: number;
let limited: TestApp;
let limitedPort: number;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  limited = await createTestApp({ TRUST_PROXY: 'true', WRITE_RATE_LIMIT_MAX: '3' });
  await limited.app.listen({ port: 0, host: '127.0.0.1' });
  limitedPort = (limited.app.server.address() as AddressInfo).port;
  seller = await registerUser(t.app, { role: 'seller' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/categories',
    headers: bearer(seller.token),
    payload: { category_name: 'Target shapes' },
  });
  categoryId = created.json<{ insertedId: string }>().insertedId;
});
afterAll(async () => {
  await limited?.close();
  await t?.close();
});

describe('canonicalRequestTarget', () => {
  it('decodes percent-encoded unreserved characters and takes the path of the absolute form', () => {
    expect(canonicalRequestTarget('/%61pi/orders?x=%61')).toBe('/api/orders?x=%61');
    expect(canonicalRequestTarget('/%41%50%49/x%2Dy%7E')).toBe('/API/x-y~');
    expect(canonicalRequestTarget('http://host:80/api/orders?q=1')).toBe('/api/orders?q=1');
    expect(canonicalRequestTarget('HTTPS://host')).toBe('/');
    // Reserved and other characters stay encoded (they would mean something else decoded).
    expect(canonicalRequestTarget('/api/a%2Fb%25%3F%C3%A9')).toBe('/api/a%2Fb%25%3F%C3%A9');
    expect(canonicalRequestTarget('/api/orders')).toBe('/api/orders');
    expect(canonicalRequestTarget('*')).toBe('*');
  });

  it('drops a #fragment and removes dot segments, encoded or not', () => {
    expect(canonicalRequestTarget('/api/auth/sign-in/email#x')).toBe('/api/auth/sign-in/email');
    expect(canonicalRequestTarget('/api/x/../auth/./sign-in/email')).toBe(
      '/api/auth/sign-in/email',
    );
    expect(canonicalRequestTarget('/api/x/%2e%2E/auth?a=../b')).toBe('/api/auth?a=../b');
    expect(canonicalRequestTarget('/../../etc')).toBe('/etc');
    expect(canonicalRequestTarget('/api/a/..')).toBe('/api/');
    expect(canonicalRequestTarget('/assets/app.1234.js')).toBe('/assets/app.1234.js');
  });
});

describe.each(Object.entries(shapes))('an API path in %s', (_shape, shape) => {
  it('meets the per-client write limit', async () => {
    // Each shape from its own client address (the limit is per client); no token: refused
    // writes count too.
    const client = { 'x-forwarded-for': `10.0.${_shape.length}.1` };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const target = shape(limitedPort, '/api/categories');
      const answer = await rawRequest(limitedPort, 'POST', target, client, '{}');
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // The plain path from that client is limited as well: one counter.
    const plain = await rawRequest(limitedPort, 'POST', '/api/categories', client, '{}');
    expect(plain.status).toBe(429);
  });

  it('answers a personal read with Cache-Control: private, no-store', async () => {
    const buyer = await registerUser(t.app, { role: 'buyer' });
    const answer = await rawRequest(port, 'GET', shape(port, '/api/orders'), bearer(buyer.token));
    expect(answer.status, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it("sends the API's security headers", async () => {
    const plain = await rawRequest(port, 'GET', '/api/categories');
    const answer = await rawRequest(port, 'GET', shape(port, '/api/categories'));
    expect(answer.status).toBe(200);
    expect(plain.headers['content-security-policy']).toContain("default-src 'none'");
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'x-frame-options',
    ]) {
      expect(answer.headers[name], name).toBe(plain.headers[name]);
    }
  });

  it('makes the public read cache forget what a write changed', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        product_name: `Shape ${_shape}`,
        product_description: 'A tidy test hatchback, one careful owner.',
        product_image: '/uploads/cover.webp',
        category_id: categoryId,
        condition: 'Good',
        resell_price: 5000,
        original_price: 9000,
        year_of_used: 3,
        seller_location: 'Austin, TX',
        seller_phone: '+1 512 555 0142',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ insertedId: string }>().insertedId;
    const price = async () => {
      const { body } = await rawRequest(port, 'GET', `/api/product/${id}`);
      return (JSON.parse(body) as { resell_price: number }).resell_price;
    };
    expect(await price()).toBe(5000);
    expect(await price()).toBe(5000); // now from the cache
    const changed = await rawRequest(
      port,
      'PATCH',
      shape(port, `/api/product/${id}`),
      bearer(seller.token),
      JSON.stringify({ resell_price: 4200 }),
    );
    expect(changed.status, changed.body).toBe(200);
    expect(await price()).toBe(4200);
  });

  it('makes the caller cache forget a deleted account: its token is refused at once', async () => {
    const buyer = await registerUser(t.app, { role: 'buyer' });
    const orders = () => rawRequest(port, 'GET', '/api/orders', bearer(buyer.token));
    expect((await orders()).status).toBe(200); // the caller's state is now cached
    const deleted = await rawRequest(
      port,
      'DELETE',
      shape(port, '/api/profile'),
      bearer(buyer.token),
    );
    expect(deleted.status, deleted.body).toBe(200);
    expect((await orders()).status).toBe(401);
  });
});
