/**
 * Push latency (decision 0045): from a message sent (`POST /api/conversations/:id/messages`
 * called) to its push request arriving at a local stand-in push service (so: the message's
 * transaction, the `send-push` job picked up by the queue's worker, encryption, VAPID signing
 * and the request through `app.outbound`). 200 messages, one at a time, from 11 buyers (the
 * per-sender limit is 20 a minute) to one seller with one subscription. In-memory PGlite,
 * JOB_POLL_INTERVAL 2 (PostgreSQL's default; the embedded default is 10, and a job enqueued in
 * a transaction wakes its worker at once either way: jobs/plugin.ts). Prints p50/p95/p99/max in
 * ms as a Markdown table.
 *
 * Run with `npm run bench:push` (options: --messages N).
 */
import { parseArgs } from 'node:util';
import { bearer, registerUser } from '../src/server/test-support/accounts.js';
import { createTestApp } from '../src/server/test-support/app.js';
import { createCategory, createProduct } from '../src/server/test-support/factories.js';
import { startPushService } from '../src/server/test-support/push-service.js';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '200' } } });
const total = Number(values.messages);
const buyers = Math.max(1, Math.ceil(total / 19));

const service = await startPushService();
const t = await createTestApp({
  OUTBOUND_ALLOWED_ORIGINS: service.origin,
  JOB_POLL_INTERVAL: '2',
  LOG_LEVEL: 'silent',
});
try {
  const seller = await registerUser(t.app, { role: 'seller', name: 'Bench Seller' });
  const subscription = service.subscription();
  const subscribed = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: bearer(seller.token),
    payload: subscription.json,
  });
  if (subscribed.statusCode !== 201) throw new Error(`subscribe: ${subscribed.body}`);
  const category = await createCategory(t.database.db);
  const product = await createProduct(t.database.db, {
    categoryId: category.id,
    sellerId: seller.recordId,
  });

  const senders: { token: string; conversation: string }[] = [];
  for (let i = 0; i < buyers; i += 1) {
    const buyer = await registerUser(t.app, { role: 'buyer', name: `Bench Buyer ${i}` });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(buyer.token),
      payload: { product_id: product.id, text: 'Hello' },
    });
    if (started.statusCode !== 201) throw new Error(`start: ${started.body}`);
    senders.push({
      token: buyer.token,
      conversation: started.json<{ conversation_id: string }>().conversation_id,
    });
  }
  // The conversations' first pushes.
  while (service.received.length < buyers) await new Promise((r) => setTimeout(r, 20));

  const latencies: number[] = [];
  for (let i = 0; i < total; i += 1) {
    const sender = senders[Math.floor(i / 19) % senders.length]!;
    const before = service.received.length;
    const start = performance.now();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${sender.conversation}/messages`,
      headers: bearer(sender.token),
      payload: { text: `Message ${i}` },
    });
    if (sent.statusCode !== 201) throw new Error(`send ${i}: ${sent.statusCode} ${sent.body}`);
    while (service.received.length <= before) await new Promise((r) => setImmediate(r));
    latencies.push(service.received[before]!.at - start);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!;
  console.log(`| Messages | p50 ms | p95 ms | p99 ms | max ms |`);
  console.log(`| -------: | -----: | -----: | -----: | -----: |`);
  console.log(
    `| ${total} | ${at(0.5).toFixed(0)} | ${at(0.95).toFixed(0)} | ${at(0.99).toFixed(0)} | ${latencies.at(-1)!.toFixed(0)} |`,
  );
} finally {
  await t.close();
  await service.close();
}
