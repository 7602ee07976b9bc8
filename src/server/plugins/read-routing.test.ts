/**
 * Read replicas (decision 0050): which server each kind of read reaches. The replica tests need a
 * PostgreSQL primary with a streaming standby (DATABASE_URL and DATABASE_REPLICA_URLS; e.g.
 * `scripts/pg-replica.sh start <dir>`) and are skipped without one; the replica is reached
 * through a loopback TCP proxy, so that a test can take it away and bring it back without
 * touching the standby other test files read from. The replica checks are driven by the tests
 * (`app.replicas.monitor.check()`), not by the clock. Without replicas, nothing changes.
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- tests/ has no subpath import (decision 0033)
import { TcpProxy } from '../../../tests/stress/support/tcp-proxy.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { queryRows } from '../db/rows.js';
import { registerUser, bearer, type TestUser } from '../test-support/accounts.js';
import { createTestApp, testConfig, type TestApp } from '../test-support/app.js';
import { createTestDatabase, replicaEnvOf } from '../test-support/database.js';
import { createCategory, createProduct, createUser } from '../test-support/factories.js';
import { PRIMARY_UNTIL_COOKIE } from './read-routing.js';

const withReplica = Boolean(process.env.DATABASE_URL && process.env.DATABASE_REPLICA_URLS);
const METRICS_TOKEN = 'replica-metrics-token-0123456789';

/** The `sg_primary_until=…` pair of an answer's Set-Cookie, or undefined. */
function primaryCookieOf(
  headers: Record<string, number | string | string[] | undefined>,
): string | undefined {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  return all.find((line: string) => line.startsWith(`${PRIMARY_UNTIL_COOKIE}=`))?.split(';')[0];
}

describe('without read replicas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_REPLICA_URLS: '' });
  });
  afterAll(() => t?.close());

  it('reads public pages from the one database, sets no cookie and reports no replicas', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
    expect(t.app.readDb({} as FastifyRequest)).toBe(t.app.db);
    expect(t.app.replicas.configured).toBe(false);
    expect(t.app.replicas.reads()).toEqual([]);
    const seller = await registerUser(t.app, { role: 'seller' });
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(seller.token),
      payload: { category_name: `Vans ${Date.now()}` },
    });
    expect(category.statusCode, category.body).toBeLessThan(300);
    expect(primaryCookieOf(category.headers)).toBeUndefined();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).not.toHaveProperty('replicas');
  });
});

describe.skipIf(!withReplica)('with a streaming replica', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let config: Config;
  let proxy: TcpProxy;
  let directReplicaUrl: string;
  let seller: TestUser;
  let productId: string;
  let categoryId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = replicaEnvOf(database);
    directReplicaUrl = env.DATABASE_REPLICA_URLS!.split(',')[0]!;
    const direct = new URL(directReplicaUrl);
    proxy = new TcpProxy(direct.hostname, Number(direct.port || 5432));
    await proxy.listen();
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    config = testConfig({
      ...env,
      DATABASE_REPLICA_URLS: viaProxy.toString(),
      METRICS_TOKEN,
    });
    app = await buildApp({ config, database, webDir: path.join(config.dataDir, 'no-spa') });
    await app.ready();
    // The tests decide when the replica is checked.
    app.replicas.monitor.stop();

    seller = await registerUser(app, { role: 'seller' });
    const sellerRecord = await createUser(database.db, { displayName: 'Replica Seller' });
    const category = await createCategory(database.db, 'Replicated cars');
    categoryId = category.id;
    productId = (await createProduct(database.db, { categoryId, sellerId: sellerRecord.id })).id;
    await app.replicas.monitor.check();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    if (config) rmSync(config.dataDir, { recursive: true, force: true });
  });

  /** Public reads counted so far, by `<server> <reason>`. */
  const counts = () =>
    new Map(
      app.replicas.reads().map(({ server, reason, count }) => [`${server} ${reason}`, count]),
    );

  /** Makes `request` and answers it with where its public read went (`<server> <reason>`). */
  async function whereDid(request: InjectOptions & { url: string }) {
    const before = counts();
    const response = await app.inject(request);
    expect(response.statusCode, `${String(request.url)}: ${response.body}`).toBe(200);
    const moved = [...counts()].filter(([key, count]) => count !== (before.get(key) ?? 0));
    return { response, went: moved.map(([key]) => key) };
  }

  /** Which server a database handle reaches, asked of the server itself. */
  const serverOf = async (db: Database) =>
    (
      await queryRows<{ standby: boolean; name: string }>(
        db,
        sql`select pg_is_in_recovery() as standby, current_setting('application_name') as name`,
      )
    )[0];

  it('has pools that reach the servers they name', async () => {
    expect(await serverOf(app.replicas.db(0))).toEqual({
      standby: true,
      name: 'second-gear-replica-0',
    });
    expect(await serverOf(app.db)).toEqual({ standby: false, name: 'second-gear-primary' });
    expect(app.replicas.states()).toMatchObject([{ name: '0', health: 'up', lagSeconds: 0 }]);
  });

  it('sends public reads to the replica', async () => {
    const urls = [
      '/api/categories',
      '/api/promoted-product/',
      `/api/category/${categoryId}`,
      `/api/product/${productId}`,
      `/api/product/${productId}/similar`,
      '/api/search?q=Corolla',
      '/api/places?q=Austin',
      `/api/sellers/${seller.uid}`,
      '/sitemap.xml',
    ];
    for (const url of urls) {
      expect((await whereDid({ method: 'GET', url })).went, url).toEqual(['replica-0 replica']);
    }
    // The replica's own view: this database has connections of the replica pool.
    const name = new URL(directReplicaUrl).pathname.slice(1);
    const client = new pg.Client({ connectionString: directReplicaUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
          where datname = $1 and application_name = 'second-gear-replica-0'`,
        [name],
      );
      expect(rows[0]!.count).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  it('sends a signed-in read of a public page to the replica, and personal reads to the primary', async () => {
    const listing = await whereDid({
      method: 'GET',
      url: `/api/product/${productId}`,
      headers: bearer(seller.token),
    });
    expect(listing.went).toEqual(['replica-0 replica']);
    // A caller's own data is read by routes that never ask for a replica.
    const favourites = await whereDid({
      method: 'GET',
      url: '/api/favourites',
      headers: bearer(seller.token),
    });
    expect(favourites.went).toEqual([]);
  });

  it('lets a writer read its own write from the primary at once, and others from the replica', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        product_name: 'Mazda 3 2019',
        product_description: 'One owner, full service history.',
        product_image: '/uploads/cover.webp',
        product_images: ['/uploads/cover.webp'],
        category_id: categoryId,
        condition: 'Good',
        resell_price: 12000,
        original_price: 21000,
        year_of_used: 5,
        seller_location: 'Austin, TX',
        seller_phone: '+1 512 555 0142',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cookie = primaryCookieOf(created.headers);
    expect(cookie).toMatch(new RegExp(`^${PRIMARY_UNTIL_COOKIE}=[\\w-]+\\.[\\w-]+$`));
    const setCookie = String(created.headers['set-cookie']);
    expect(setCookie).toMatch(/Max-Age=5; Path=\/; HttpOnly; SameSite=Lax/);
    const id = created.json<{ insertedId: string }>().insertedId;

    // The writer, with the cookie its browser keeps: the primary, its listing there.
    const own = await whereDid({
      method: 'GET',
      url: `/api/product/${id}`,
      headers: { ...bearer(seller.token), cookie: cookie! },
    });
    expect(own.went).toEqual(['primary after-write']);
    expect(own.response.json()).toMatchObject({ _id: id, resell_price: 12000 });
    // Without it (another client), or with a forged one: the replica.
    const other = await whereDid({
      method: 'GET',
      url: `/api/product/${id}`,
      headers: bearer(seller.token),
    });
    expect(other.went).toEqual(['replica-0 replica']);
    const [name, value] = cookie!.split('=') as [string, string];
    const forged = `${name}=${value.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    const tampered = await whereDid({
      method: 'GET',
      url: `/api/product/${id}`,
      headers: { ...bearer(seller.token), cookie: forged },
    });
    expect(tampered.went).toEqual(['replica-0 replica']);
    // REPLICA_READ_AFTER_WRITE_SECONDS (5) later, the same cookie no longer counts.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_001 });
    try {
      const later = await whereDid({
        method: 'GET',
        url: `/api/product/${id}`,
        headers: { ...bearer(seller.token), cookie: cookie! },
      });
      expect(later.went).toEqual(['replica-0 replica']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills the public cache from the primary until the replica is known to hold the last write', async () => {
    const category = await app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(seller.token),
      payload: { category_name: `Pickups ${Date.now()}` },
    });
    expect(category.statusCode, category.body).toBeLessThan(300);
    // An anonymous reader right after someone's write: the cache keeps this answer, so the
    // primary (no check since the write has seen the replica hold it).
    const first = await whereDid({ method: 'GET', url: '/api/categories?after=write' });
    expect(first.went).toEqual(['primary not-caught-up']);
    await app.replicas.monitor.check();
    const next = await whereDid({ method: 'GET', url: '/api/categories?after=check' });
    expect(next.went).toEqual(['replica-0 replica']);
  });

  it('skips a replica that stops answering, reads on the primary meanwhile, and takes it back', async () => {
    const scrape = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body;
    expect(await scrape()).toMatch(/^db_replica_up\{replica="0"\} 1$/m);
    expect(await scrape()).toMatch(/^db_replica_lag_seconds\{replica="0"\} 0$/m);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'up',
      replicas: [{ replica: '0', state: 'up', lag_seconds: 0 }],
    });

    await proxy.cut();
    // The read that meets the dead replica runs again on the primary: still a 200.
    const fallbacksBefore = app.replicas.fallbacks()[0]!;
    const during = await whereDid({ method: 'GET', url: '/api/categories?replica=cut' });
    expect(during.went).toEqual(['replica-0 replica']);
    expect(app.replicas.fallbacks()[0]).toBeGreaterThan(fallbacksBefore);
    // …and took the replica out at once; its check agrees.
    expect(app.replicas.states()[0]!.health).toBe('down');
    await app.replicas.monitor.check();
    expect(app.replicas.states()[0]).toMatchObject({ health: 'down', lagSeconds: null });
    const skipped = await whereDid({ method: 'GET', url: '/api/categories?replica=down' });
    expect(skipped.went).toEqual(['primary no-replica']);
    const unready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(unready.statusCode).toBe(200);
    expect(unready.json()).toMatchObject({
      status: 'ready',
      replicas: [{ replica: '0', state: 'down', lag_seconds: null }],
    });
    expect(await scrape()).toMatch(/^db_replica_up\{replica="0"\} 0$/m);
    expect(await scrape()).not.toMatch(/^db_replica_lag_seconds\{replica="0"\}/m);
    expect(await scrape()).toMatch(/^db_replica_fallbacks_total\{replica="0"\} [1-9]/m);

    await proxy.restore();
    await app.replicas.monitor.check();
    expect(app.replicas.states()[0]).toMatchObject({ health: 'up', lagSeconds: 0 });
    const back = await whereDid({ method: 'GET', url: '/api/categories?replica=back' });
    expect(back.went).toEqual(['replica-0 replica']);
    expect(await scrape()).toMatch(
      /^db_replica_reads_total\{server="primary",reason="no-replica"\} [1-9]/m,
    );
  });
});
