/**
 * Operating the server (decision 0032): `GET /metrics` only with METRICS_TOKEN or on
 * METRICS_PORT, its histogram by route template; request ids from a trusted proxy or generated,
 * on every answer (cached reads' too); `GET /api/ready` with the database and Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createCategory } from '../test-support/factories.js';
import { bearer, registerUser } from '../test-support/accounts.js';
import { bearerMatches } from './metrics.js';
import { REQUEST_ID_PATTERN } from '../request-id.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The value of the sample `name{labels…}` in a Prometheus text body (0 when absent). */
function sample(body: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of body.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(
        (m): [string, string | undefined] => [m[1]!, m[2]],
      ),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return 0;
}

describe('GET /metrics', () => {
  it('is a 404 when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(t.app.metrics.enabled).toBe(false);
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => t?.close());

    const scrape = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });

    it('refuses a request without the token, or with another one', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
        const response = await scrape(authorization);
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.body).not.toContain('http_request_duration_seconds');
      }
    });

    it('answers the Prometheus text format with the token', async () => {
      const response = await scrape(`Bearer ${TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
      expect(response.headers['cache-control']).toBe('no-store');
      for (const name of [
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
        'db_pool_max',
        'jobs_queued',
        'jobs_failed_total',
        'live_message_connections',
        'public_cache_lookups_total',
      ]) {
        expect(response.body).toContain(`# TYPE ${name} `);
      }
      expect(sample(response.body, 'jobs_failed_total', { job: 'send-mail' })).toBe(0);
      expect(response.body).toMatch(/^jobs_queued\{job="send-mail"\} 0$/m);
    });

    it('counts a request in the histogram of its route template and status', async () => {
      const category = await createCategory(t.database.db, `Metrics ${randomUUID()}`);
      const labels = { method: 'GET', route: '/api/category/:id', status_code: '200' };
      const before = sample(
        (await scrape(`Bearer ${TOKEN}`)).body,
        'http_request_duration_seconds_count',
        labels,
      );
      const read = await t.app.inject({ method: 'GET', url: `/api/category/${category.id}` });
      expect(read.statusCode).toBe(200);
      const body = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(sample(body, 'http_request_duration_seconds_count', labels)).toBe(before + 1);
      expect(sample(body, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
        before + 1,
      );
      // The URL itself is never a label: one series per route, not per listing.
      expect(body).not.toContain(`route="/api/category/${category.id}"`);
    });

    it('reports the request pool (PostgreSQL: connections in use, idle and waiting)', async () => {
      const body = (await scrape(`Bearer ${TOKEN}`)).body;
      const postgres = t.database.kind === 'postgres';
      expect(sample(body, 'db_pool_max')).toBe(postgres ? 5 : 1);
      expect(body.includes('# TYPE db_pool_connections gauge')).toBe(postgres);
      expect(body.includes('# TYPE db_pool_waiting gauge')).toBe(postgres);
      if (postgres) {
        expect(sample(body, 'db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      }
    });

    it('counts open live-message streams', async () => {
      const user = await registerUser(t.app);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const stream = await fetch(`${address}/api/messages/stream?max_seconds=30`, {
        headers: bearer(user.token),
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('x-request-id')).toMatch(uuid);
      const reader = stream.body!.getReader();
      await reader.read(); // `event: ready`: the stream is subscribed
      const open = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(sample(open, 'live_message_connections')).toBe(1);
      controller.abort();
      await reader.closed.catch(() => undefined);
      await expect
        .poll(async () =>
          sample((await scrape(`Bearer ${TOKEN}`)).body, 'live_message_connections'),
        )
        .toBe(0);
    });

    it('counts public-cache hits and misses', async () => {
      const url = `/api/categories?metrics=${randomUUID()}`;
      const before = (await scrape(`Bearer ${TOKEN}`)).body;
      await t.app.inject({ method: 'GET', url });
      await t.app.inject({ method: 'GET', url });
      const after = (await scrape(`Bearer ${TOKEN}`)).body;
      const count = (body: string, result: string) =>
        sample(body, 'public_cache_lookups_total', { result });
      expect(count(after, 'miss')).toBe(count(before, 'miss') + 1);
      expect(count(after, 'hit')).toBe(count(before, 'hit') + 1);
    });
  });

  it('with METRICS_PORT, is served on that port only (and asks for METRICS_TOKEN when set)', async () => {
    const t = await createTestApp({
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
    });
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const onMain = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(onMain.status).toBe(404);
      const address = t.app.metrics.address();
      expect(address?.port).toBeGreaterThan(0);
      const metricsBase = `http://127.0.0.1:${address!.port}`;
      expect((await fetch(`${metricsBase}/metrics`)).status).toBe(401);
      const served = await fetch(`${metricsBase}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(served.status).toBe(200);
      expect(await served.text()).toContain('# TYPE http_request_duration_seconds histogram');
      expect((await fetch(`${metricsBase}/other`)).status).toBe(404);
    } finally {
      await t.close();
    }
    expect(t.app.metrics.address()).toBeUndefined();
  });

  it('compares bearer tokens exactly', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer   ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });
});

describe('x-request-id', () => {
  let direct: TestApp;
  let proxied: TestApp;
  let directBase: string;
  let proxiedBase: string;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: '1' });
    directBase = await direct.app.listen({ port: 0, host: '127.0.0.1' });
    proxiedBase = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('is generated for every answer, those from the public read cache included', async () => {
    const ids = [];
    // The second read of the same URL is answered from the public read cache.
    for (const url of ['/api/categories', '/api/categories', '/api/health', '/no-such-page']) {
      const response = await fetch(`${directBase}${url}`);
      ids.push(response.headers.get('x-request-id'));
    }
    expect(direct.app.publicCache.hits).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
    const injected = await direct.app.inject({ method: 'GET', url: '/api/health' });
    expect(injected.headers['x-request-id']).toMatch(uuid);
  });

  it('ignores a client’s id when no proxy is trusted', async () => {
    const response = await fetch(`${directBase}/api/health`, {
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(response.headers.get('x-request-id')).toMatch(uuid);
  });

  it('keeps a trusted proxy’s id, and replaces one of the wrong form or length', async () => {
    const given = `proxy-${randomUUID()}`;
    const kept = await fetch(`${proxiedBase}/api/health`, { headers: { 'x-request-id': given } });
    expect(kept.headers.get('x-request-id')).toBe(given);
    for (const bad of ['two words', 'x'.repeat(129), 'line\u00e9break', '']) {
      const response = await fetch(`${proxiedBase}/api/health`, {
        headers: { 'x-request-id': bad },
      });
      expect(response.headers.get('x-request-id')).toMatch(uuid);
    }
    expect(REQUEST_ID_PATTERN.test('x'.repeat(128))).toBe(true);
  });
});

describe('GET /api/ready', () => {
  // Without read replicas, whatever the run has: their part of the answer is read-routing.test.ts's.
  const noReplicas = { DATABASE_REPLICA_URLS: '' };

  it('is ready with the database up, and 503 naming it when it is down', async () => {
    const t = await createTestApp(noReplicas);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it('checks Redis when REDIS_URL is set', async () => {
    const up = await createTestApp({
      ...noReplicas,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    });
    const down = await createTestApp({ ...noReplicas, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ready = await up.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });
      const unavailable = await down.app.inject({ method: 'GET', url: '/api/ready' });
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json()).toEqual({
        status: 'unavailable',
        database: 'up',
        redis: 'down',
      });
    } finally {
      await up.close();
      await down.close();
    }
    // Two apps on two databases: more than the default 30 s on a loaded 2-core machine.
  }, 90_000);
});
