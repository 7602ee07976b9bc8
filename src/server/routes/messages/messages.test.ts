/**
 * Messages: one conversation per listing and buyer, only its two parties may read or
 * write it, plain text of 1–2,000 characters, read marks and unread counts, blocking, the
 * per-user sending limit, and live delivery over Server-Sent Events on a real HTTP socket.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#contract/messages.js';
import { products } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp, startSecondInstance } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { MESSAGES_PER_MINUTE } from './index.js';
import { messageOf } from '../../test-support/answers.js';

/** The answer of POST /api/conversations (a new or the existing conversation). */
interface Started {
  conversation_id: string;
}
/** The answer of GET /api/conversations/{id}/messages, in the part these tests read. */
interface Thread {
  messages: Message[];
}

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bina Buyer' });
  otherBuyer = await registerUser(t.app, { role: 'buyer', name: 'Omar Other' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sara Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const listingOf = (owner: TestUser) =>
  createProduct(t.database.db, { categoryId, sellerId: owner.recordId });

const start = (as: TestUser, productId: string, text: unknown = 'Is it still for sale?') =>
  t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: bearer(as.token),
    payload: { product_id: productId, text },
  });
const send = (as: TestUser, id: string, text: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/messages`,
    headers: bearer(as.token),
    payload: { text },
  });
const read = (as: TestUser, id: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/conversations/${id}/messages${query}`,
    headers: bearer(as.token),
  });
const list = async (as: TestUser) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(as.token) })
  ).json<
    {
      _id: string;
      unread_count: number;
      role: string;
      other_party: { name: string };
      last_message: { text: string; mine: boolean } | null;
    }[]
  >();
const unread = async (as: TestUser) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/messages/unread-count',
      headers: bearer(as.token),
    })
  ).json<{ unread: number }>().unread;
const block = (as: TestUser, id: string, blocked: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/conversations/${id}/block`,
    headers: bearer(as.token),
    payload: { blocked },
  });

describe('conversations', () => {
  it('one per listing and buyer: started, continued, listed for both parties with unread counts', async () => {
    const product = await listingOf(seller);
    const first = await start(buyer, product.id);
    expect(first.statusCode).toBe(201);
    const id = first.json<Started>().conversation_id;
    const again = await start(buyer, product.id, 'Also, any service history?');
    expect(again.statusCode).toBe(200);
    expect(again.json<Started>().conversation_id).toBe(id);

    const forSeller = (await list(seller)).find((c) => c._id === id)!;
    expect(forSeller).toMatchObject({
      role: 'seller',
      unread_count: 2,
      other_party: { name: 'Bina Buyer' },
      last_message: { text: 'Also, any service history?', mine: false },
    });
    expect(await unread(seller)).toBeGreaterThanOrEqual(2);
    const forBuyer = (await list(buyer)).find((c) => c._id === id)!;
    expect(forBuyer).toMatchObject({ role: 'buyer', unread_count: 0 });

    // Reading marks it read for the reader only.
    const thread = await read(seller, id);
    expect(thread.statusCode).toBe(200);
    expect(thread.json<Thread>().messages.map((m) => m.text)).toEqual([
      'Also, any service history?',
      'Is it still for sale?',
    ]);
    expect((await list(seller)).find((c) => c._id === id)!.unread_count).toBe(0);

    expect((await send(seller, id, 'Yes, full history.')).statusCode).toBe(201);
    expect((await list(buyer)).find((c) => c._id === id)!.unread_count).toBe(1);
  });

  it('keeps text as text, trims it, and refuses empty or over 2,000 characters naming the problem', async () => {
    const product = await listingOf(seller);
    const id = (await start(buyer, product.id)).json<Started>().conversation_id;
    const html = await send(buyer, id, '  <img src=x onerror=alert(1)> hi  ');
    expect(html.statusCode).toBe(201);
    expect(html.json<Message>().text).toBe('<img src=x onerror=alert(1)> hi');
    const empty = await send(buyer, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toContain('Message must not be empty');
    const long = await send(buyer, id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(messageOf(long)).toContain('at most 2000 characters');
    expect((await send(buyer, id, 42)).statusCode).toBe(400);
    expect((await send(buyer, id, 'x'.repeat(2000))).statusCode).toBe(201);
  });

  it('answers 404 to anyone but the two parties, and 403 on your own listing; nothing is written', async () => {
    const product = await listingOf(seller);
    const id = (await start(buyer, product.id)).json<Started>().conversation_id;
    expect((await read(otherBuyer, id)).statusCode).toBe(404);
    expect((await send(otherBuyer, id, 'let me in')).statusCode).toBe(404);
    expect((await block(otherBuyer, id, true)).statusCode).toBe(404);
    expect((await read(buyer, id)).json<Thread>().messages).toHaveLength(1);
    expect((await start(seller, product.id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages` })).statusCode,
    ).toBe(401);
  });

  it('refuses an unknown or removed listing with 404', async () => {
    const product = await listingOf(seller);
    await t.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, product.id));
    expect((await start(buyer, product.id)).statusCode).toBe(404);
    expect((await start(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await start(buyer, 'not-an-id')).statusCode).toBe(400);
  });

  it('a blocked conversation takes no messages; only the blocker unblocks', async () => {
    const product = await listingOf(seller);
    const id = (await start(buyer, product.id)).json<Started>().conversation_id;
    expect((await block(seller, id, true)).json()).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    });
    const refused = await send(buyer, id, 'hello?');
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe('This conversation is blocked.');
    expect((await start(buyer, product.id)).statusCode).toBe(403);
    expect((await block(buyer, id, false)).statusCode).toBe(403);
    const unblocked = await block(seller, id, false);
    expect(unblocked.json<{ modifiedCount: number }>().modifiedCount).toBe(1);
    expect((await send(buyer, id, 'hello again')).statusCode).toBe(201);
  });

  it(`limits a user to ${MESSAGES_PER_MINUTE} messages a minute (429)`, async () => {
    const chatty = await registerUser(t.app, { role: 'buyer' });
    const product = await listingOf(seller);
    const id = (await start(chatty, product.id)).json<Started>().conversation_id;
    const statuses: number[] = [];
    for (let i = 1; i < MESSAGES_PER_MINUTE; i += 1) {
      statuses.push((await send(chatty, id, `message ${i}`)).statusCode);
    }
    expect(statuses.every((status) => status === 201)).toBe(true);
    const over = await send(chatty, id, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(messageOf(over)).toContain(`${MESSAGES_PER_MINUTE} messages a minute`);
  });
});

describe('GET /api/messages/stream', () => {
  it('refuses a bad max_seconds with 400 naming it, and ends a probe (0) at once', async () => {
    for (const bad of ['-1', '3601', 'soon', '1.5']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/messages/stream?max_seconds=${bad}`,
        headers: bearer(seller.token),
      });
      expect(response.statusCode, bad).toBe(400);
      expect(messageOf(response)).toContain('max_seconds');
    }
    const probe = await t.app.inject({
      method: 'GET',
      url: '/api/messages/stream?max_seconds=0',
      headers: bearer(seller.token),
    });
    expect(probe.statusCode).toBe(200);
    expect(probe.body).toBe('event: ready\ndata: {}\n\n');
  });

  it('pushes a new message to the recipient, live, over a real socket', async () => {
    const product = await listingOf(seller);
    const id = (await start(buyer, product.id)).json<Started>().conversation_id;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/messages/stream?max_seconds=30`, {
      headers: bearer(seller.token),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${received}`);
        received += value;
      }
    };
    await readUntil('event: ready');
    expect((await send(buyer, id, 'Can I see it on Saturday?')).statusCode).toBe(201);
    await readUntil('Can I see it on Saturday?');
    const event = received.split('\n\n').find((chunk) => chunk.startsWith('event: message'))!;
    const data: unknown = JSON.parse(
      event
        .split('\n')
        .find((line) => line.startsWith('data: '))!
        .slice(6),
    );
    expect(data).toMatchObject({
      conversation_id: id,
      text: 'Can I see it on Saturday?',
      mine: false,
    });
    controller.abort();
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await startSecondInstance(t);
  });
  afterAll(() => other.close());

  it('a message sent through one instance arrives live on a stream of the other', async () => {
    const product = await listingOf(seller);
    const id = (await start(buyer, product.id)).json<Started>().conversation_id;
    const address = await other.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/messages/stream?max_seconds=30`, {
      headers: bearer(seller.token),
      signal: controller.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${received}`);
        received += value;
      }
    };
    await readUntil('event: ready');
    // Sent through the first instance (t.app); the stream is open on the other.
    expect((await send(buyer, id, 'Sent through the other instance')).statusCode).toBe(201);
    await readUntil('Sent through the other instance');
    expect(received).toContain('"mine":false');
    controller.abort();
  });
});
