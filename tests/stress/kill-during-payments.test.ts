/**
 * The server is killed (SIGKILL) in the middle of payments. Many buyers, each with an
 * open order of its own listing, pay at once; once KILL_AFTER payments have been confirmed to
 * their clients the server is killed. It restarts on the same DATA_DIR (PGlite) or database
 * (PostgreSQL), and then every order is either paid — with its payment record, a succeeded
 * intent and a sold product — or unpaid with none of these, and every payment a client saw
 * confirmed survived. Finally every unpaid order is paid through the API, which proves it payable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Stats } from './support/http.js';
import { ledgerProblems, readLedger, type Ledger } from './support/ledger.js';
import {
  addCategory,
  addProductOrThrow,
  book,
  pay,
  register,
  type User,
} from './support/marketplace.js';
import { createStorage, startServer, type RunningServer, type Storage } from './support/server.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

const BUYERS = 40;
const KILL_AFTER = 10;

let storage: Storage;
let server: RunningServer | undefined;

beforeAll(async () => {
  storage = await createStorage('kill');
});
afterAll(async () => {
  await server?.stop();
  await storage?.remove();
});

interface Purchase {
  buyer: User;
  orderId: string;
  productId: string;
}

/** Each order paid with everything that goes with it, or unpaid with nothing of it. */
function orderStates(ledger: Ledger, purchases: Purchase[]) {
  const paymentOf = new Map(ledger.payments.map((p) => [p.orderId, p]));
  const soldIds = new Set(ledger.products.filter((p) => p.sold).map((p) => p.id));
  const succeeded = new Set(
    ledger.intents.filter((i) => i.status === 'succeeded').map((i) => i.orderId),
  );
  const orderById = new Map(ledger.orders.map((o) => [o.id, o]));
  return purchases.map(({ orderId, productId }) => {
    const parts = [
      orderById.get(orderId)?.paid ?? false,
      paymentOf.has(orderId),
      soldIds.has(productId),
      succeeded.has(orderId),
    ];
    const state = parts.every(Boolean) ? 'paid' : parts.some(Boolean) ? 'in between' : 'unpaid';
    return { orderId, state, exists: orderById.has(orderId) };
  });
}

describe('SIGKILL in the middle of payments', () => {
  it('leaves every order paid with its record or unpaid and payable, never in between', async () => {
    server = await startServer(storage);
    let client = new Client(server.baseUrl, 64);

    const seller = await register(client, 'seller');
    const categoryId = await addCategory(client, seller, `Kill test ${Date.now()}`);
    const purchases: Purchase[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const buyer = await register(client, 'buyer');
      const productId = await addProductOrThrow(client, seller, categoryId, i + 1);
      const booked = await book(client, buyer, productId);
      expect(booked.status).toBe(201);
      purchases.push({ buyer, productId, orderId: booked.body.insertedId });
    }

    // ---- Every buyer pays at once; SIGKILL once KILL_AFTER confirmations have been answered.
    const stats = new Stats();
    const confirmedOrders = new Set<string>();
    const recordedOrders = new Set<string>();
    const victim = server;
    let killedAt = 0;
    const killed = new Promise<void>((resolve) => {
      const onConfirmed = () => {
        if (confirmedOrders.size >= KILL_AFTER && killedAt === 0) {
          killedAt = confirmedOrders.size;
          victim.child.kill('SIGKILL');
          resolve();
        }
      };
      void Promise.all(
        purchases.map(async (purchase) => {
          const outcome = await pay(client, purchase.buyer, purchase, stats, {
            deadlineMs: 20_000,
            onConfirmed: () => {
              confirmedOrders.add(purchase.orderId);
              onConfirmed();
            },
          });
          if (outcome.kind === 'paid') recordedOrders.add(purchase.orderId);
        }),
      ).then(() => resolve());
    });
    await killed;
    const exit = await victim.exited;
    expect(exit.signal, 'the server was still running when the kill came').toBe('SIGKILL');
    // Let the clients see their connections fail, then count what they were told.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    client.close();
    console.log(
      stats.summary(
        `kill during payments (${storage.databaseUrl ? 'PostgreSQL' : 'PGlite'}): ` +
          `SIGKILL after ${killedAt} confirmed payments`,
      ),
    );

    // ---- Restart on the same data: it must come up by itself.
    const restartStarted = performance.now();
    server = await startServer(storage);
    const restartSeconds = (performance.now() - restartStarted) / 1000;
    client = new Client(server.baseUrl, 64);
    const health = await client.call('GET', apiUrl(apiRoutes.health));
    expect(health.status).toBe(200);
    await server.stop();

    const afterKill = await readLedger(storage);
    expect(ledgerProblems(afterKill)).toEqual([]);
    const states = orderStates(afterKill, purchases);
    expect(states.filter((s) => !s.exists)).toEqual([]);
    expect(states.filter((s) => s.state === 'in between')).toEqual([]);
    const paidIds = new Set(states.filter((s) => s.state === 'paid').map((s) => s.orderId));
    // What a client was told is durable: every confirmed or recorded payment survived.
    expect([...confirmedOrders].filter((id) => !paidIds.has(id))).toEqual([]);
    expect([...recordedOrders].filter((id) => !paidIds.has(id))).toEqual([]);
    // The kill came mid-way: some payments had not happened yet.
    const unpaid = purchases.filter((p) => !paidIds.has(p.orderId));
    console.log(
      `  after restart (${restartSeconds.toFixed(1)} s): ${paidIds.size} paid ` +
        `(${confirmedOrders.size} confirmed to clients, ${recordedOrders.size} recorded), ` +
        `${unpaid.length} unpaid, 0 in between`,
    );
    expect(unpaid.length).toBeGreaterThan(0);

    // ---- Every unpaid order is payable: pay them all through the API.
    server = await startServer(storage);
    client = new Client(server.baseUrl, 64);
    const retry = new Stats();
    const outcomes = await Promise.all(
      unpaid.map((purchase) => pay(client, purchase.buyer, purchase, retry)),
    );
    expect(outcomes.filter((o) => o.kind !== 'paid')).toEqual([]);
    // A paid order reads as paid to its buyer.
    for (const purchase of purchases.slice(0, 5)) {
      const order = await client.call<{ data: { order_status: boolean } }>(
        'GET',
        apiUrl(apiRoutes.getOrder, { params: { id: purchase.orderId } }),
        { token: purchase.buyer.token },
      );
      expect(order.status).toBe(200);
      expect(order.body.data.order_status).toBe(true);
    }
    client.close();
    await server.stop();

    const final = await readLedger(storage);
    expect(ledgerProblems(final)).toEqual([]);
    expect(orderStates(final, purchases).every((s) => s.state === 'paid')).toBe(true);
    expect(final.payments).toHaveLength(BUYERS);
  });
});
