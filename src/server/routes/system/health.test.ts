import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';

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
    const t = await createTestApp();
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
