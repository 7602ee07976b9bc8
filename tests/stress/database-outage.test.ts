/**
 * The database stops in the middle of traffic. PostgreSQL only: a TCP proxy sits
 * between the server and PostgreSQL, traffic runs, and the proxy is cut (every connection
 * destroyed, new ones refused). Then requests that need the database answer 503 with a clear
 * JSON message, health answers 503, no request hangs (each one's duration is measured), nothing
 * answers 500; when the proxy is back the server recovers by itself — health 200, bookings and
 * payments work — without a restart, and the ledger is consistent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Stats, type Answer } from './support/http.js';
import { ledgerProblems, readLedger } from './support/ledger.js';
import {
  addCategory,
  addProductOrThrow,
  book,
  pay,
  register,
  type User,
} from './support/marketplace.js';
import {
  createStorage,
  serverDatabaseUrl,
  startServer,
  type RunningServer,
  type Storage,
} from './support/server.js';
import { TcpProxy } from './support/tcp-proxy.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

/** Seconds of traffic before the cut, during the outage, and after the database is back. */
const BEFORE_S = 4;
const OUTAGE_S = 8;
/** Longer than the pool's timeouts, so that they fire. */
const FREEZE_S = 22;
const AFTER_S = 5;
/**
 * No request may take longer: the pool's two timeouts one after the other (5 s waiting for a
 * connection, then 15 s for a query that the freeze holds), plus 250 ms for the server to answer
 * once they have fired (a run on a quiet machine answered at 20,005 ms).
 */
const MAX_REQUEST_MS = 20_250;
/** Answers started this long after the cut must all be 503 (in-flight ones may still finish). */
const SETTLE_MS = 1_000;
const VISITORS = 4;
const BUYERS = 6;

let storage: Storage;
let proxy: TcpProxy;
let server: RunningServer;
let client: Client;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverDatabaseUrl)(
  'the database stops in the middle of traffic (PostgreSQL only: PGlite runs inside the server ' +
    'process, so there is no connection to cut)',
  () => {
    beforeAll(async () => {
      storage = await createStorage('outage');
      const direct = new URL(storage.databaseUrl!);
      proxy = new TcpProxy(direct.hostname, Number(direct.port || 5432));
      await proxy.listen();
      const viaProxy = new URL(direct);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      server = await startServer(storage, { databaseUrl: viaProxy.toString() });
      client = new Client(server.baseUrl, 64);
    });
    afterAll(async () => {
      client?.close();
      await server?.stop();
      await proxy?.close();
      await storage?.remove();
    });

    let seller: User;
    let categoryId: string;
    const buyers: User[] = [];
    const productIds: string[] = [];
    const acknowledged = new Set<string>();

    /**
     * Runs visitors, buyers and a health poller; after BEFORE_S seconds `fail()`, after
     * `outageSeconds` more `heal()`, then AFTER_S seconds of traffic.
     */
    async function traffic(
      fail: () => Promise<void> | void,
      heal: () => Promise<void> | void,
      outageSeconds: number,
    ) {
      type Phase = 'before' | 'outage' | 'after';
      const log: { route: string; startedAt: number; answer: Answer }[] = [];
      const stats = new Stats();
      const t0 = performance.now();
      const now = () => performance.now() - t0;
      let phase: Phase = 'before';
      let cutAt = Infinity;
      let restoredAt = Infinity;
      let stopAt = Infinity;

      async function tracked<T>(route: string, call: Promise<Answer<T>>): Promise<Answer<T>> {
        const startedAt = now();
        const answer = await call;
        log.push({ route, startedAt, answer });
        stats.record(route, answer);
        return answer;
      }
      const deadline = { deadlineMs: MAX_REQUEST_MS + 10_000 };

      async function visitor(): Promise<void> {
        while (now() < stopAt) {
          await tracked(
            'GET categories',
            client.call('GET', apiUrl(apiRoutes.listCategories), deadline),
          );
          await tracked(
            'GET promoted',
            client.call('GET', apiUrl(apiRoutes.listPromotedProducts), deadline),
          );
          await tracked(
            'GET category',
            client.call(
              'GET',
              apiUrl(apiRoutes.listCategoryProducts, {
                params: { id: categoryId },
                query: { limit: 12 },
              }),
              deadline,
            ),
          );
        }
      }
      async function buyer(me: User, index: number): Promise<void> {
        for (let round = 0; now() < stopAt; round++) {
          const productId = productIds[(index + round * BUYERS) % productIds.length]!;
          const booked = await tracked(
            'POST orders',
            book(client, me, productId, deadline.deadlineMs),
          );
          if (booked.status === 200 || booked.status === 201)
            acknowledged.add(booked.body.insertedId);
          await tracked(
            'GET orders',
            client.call('GET', apiUrl(apiRoutes.listOwnOrders), { token: me.token, ...deadline }),
          );
          await sleep(50);
        }
      }
      const health: { at: number; status: number; ms: number }[] = [];
      async function healthPoller(): Promise<void> {
        while (now() < stopAt) {
          const at = now();
          const answer = await tracked(
            'GET health',
            client.call('GET', apiUrl(apiRoutes.health), deadline),
          );
          health.push({ at, status: answer.status, ms: answer.ms });
          await sleep(250);
        }
      }
      const director = (async () => {
        await sleep(BEFORE_S * 1000);
        cutAt = now();
        phase = 'outage';
        await fail();
        await sleep(outageSeconds * 1000);
        phase = 'after';
        await heal();
        restoredAt = now();
        stopAt = restoredAt + AFTER_S * 1000;
      })();
      await Promise.all([
        director,
        ...Array.from({ length: VISITORS }, () => visitor()),
        ...buyers.map((me, i) => buyer(me, i)),
        healthPoller(),
      ]);
      expect(phase).toBe('after');
      const firstHealthy = health.find((h) => h.at > restoredAt && h.status === 200);
      return { log, stats, health, cutAt, restoredAt, firstHealthy };
    }

    it('prepares sellers, listings and buyers', async () => {
      seller = await register(client, 'seller');
      categoryId = await addCategory(client, seller, `Outage ${Date.now()}`);
      for (let i = 0; i < BUYERS; i++) buyers.push(await register(client, 'buyer'));
      for (let i = 0; i < 3 * BUYERS; i++) {
        productIds.push(await addProductOrThrow(client, seller, categoryId, i + 1));
      }
    });

    /** The assertions shared by both failures; `title` names the failure in the summary. */
    async function checkOutage(title: string, result: Awaited<ReturnType<typeof traffic>>) {
      const { log, stats, cutAt, restoredAt, firstHealthy } = result;
      const during = log.filter(
        (e) => e.startedAt > cutAt + SETTLE_MS && e.startedAt + e.answer.ms < restoredAt,
      );
      const slowestDuring = during.reduce((max, e) => Math.max(max, e.answer.ms), 0);
      console.log(
        [
          stats.summary(title),
          `  slowest answer during the outage ${Math.round(slowestDuring)} ms; health 200 again ` +
            `${firstHealthy ? ((firstHealthy.at - restoredAt) / 1000).toFixed(2) : 'never'} s ` +
            `after the database returned; proxy connections so far ${proxy.connections}`,
        ].join('\n'),
      );

      // No request hangs, none fails below HTTP, none answers 500 or another 5xx than 503.
      expect(
        log.filter((e) => e.answer.status === 0).map((e) => `${e.route} ${e.answer.error}`),
      ).toEqual([]);
      expect(log.reduce((max, e) => Math.max(max, e.answer.ms), 0)).toBeLessThanOrEqual(
        MAX_REQUEST_MS,
      );
      expect(
        log
          .filter((e) => e.answer.status >= 500 && e.answer.status !== 503)
          .map((e) => `${e.route} ${e.answer.status} ${JSON.stringify(e.answer.body)}`),
      ).toEqual([]);

      // Before the failure: all well.
      expect(
        log.filter((e) => e.startedAt + e.answer.ms < cutAt && e.answer.status >= 500),
      ).toEqual([]);

      // During the outage: every request that needs the database is a clear 503. The visitor's
      // public reads may come from the in-process cache instead (decision 0022): no
      // write can happen while the database is gone, so a cached answer is still the truth.
      const fromMemory = new Set(['GET categories', 'GET promoted', 'GET category']);
      const needsDatabase = during.filter(
        (entry) => !(fromMemory.has(entry.route) && entry.answer.status === 200),
      );
      expect(needsDatabase.length).toBeGreaterThan(5);
      for (const entry of needsDatabase) {
        expect(entry.answer.status, `${entry.route}`).toBe(503);
        if (entry.route === 'GET health') {
          expect(entry.answer.body).toEqual({ status: 'unavailable', database: 'down' });
        } else {
          expect(entry.answer.body).toEqual({
            statusCode: 503,
            error: 'Service Unavailable',
            message: 'The database is unavailable right now; please try again shortly.',
          });
          expect(entry.answer.headers['retry-after']).toBe('5');
        }
      }

      // After: healthy again without a restart, and nothing but good answers once healthy.
      expect(firstHealthy, 'health never answered 200 after the database returned').toBeDefined();
      expect(firstHealthy!.at - restoredAt).toBeLessThan(5_000);
      const recovered = log.filter((e) => e.startedAt > firstHealthy!.at + 500);
      expect(recovered.length).toBeGreaterThan(20);
      expect(recovered.filter((e) => e.answer.status >= 500)).toEqual([]);

      // Writes work: a new listing, a booking and a whole payment.
      const productId = await addProductOrThrow(client, seller, categoryId, productIds.length + 1);
      productIds.push(productId);
      const booked = await book(client, buyers[0]!, productId);
      expect(booked.status).toBe(201);
      acknowledged.add(booked.body.insertedId);
      const paid = await pay(
        client,
        buyers[0]!,
        { orderId: booked.body.insertedId, productId },
        stats,
      );
      expect(paid.kind).toBe('paid');
      payments += 1;
    }
    let payments = 0;

    it('the connection is cut: 503 at once while it is gone, recovers by itself when it returns', async () => {
      const result = await traffic(
        () => proxy.cut(),
        () => proxy.restore(),
        OUTAGE_S,
      );
      await checkOutage(`connection cut for ${OUTAGE_S} s (PostgreSQL via proxy)`, result);
    });

    it('the network freezes: 503 within the timeouts, recovers by itself when it thaws', async () => {
      const result = await traffic(
        () => proxy.freeze(),
        () => proxy.thaw(),
        FREEZE_S,
      );
      await checkOutage(`network frozen for ${FREEZE_S} s (PostgreSQL via proxy)`, result);
    });

    it('leaves a consistent ledger holding every acknowledged order', async () => {
      await server.stop();
      const ledger = await readLedger(storage);
      expect(ledgerProblems(ledger)).toEqual([]);
      const stored = new Set(ledger.orders.map((o) => o.id));
      expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
      expect(ledger.payments).toHaveLength(payments);
    });
  },
);
