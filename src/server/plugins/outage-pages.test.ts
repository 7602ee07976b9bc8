/**
 * Pages during a database outage: a server-rendered page whose API reads found the database
 * unavailable answers 503 with the outage page (`retry-after`, `no-store`, no ETag) and is
 * never kept by the public cache, so the real page comes back with the database — instead of a
 * 404 for a listing or seller, or a 200 holding the outage text that the cache and the CDN kept.
 * The whole app on a test database, with a stand-in SSR build whose renderer reads
 * `/api/categories` through the app as the real one reads its data.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test-support/database.js';
import { testConfig } from '../test-support/app.js';

const template = [
  '<!doctype html><html><head>',
  '<meta name="description" content="Default" />',
  '<title>Second Gear</title>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

/** A stand-in SSR build: home and listing pages, each reading the categories. */
const entryServer = `
export const renderedPaths = ['/', '/listing/:id'];
export function createRenderer(transport) {
  return async (url) => {
    const answer = await transport('/api/categories', { method: 'GET' });
    const ok = answer.status === 200;
    return {
      status: url.pathname.startsWith('/listing/') && !ok ? 404 : 200,
      head: { title: 'Page | Second Gear', description: 'D', canonicalPath: url.pathname },
      html: ok ? '<main>Categories</main>' : '<main>' + (await answer.text()) + '</main>',
      state: '{"queries":[]}',
    };
  };
}
`;

let dir: string;
let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-outage-'));
  mkdirSync(path.join(dir, 'web'), { recursive: true });
  mkdirSync(path.join(dir, 'web-ssr'), { recursive: true });
  writeFileSync(path.join(dir, 'web', 'index.html'), template);
  writeFileSync(path.join(dir, 'web-ssr', 'entry-server.js'), entryServer);
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, webDir: path.join(dir, 'web') });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('answer 200 with the page while the database is up', async () => {
    const page = await app.inject({ method: 'GET', url: '/listing/anything' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<main>Categories</main>');
    app.publicCache.invalidate();
  });

  it('answer 503 with the outage page, never cached, while the database is down', async () => {
    await database.close();
    const hitsBefore = app.publicCache.hits;
    for (const url of ['/', '/listing/0b8a5f3e-9d51-4c36-9a55-3f1c2b7d6e10', '/?again=1']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(503);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['retry-after']).toBe('5');
      expect(page.headers.etag).toBeUndefined();
      expect(page.headers['cdn-cache-control']).toBeUndefined();
      expect(page.body).toContain('unavailable right now');
      expect(page.body).not.toContain('Uh-oh');
      // The same again: not from a cache.
      const again = await app.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(503);
    }
    expect(app.publicCache.hits).toBe(hitsBefore);
  });
});
