/**
 * Serving the SPA build: the home page `/` is index.html whatever the client's Accept-Encoding
 * (it answered 403 to clients that do not accept gzip or br — found by the stress tests, issue
 * 7), client routes fall back to index.html, unknown API paths are JSON 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { errorHandlerPlugin } from './error-handler.js';
import { webPlugin } from './web.js';

const html = '<!doctype html><title>Second Gear</title><div id="root"></div>';
const bigScript = 'console.log("Second Gear");\n'.repeat(200);
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-web-'));
  const webDir = path.join(dir, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), html);
  writeFileSync(path.join(dir, 'secret.txt'), 'not for the web');
  writeFileSync(path.join(webDir, 'index.html.gz'), gzipSync(html));
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'assets', 'big-3c4d.js'), bigScript);
  writeFileSync(path.join(webDir, 'assets', 'big-3c4d.js.gz'), gzipSync(bigScript));
  writeFileSync(path.join(webDir, 'assets', 'big-3c4d.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(webDir, 'assets', 'big-3c4d.js.map'), '{"version":3}');
  app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(webPlugin, {
    webDir,
    publicUrl: 'http://localhost:3000',
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SPA build', () => {
  it.each([
    ['no Accept-Encoding', {}],
    ['identity', { 'accept-encoding': 'identity' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
  ])('serves the home page to a client accepting %s', async (_name, headers) => {
    const response = await app.inject({ method: 'GET', url: '/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers index.html for client routes and JSON 404 for unknown API paths', async () => {
    const page = await app.inject({ method: 'GET', url: '/category/abc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(html);
    const unknown = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toBe(html);
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("serves a hashed asset in the encoding the client prefers, from the build's copies", async () => {
    const get = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/assets/big-3c4d.js', headers });
    const brotli = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload).toEqual(brotliCompressSync(bigScript));
    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    for (const response of [brotli, gzip, plain]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toBe('accept-encoding');
    }
    // Each encoding has its own validator, and a matching one answers 304 without a body.
    expect(new Set([brotli, gzip, plain].map((r) => r.headers.etag)).size).toBe(3);
    const again = await get({
      'accept-encoding': 'br',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: '/assets/big-3c4d.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves source maps from disk and answers 404 for an unknown asset', async () => {
    const map = await app.inject({ method: 'GET', url: '/assets/big-3c4d.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toBe('{"version":3}');
    const unknown = await app.inject({ method: 'GET', url: '/assets/nope-0000.js' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404 });
    // A name that climbs out of the build folder reaches nothing outside it.
    const outside = await app.inject({ method: 'GET', url: '/assets/..%2F..%2Fsecret.txt' });
    expect(outside.statusCode).not.toBe(200);
    expect(outside.body).not.toContain('not for the web');
  });
});
