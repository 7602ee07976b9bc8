/**
 * Serving the SPA build: the home page `/` is index.html whatever the client's Accept-Encoding
 * (it answered 403 to clients that do not accept gzip or br — found by the stress tests, issue
 * 7), client routes fall back to index.html, unknown API paths are JSON 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { errorHandlerPlugin } from './error-handler.js';
import { webPlugin } from './web.js';

const html = '<!doctype html><title>Second Gear</title><div id="root"></div>';
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-web-'));
  const webDir = path.join(dir, 'web');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), html);
  writeFileSync(path.join(webDir, 'index.html.gz'), gzipSync(html));
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(webPlugin, { webDir, uploadsDir: path.join(dir, 'uploads') });
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
});
