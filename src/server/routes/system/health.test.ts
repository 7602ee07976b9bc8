import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drain } from '../../lifecycle.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';

/** GET `url` over a real socket: status, the Connection header and the body. */
function get(url: string): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        );
      })
      .on('error', reject);
  });
}

// One app for the tests that leave it as it was; the outage test closes its database, so it
// builds its own.
let shared: TestApp;
beforeAll(async () => {
  shared = await createTestApp();
});
afterAll(() => shared?.close());

describe('GET /api/health', () => {
  it('reports a reachable database', async () => {
    const response = await shared.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database is gone, and so do the data routes', async () => {
    // One database: with read replicas the public routes would still answer from them.
    const t = await createTestApp({ DATABASE_REPLICA_URLS: '' });
    try {
      await t.database.close();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'down' });

      const categories = await t.app.inject({ method: 'GET', url: '/api/categories' });
      expect(categories.statusCode).toBe(503);
      expect(categories.headers['retry-after']).toBe('5');
      expect(categories.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is unavailable right now; please try again shortly.',
      });
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs/json and describes the catalogue calls', async () => {
    const response = await shared.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/categories', '/api/promoted-product/', '/api/category/{id}']),
    );
    const ui = await shared.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('draining before a shutdown (SHUTDOWN_DRAIN_SECONDS)', () => {
  it('answers the health check 503 while still serving, and closes every connection', async () => {
    const t = await createTestApp();
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect((await get(`${base}/api/health`)).status).toBe(200);
      expect((await get(`${base}/api/categories`)).connection).toBe('keep-alive');
      const drained = drain(t.app, 300);
      const health = await get(`${base}/api/health`);
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toEqual({ status: 'draining', database: 'up' });
      const served = await get(`${base}/api/categories`);
      expect(served.status).toBe(200);
      expect(served.connection).toBe('close');
      await drained;
    } finally {
      await t.close();
    }
  });
});
