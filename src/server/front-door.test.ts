/**
 * The front door (front-door.ts, decision 0022): cached public reads and hashed assets
 * are answered before Fastify with exactly what Fastify answers. `app.inject` bypasses the HTTP
 * server (and so the front door), so each answer over real HTTP is compared with `inject`'s for
 * the same request, and the front door's counters show who answered. The app serves a small
 * SPA build and a stand-in SSR build (web-ssr/entry-server.js) that renders the category names.
 */
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { DatabaseHandle } from './db/client.js';
import { createFrontDoor, rawHeader } from './front-door.js';
import { drain } from './lifecycle.js';
import { bearer, registerUser, type TestUser } from './test-support/accounts.js';
import { testConfig } from './test-support/app.js';
import { createTestDatabase } from './test-support/database.js';
import { createCategory, createProduct, createUser } from './test-support/factories.js';

const bigScript = 'console.log("Second Gear front door");\n'.repeat(200);
const template =
  '<!doctype html><html><head><title>Second Gear</title>' +
  '<meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
/** Renders `/` with every category name (so a category write changes the page), ≥ 1 KiB. */
const ssrEntry = `
export const renderedPaths = ['/'];
export function createRenderer(transport) {
  return async (url) => {
    if (url.pathname !== '/') return null;
    const categories = await (await transport('/api/categories', {})).json();
    return {
      status: 200,
      head: { title: 'Home', description: 'Used cars', canonicalPath: '/' },
      html: '<main>' + categories.map((c) => '<p>' + c.category_name + '</p>').join('') +
        '${'<!-- padding -->'.repeat(80)}</main>',
      state: '{"queries":[]}',
    };
  };
}
`;

let dir: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let port: number;
let seller: TestUser;
let productId: string;

/** Headers that belong to one connection, not to the answer. */
// Per connection, or (x-request-id) per request: never the same twice.
const perConnection = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** A request over real HTTP (through the front door), its body as sent (not decoded). */
function real(method: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path: url, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The same request through `app.inject` (straight into Fastify). */
async function injected(
  method: 'GET' | 'HEAD',
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({ method, url, headers });
  return { statusCode: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** Status, body bytes and every header but the per-connection ones. */
const comparable = (answer: Answer) => ({
  statusCode: answer.statusCode,
  body: answer.body.toString('base64'),
  headers: Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !perConnection.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  ),
});

const answered = (name: 'public-cache' | 'hashed-assets') => app.frontDoor.answered[name] ?? 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-front-door-'));
  const webDir = path.join(dir, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'web-ssr'));
  writeFileSync(path.join(webDir, 'index.html'), template);
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'assets', 'big-3c4d.js'), bigScript);
  writeFileSync(path.join(webDir, 'assets', 'big-3c4d.js.gz'), gzipSync(bigScript));
  writeFileSync(path.join(webDir, 'assets', 'big-3c4d.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(dir, 'web-ssr', 'entry-server.js'), ssrEntry);

  const config = testConfig();
  database = await createTestDatabase();
  app = await buildApp({ config, database, webDir });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;

  seller = await registerUser(app, { role: 'seller' });
  // Enough categories for `GET /api/categories` to pass the 1 KiB compression threshold.
  const categories = [];
  for (let i = 0; i < 30; i++) {
    categories.push(await createCategory(database.db, `Front door category number ${i}`));
  }
  const owner = await createUser(database.db);
  productId = (
    await createProduct(database.db, { categoryId: categories[0]!.id, sellerId: owner.id })
  ).id;
  app.publicCache.invalidate();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the front door', () => {
  it('answers exactly what Fastify answers, without Fastify', async () => {
    const asset = '/assets/big-3c4d.js';
    const assetEtag = String((await injected('GET', asset)).headers.etag);
    const categoriesEtag = String((await real('GET', '/api/categories')).headers.etag);
    const cases: {
      method: 'GET' | 'HEAD';
      url: string;
      headers?: Record<string, string>;
      by: 'public-cache' | 'hashed-assets' | 'fastify';
    }[] = [
      { method: 'GET', url: asset, by: 'hashed-assets' },
      { method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' }, by: 'hashed-assets' },
      {
        method: 'GET',
        url: asset,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        by: 'hashed-assets',
      },
      { method: 'GET', url: asset, headers: { 'if-none-match': assetEtag }, by: 'hashed-assets' },
      { method: 'HEAD', url: asset, by: 'hashed-assets' },
      { method: 'GET', url: '/assets/app-1a2b.js', by: 'hashed-assets' },
      { method: 'GET', url: '/api/categories', by: 'public-cache' },
      {
        method: 'GET',
        url: '/api/categories',
        headers: { 'accept-encoding': 'br' },
        by: 'public-cache',
      },
      {
        method: 'GET',
        url: '/api/categories',
        headers: { 'accept-encoding': 'gzip' },
        by: 'public-cache',
      },
      {
        method: 'GET',
        url: '/api/categories',
        headers: { 'if-none-match': categoriesEtag },
        by: 'public-cache',
      },
      // Only @fastify/compress can answer deflate.
      {
        method: 'GET',
        url: '/api/categories',
        headers: { 'accept-encoding': 'deflate' },
        by: 'fastify',
      },
      { method: 'GET', url: '/api/categories', headers: { cookie: 'a=b' }, by: 'fastify' },
      { method: 'GET', url: `/api/product/${productId}`, by: 'public-cache' },
      { method: 'GET', url: '/', by: 'public-cache' },
      { method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' }, by: 'public-cache' },
      // A server-rendered page is the same for every caller.
      { method: 'GET', url: '/', headers: { cookie: 'a=b' }, by: 'public-cache' },
    ];
    // Warm-up reads fill the public cache.
    for (const url of ['/api/categories', `/api/product/${productId}`, '/']) {
      expect((await real('GET', url)).statusCode).toBe(200);
    }
    for (const { method, url, headers = {}, by } of cases) {
      const label = `${method} ${url} ${JSON.stringify(headers)}`;
      const before = { cache: answered('public-cache'), assets: answered('hashed-assets') };
      const viaHttp = await real(method, url, headers);
      const counts = { cache: answered('public-cache'), assets: answered('hashed-assets') };
      expect(counts, label).toEqual({
        cache: before.cache + (by === 'public-cache' ? 1 : 0),
        assets: before.assets + (by === 'hashed-assets' ? 1 : 0),
      });
      const viaInject = await injected(method, url, headers);
      expect(comparable(viaHttp), label).toEqual(comparable(viaInject));
      expect(viaHttp.statusCode, label).toBeLessThan(400);
      const accepted = headers['accept-encoding'] ?? '';
      const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : '';
      if (encoding && viaHttp.statusCode === 200) {
        expect(viaHttp.headers['content-encoding'], label).toBe(encoding);
      }
    }
  });

  it('answers the next read after a write with the new data', async () => {
    await real('GET', '/api/categories');
    await real('GET', '/');
    const stale = await real('GET', '/api/categories');
    const stalePage = await real('GET', '/');
    const before = answered('public-cache');
    const response = await app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(seller.token),
      payload: { category_name: 'Freshly added roadster' },
    });
    expect(response.statusCode, response.body).toBe(201);

    const fresh = await real('GET', '/api/categories');
    expect(fresh.body.toString()).toContain('Freshly added roadster');
    expect(fresh.headers.etag).not.toBe(stale.headers.etag);
    const freshPage = await real('GET', '/');
    expect(freshPage.body.toString()).toContain('Freshly added roadster');
    expect(stalePage.body.toString()).not.toContain('Freshly added roadster');
    // Both came from Fastify (the cache was empty); now cached again, the front door answers.
    expect(answered('public-cache')).toBe(before);
    expect((await real('GET', '/api/categories')).body).toEqual(fresh.body);
    expect(answered('public-cache')).toBe(before + 1);
  });

  it('leaves a signed-in read of an anonymous-only entry to Fastify', async () => {
    await real('GET', '/api/categories');
    const before = answered('public-cache');
    const personal: Record<string, string>[] = [
      { cookie: 'session=x' },
      { authorization: 'Bearer nonsense' },
    ];
    for (const headers of personal) {
      const response = await real('GET', '/api/categories', headers);
      // Fastify's answer to a personal request: never stored, no validator.
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
    }
    expect(answered('public-cache')).toBe(before);
    await real('GET', '/api/categories');
    expect(answered('public-cache')).toBe(before + 1);
  });

  // Last: the drain's listener stays on the server.
  it('closes the connection of its answers while the app drains', async () => {
    await real('GET', '/api/categories');
    const draining = drain(app, 50);
    const before = { cache: answered('public-cache'), assets: answered('hashed-assets') };
    const [read, asset] = [
      await real('GET', '/api/categories'),
      await real('GET', '/assets/big-3c4d.js'),
    ];
    expect(read.headers.connection).toBe('close');
    expect(asset.headers.connection).toBe('close');
    expect(answered('public-cache')).toBe(before.cache + 1);
    expect(answered('hashed-assets')).toBe(before.assets + 1);
    await draining;
  });
});

describe('createFrontDoor', () => {
  /** A response that only records what is written to it. */
  const fakeResponse = () => {
    const written: unknown[] = [];
    return {
      written,
      headersSent: false,
      statusCode: 200,
      getHeader: (name: string) => (name === 'x-request-id' ? 'the-request-id' : undefined),
      writeHead(status: number, block: string[]) {
        written.push(status, block);
      },
      end() {
        written.push('end');
      },
    };
  };
  const fakeLog = (infoEnabled: boolean) => {
    const lines: unknown[][] = [];
    const log = {
      isLevelEnabled: (level: string) => infoEnabled && level === 'info',
      info: (...args: unknown[]) => lines.push(['info', ...args]),
      warn: (...args: unknown[]) => lines.push(['warn', ...args]),
      error: (...args: unknown[]) => lines.push(['error', ...args]),
    };
    return { lines, log: log as unknown as FastifyInstance['log'] };
  };
  const request = { method: 'GET', url: '/x', headers: {} } as http.IncomingMessage;

  it('hands a request to Fastify when closed, when no answerer answers, or one throws', () => {
    const door = createFrontDoor();
    const { lines, log } = fakeLog(true);
    let fallbacks = 0;
    const listener = door.listener(() => fallbacks++);
    door.add('throws', () => {
      throw new Error('boom');
    });
    door.add('declines', () => false);
    const response = fakeResponse();
    listener(request, response as unknown as http.ServerResponse);
    expect(fallbacks).toBe(1); // not open yet
    door.open({ baseHeaders: () => ({}), log });
    listener(request, response as unknown as http.ServerResponse);
    expect(fallbacks).toBe(2);
    expect(response.written).toEqual([]);
    expect(lines.map((line) => line[0])).toEqual(['warn']);
    door.close();
    listener(request, response as unknown as http.ServerResponse);
    expect(fallbacks).toBe(3);
  });

  it('logs one "request completed" line per answer when info is enabled, else none', () => {
    for (const infoEnabled of [true, false]) {
      const door = createFrontDoor();
      const { lines, log } = fakeLog(infoEnabled);
      door.add('answers', (request, response) => {
        door.writeHead(
          response,
          200,
          door.headerBlock(request.url ?? '/', { 'content-type': 'text/plain' }),
        );
        response.end();
        return true;
      });
      door.open({ baseHeaders: () => ({ 'x-frame-options': 'DENY' }), log });
      const response = fakeResponse();
      door.listener(() => {
        throw new Error('not for Fastify');
      })(request, response as unknown as http.ServerResponse);
      expect(response.written).toEqual([
        200,
        ['x-frame-options', 'DENY', 'content-type', 'text/plain'],
        'end',
      ]);
      expect(door.answered.answers).toBe(1);
      expect(lines).toEqual(
        infoEnabled
          ? [
              [
                'info',
                {
                  reqId: 'the-request-id',
                  req: { method: 'GET', url: '/x' },
                  res: { statusCode: 200 },
                  responseTime: expect.any(Number),
                  frontDoor: true,
                },
                'request completed',
              ],
            ]
          : [],
      );
    }
  });

  it('tries the answerers added with `first` before the others, each group in order', () => {
    const door = createFrontDoor();
    const tried: string[] = [];
    const declining = (name: string) => () => {
      tried.push(name);
      return false;
    };
    door.add('a', declining('a'));
    door.add('b', declining('b'), { first: true });
    door.add('c', declining('c'));
    door.add('d', declining('d'), { first: true });
    door.open({ baseHeaders: () => ({}), log: fakeLog(false).log });
    let fallbacks = 0;
    door.listener(() => fallbacks++)(request, fakeResponse() as unknown as http.ServerResponse);
    expect(tried).toEqual(['b', 'd', 'a', 'c']);
    expect(fallbacks).toBe(1);
  });
});

describe('header blocks', () => {
  const door = createFrontDoor();
  door.open({
    baseHeaders: () => ({ 'x-content-type-options': 'nosniff' }),
    log: undefined as unknown as FastifyInstance['log'],
  });
  const block = door.headerBlock('/x', { 'content-type': 'text/plain', 'content-length': '2' });

  /**
   * The raw bytes of a `GET /` to a server whose listener is `listener`, with the `Date` Node
   * adds taken out (kept with `keepDate`).
   */
  async function rawAnswer(listener: http.RequestListener, keepDate = false): Promise<string> {
    const server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const bytes = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      return keepDate ? bytes : bytes.replace(/\r\nDate: [^\r]*/, '');
    } finally {
      server.close();
    }
  }

  it('are validated once, when made', () => {
    expect(() => door.headerBlock('/x', { 'bad name': 'x' })).toThrow(/Header name/);
    expect(() => door.headerBlock('/x', { 'x-ok': 'line\r\nbreak' })).toThrow(/Invalid character/);
    expect(block.list).toEqual([
      'x-content-type-options',
      'nosniff',
      'content-type',
      'text/plain',
      'content-length',
      '2',
    ]);
  });

  it("are written with Node's public writeHead, the bytes writeHead(status, list) writes", async () => {
    const viaBlock = await rawAnswer((_request, response) => {
      door.writeHead(response, 200, block);
      response.end('ok');
    });
    const viaList = await rawAnswer((_request, response) => {
      response.writeHead(200, [...block.list]);
      response.end('ok');
    });
    expect(viaBlock).toBe(viaList);
    expect(viaBlock).toBe(
      'HTTP/1.1 200 OK\r\nx-content-type-options: nosniff\r\ncontent-type: text/plain\r\n' +
        'content-length: 2\r\nConnection: close\r\n\r\nok',
    );
  });

  it('are merged with a header set before, and the shared block is left as it was', async () => {
    const answer = await rawAnswer((_request, response) => {
      response.setHeader('x-set-before', 'yes');
      door.writeHead(response, 200, block);
      response.end('ok');
    });
    expect(answer).toContain('x-set-before: yes\r\n');
    expect(answer).toContain('content-type: text/plain\r\n');
    expect(block.list).toEqual([
      'x-content-type-options',
      'nosniff',
      'content-type',
      'text/plain',
      'content-length',
      '2',
    ]);
    expect(Object.isFrozen(block.list)).toBe(true);
  });

  it("hold one header per name whatever its case, the answer's own winning", () => {
    const clash = door.headerBlock('/x', { 'X-Content-Type-Options': 'other', etag: '"e"' });
    expect(clash.list).toEqual(['X-Content-Type-Options', 'other', 'etag', '"e"']);
  });

  it('keep their own date and content-length: Node adds neither a second one nor chunking', async () => {
    const mixed = door.headerBlock('/x', {
      'content-type': 'text/plain',
      'content-length': '2',
      'cache-control': 'no-cache',
      Vary: 'accept-encoding',
      date: 'Thu, 01 Jan 2026 00:00:00 GMT',
      etag: '"e"',
    });
    const answer = await rawAnswer((_request, response) => {
      door.writeHead(response, 200, mixed);
      response.end('ok');
    }, true);
    expect(answer.match(/date:/gi)).toHaveLength(1);
    expect(answer).not.toMatch(/transfer-encoding/i);
    expect(answer).toMatch(/\r\n\r\nok$/);
  });
});

describe('rawHeader', () => {
  const withRaw = (rawHeaders: string[]) => ({ rawHeaders }) as unknown as http.IncomingMessage;

  it('reads a header whatever its case, and joins repeats as request.headers does', () => {
    const request = withRaw([
      'Host',
      'example.test',
      'Accept-Encoding',
      'gzip',
      'IF-NONE-MATCH',
      '"a"',
      'accept-encoding',
      'br',
    ]);
    expect(rawHeader(request, 'accept-encoding')).toBe('gzip, br');
    expect(rawHeader(request, 'if-none-match')).toBe('"a"');
    expect(rawHeader(request, 'cookie')).toBeUndefined();
    expect(rawHeader(withRaw([]), 'accept-encoding')).toBeUndefined();
  });
});
