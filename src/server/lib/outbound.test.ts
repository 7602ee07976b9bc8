import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, isPublicAddress, OutboundError } from './outbound.js';

/** A loopback server: `/ok` answers text, `/big` 2 KB, `/hop` redirects to `/ok`, `/slow` never. */
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/ok') return response.end('hello');
    if (request.url === '/big') return response.end(Buffer.alloc(2048, 1));
    if (request.url === '/hop') {
      response.writeHead(302, { location: '/ok' });
      return response.end();
    }
    if (request.url === '/loop') {
      response.writeHead(302, { location: '/loop' });
      return response.end();
    }
    if (request.url === '/slow') return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('the outbound client', () => {
  it('refuses loopback and private addresses, literal or by name', async () => {
    const client = createOutboundClient({ allowedOrigins: [] });
    try {
      expect((await refusal(client.request(`${origin}/ok`))).code).toBe('private_address');
      expect((await refusal(client.request('http://localhost:1/ok'))).code).toBe('private_address');
      expect((await refusal(client.request('http://[::1]:1/ok'))).code).toBe('private_address');
      expect((await refusal(client.request('http://169.254.169.254/latest'))).code).toBe(
        'private_address',
      );
      // A name (not a literal) that resolves to loopback is refused in the connection's lookup.
      expect((await refusal(client.request('http://localtest.invalid.localhost/ok'))).code).toBe(
        'private_address',
      );
    } finally {
      await client.close();
    }
  });

  it('refuses other schemes, credentials in the URL and, when asked, plain http', async () => {
    const client = createOutboundClient({ allowedOrigins: [] });
    try {
      expect((await refusal(client.request('file:///etc/passwd'))).code).toBe('scheme');
      expect((await refusal(client.request('ftp://example.com/x'))).code).toBe('scheme');
      expect((await refusal(client.request('https://user:pw@example.com/'))).code).toBe('bad_url');
      expect((await refusal(client.request('not a url'))).code).toBe('bad_url');
      expect((await refusal(client.request('http://example.com/', { httpsOnly: true }))).code).toBe(
        'scheme',
      );
    } finally {
      await client.close();
    }
  });

  it('reaches an allowed origin, follows its redirects and enforces size and time', async () => {
    const client = createOutboundClient({ allowedOrigins: [origin] });
    try {
      const ok = await client.request(`${origin}/ok`);
      expect(ok.status).toBe(200);
      expect(ok.body.toString()).toBe('hello');
      const hopped = await client.request(`${origin}/hop`);
      expect(hopped.body.toString()).toBe('hello');
      expect(hopped.url).toBe(`${origin}/ok`);
      expect((await refusal(client.request(`${origin}/loop`))).code).toBe('too_many_redirects');
      expect((await refusal(client.request(`${origin}/big`, { maxBytes: 1000 }))).code).toBe(
        'too_large',
      );
      expect((await refusal(client.request(`${origin}/slow`, { timeoutMs: 200 }))).code).toBe(
        'timeout',
      );
      const guarded = await client.fetch(`${origin}/ok`);
      expect(await guarded.text()).toBe('hello');
    } finally {
      await client.close();
    }
  });

  it('does not let an allowed origin redirect to a private one that is not allowed', async () => {
    const other = http.createServer((_request, response) => {
      response.writeHead(302, { location: `${origin}/ok` });
      response.end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const client = createOutboundClient({ allowedOrigins: [otherOrigin] });
    try {
      expect((await refusal(client.request(`${otherOrigin}/`))).code).toBe('private_address');
    } finally {
      await client.close();
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
