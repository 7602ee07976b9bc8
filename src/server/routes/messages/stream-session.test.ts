/**
 * A live message stream ends with its session: `GET /api/messages/stream` is checked when it
 * opens and then again whenever a write anywhere may have ended a session (the `sessions`
 * signal, which reaches every instance; not after every write, such as a message sent) and
 * every few seconds, and it ends at its token's expiry. Open streams are capped per user and per instance with a clear refusal, and the
 * stream carries the API's security headers. Over real sockets.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieFrom,
  registerUser,
  signIn,
  testOrigin,
  type TestUser,
} from '../../test-support/accounts.js';
import {
  createTestApp,
  startSecondInstance,
  testConfig,
  type TestApp,
} from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { MESSAGE_STREAMS_PER_USER } from './index.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `second-gear-test-${randomUUID()}:`,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface OpenStream {
  response: Response;
  /** Resolves when the server ends the stream; rejects after `ms` without an end. */
  ended(ms?: number): Promise<void>;
  close(): void;
}

/** Opens a stream with `token` on `origin` and reads it in the background. */
async function openStream(origin: string, token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/messages/stream?max_seconds=600`, {
    headers: bearer(token),
    signal: controller.signal,
  });
  let done = false;
  const finished =
    response.status === 200
      ? (async () => {
          const reader = response.body!.getReader();
          for (;;) {
            const chunk = await reader.read().catch(() => ({ done: true }));
            if (chunk.done) break;
          }
          done = true;
        })()
      : Promise.resolve();
  return {
    response,
    ended: (ms = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the stream was still open after ${ms} ms`)),
          ms,
        );
        void finished.then(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    close: () => {
      if (!done) controller.abort();
    },
  };
}

describe('a live stream ends with its session', () => {
  it('on sign-out of its session', async () => {
    const user = await registerUser(t.app);
    const stream = await openStream(base, user.token);
    expect(stream.response.status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: testOrigin },
    });
    expect(out.statusCode, out.body).toBe(200);
    await stream.ended();
  });

  it('on the deletion of the account by its owner', async () => {
    const user = await registerUser(t.app);
    const stream = await openStream(base, user.token);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: bearer(user.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await stream.ended();
  });

  it("on an admin's deletion of the account", async () => {
    const admin = await registerUser(t.app, { admin: true });
    const user = await registerUser(t.app, { role: 'seller' });
    const stream = await openStream(base, user.token);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user-delete/${admin.uid}?id=${user.recordId}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await stream.ended();
  });

  it("when its token expires, and the same user's other session keeps its stream", async () => {
    const user = await registerUser(t.app);
    const { sessionId } = await t.app.apiTokens.verify(user.token);
    const shortLived = await t.app.apiTokens.issue({ uid: user.uid, sessionId }, 2);
    const stream = await openStream(base, shortLived);
    expect(stream.response.status).toBe(200);
    const other = await openStream(base, user.token);
    await stream.ended();
    other.close();
  });

  it('but not when another session of the user ends', async () => {
    const user = await registerUser(t.app);
    const second = await signIn(t.app, user.email, user.password);
    const stream = await openStream(base, user.token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: cookieFrom(second), origin: testOrigin },
    });
    expect(out.statusCode).toBe(200);
    // Still open after the check that the sign-out's signal ran, and the periodic one.
    await expect(stream.ended(7_000)).rejects.toThrow(/still open/);
    stream.close();
  });
});

describe('which writes make the streams check their sessions', () => {
  it('a sign-out and an account deletion do; signing in and a message sent do not', async () => {
    const sessions = () => t.app.invalidation.generation('sessions');
    const seller = await registerUser(t.app, { role: 'seller' });
    const buyer = await registerUser(t.app);
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, {
      categoryId: category.id,
      sellerId: seller.recordId,
    });
    let before = sessions();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(buyer.token),
      payload: { product_id: product.id, text: 'Is it still for sale?' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { conversation_id } = started.json<{ conversation_id: string }>();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation_id}/messages`,
      headers: bearer(seller.token),
      payload: { text: 'Yes, come and see it.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sessions()).toBe(before);

    const second = await signIn(t.app, buyer.email, buyer.password);
    expect(sessions(), 'signing in ends no session').toBe(before);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: cookieFrom(second), origin: testOrigin },
    });
    expect(out.statusCode).toBe(200);
    expect(sessions()).toBeGreaterThan(before);

    before = sessions();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: bearer(buyer.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(sessions()).toBeGreaterThan(before);
  });
});

describe('on every instance', () => {
  let other: FastifyInstance;
  let otherBase: string;
  beforeAll(async () => {
    other = await startSecondInstance(t, {
      ...testConfig({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: t.config.redis!.keyPrefix }),
      dataDir: t.config.dataDir,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  });
  afterAll(() => other.close());

  it('a sign-out through one instance ends the stream open on the other', async () => {
    const user = await registerUser(t.app);
    const stream = await openStream(otherBase, user.token);
    expect(stream.response.status).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: testOrigin },
    });
    expect(out.statusCode).toBe(200);
    await stream.ended();
  });
});

describe('limits and headers of the stream', () => {
  it(`refuses a user's stream past ${MESSAGE_STREAMS_PER_USER} open ones with 429, saying why`, async () => {
    const user: TestUser = await registerUser(t.app);
    const open: OpenStream[] = [];
    for (let i = 0; i < MESSAGE_STREAMS_PER_USER; i++) {
      const stream = await openStream(base, user.token);
      expect(stream.response.status).toBe(200);
      open.push(stream);
    }
    const refused = await openStream(base, user.token);
    expect(refused.response.status).toBe(429);
    expect(((await refused.response.json()) as { message: string }).message).toMatch(
      /at most 5 live message streams/,
    );
    const closed = open.pop()!;
    closed.close();
    // Once the server has seen that one close, a new one is let in.
    let again = await openStream(base, user.token);
    for (let i = 0; i < 100 && again.response.status === 429; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await openStream(base, user.token);
    }
    expect(again.response.status).toBe(200);
    again.close();
    for (const stream of open) stream.close();
  });

  it('refuses past the instance cap with 503 and retry-after', async () => {
    const small = await createTestApp({ MESSAGE_STREAMS_MAX: '2' });
    try {
      await small.app.listen({ port: 0, host: '127.0.0.1' });
      const smallBase = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`;
      const users = [
        await registerUser(small.app),
        await registerUser(small.app),
        await registerUser(small.app),
      ];
      const a = await openStream(smallBase, users[0]!.token);
      const b = await openStream(smallBase, users[1]!.token);
      const refused = await openStream(smallBase, users[2]!.token);
      expect(refused.response.status).toBe(503);
      expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
      a.close();
      b.close();
    } finally {
      await small.close();
    }
    // It builds an app of its own: over 30 s on a loaded 2-core machine.
  }, 120_000);

  it("carries the API's security headers", async () => {
    const user = await registerUser(t.app);
    const stream = await openStream(base, user.token);
    const plain = await fetch(`${base}/api/categories`);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'x-frame-options',
      'referrer-policy',
    ]) {
      expect(stream.response.headers.get(name), name).toBe(plain.headers.get(name));
    }
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(stream.response.headers.get('cache-control')).toBe('private, no-store');
    stream.close();
  });
});
