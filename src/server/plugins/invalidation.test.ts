/**
 * Several instances: the invalidation signals and peer notes travel through Redis
 * pub/sub when REDIS_URL is set (the server on 127.0.0.1:6379, a key prefix of this run only).
 * Two apps on one database play two instances, on PGlite as on a PostgreSQL server: with Redis
 * they reach each other even where PostgreSQL NOTIFY does not exist. A subscription killed in
 * Redis is reopened, and the instance treats everything as changed.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  createTestApp,
  testConfig,
  type TestApp,
  startSecondInstance,
} from '../test-support/app.js';
import { bearer, registerUser } from '../test-support/accounts.js';
import { redisInvalidationChannel } from './invalidation.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Polls `check` every 10 ms until it holds or `ms` pass; true when it held. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 3_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe('signals between instances through Redis', () => {
  const prefix = `second-gear-test-${randomUUID()}:`;
  let t: TestApp;
  let other: FastifyInstance;
  let admin: Redis;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
    t = await createTestApp(env);
    other = await startSecondInstance(t, { ...testConfig(env), dataDir: t.config.dataDir });
    admin = new Redis(redisUrl);
  });
  afterAll(async () => {
    admin?.disconnect();
    await other?.close();
    await t?.close();
  });

  it('uses Redis, on a channel under the key prefix', async () => {
    expect(t.app.invalidation.transport).toBe('redis');
    expect(other.invalidation.transport).toBe('redis');
    const [, subscribers] = (await admin.pubsub('NUMSUB', redisInvalidationChannel(prefix))) as [
      string,
      number,
    ];
    expect(subscribers).toBe(2);
  });

  it('a signal published on one instance raises the topic on the other', async () => {
    const before = other.invalidation.generation('public');
    const callers = other.invalidation.generation('callers');
    t.app.invalidation.publish('public');
    expect(await eventually(() => other.invalidation.generation('public') > before)).toBe(true);
    expect(other.invalidation.generation('callers')).toBe(callers);
  });

  it('a write through one instance raises both topics on the other', async () => {
    const publicBefore = other.invalidation.generation('public');
    const callersBefore = other.invalidation.generation('callers');
    const seller = await registerUser(t.app, { role: 'seller' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(seller.token),
      payload: { category_name: 'Signalled' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      await eventually(
        () =>
          other.invalidation.generation('public') > publicBefore &&
          other.invalidation.generation('callers') > callersBefore,
      ),
    ).toBe(true);
  });

  it('carries peer notes to the other instances, never back to the sender', async () => {
    const received: string[][] = [];
    const echoed: string[][] = [];
    other.peers.on('message', (fields) => received.push(fields));
    t.app.peers.on('message', (fields) => echoed.push(fields));
    t.app.peers.send('message', ['m1', 's1', 'r1']);
    expect(await eventually(() => received.length > 0)).toBe(true);
    expect(received).toEqual([['m1', 's1', 'r1']]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(echoed).toEqual([]);
  });

  it('reopens a lost subscription and treats everything as changed', async () => {
    const clients = (await admin.client('LIST')) as string;
    const ids = clients
      .split('\n')
      .filter((line) => line.includes(`name=${prefix}invalidation:`))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1]);
    expect(ids).toHaveLength(2);
    const publicBefore = other.invalidation.generation('public');
    const callersBefore = other.invalidation.generation('callers');
    // Both subscriptions (one per instance) dropped by the server.
    for (const id of ids) await admin.client('KILL', 'ID', id!);
    expect(
      await eventually(
        () =>
          other.invalidation.generation('public') > publicBefore &&
          other.invalidation.generation('callers') > callersBefore,
      ),
    ).toBe(true);
    // Subscribed again: signals flow once more.
    expect(
      await eventually(async () => {
        const [, n] = (await admin.pubsub('NUMSUB', redisInvalidationChannel(prefix))) as [
          string,
          number,
        ];
        return n === 2;
      }),
    ).toBe(true);
    const before = other.invalidation.generation('public');
    t.app.invalidation.publish('public');
    expect(await eventually(() => other.invalidation.generation('public') > before)).toBe(true);
  });
});

describe('signals sent while Redis was out of reach', () => {
  it('are made up for by an "everything changed" signal once the publisher is back', async () => {
    const prefix = `second-gear-test-${randomUUID()}:`;
    const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
    const t = await createTestApp(env);
    const other = await startSecondInstance(t, { ...testConfig(env), dataDir: t.config.dataDir });
    const admin = new Redis(redisUrl);
    try {
      const clients = (await admin.client('LIST')) as string;
      const publishers = clients
        .split('\n')
        .filter((line) => line.includes(`name=${prefix}invalidation-publisher:`))
        .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1]);
      expect(publishers).toHaveLength(2);
      // Let the subscriptions' own start-up signals pass first.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const callers = other.invalidation.generation('callers');
      for (const id of publishers) await admin.client('KILL', 'ID', id!);
      // The publishers notice at once and reconnect after 100 ms: this one cannot be sent.
      await new Promise((resolve) => setTimeout(resolve, 30));
      t.app.invalidation.publish('public');
      // Only `public` was published, but the make-up signal raises every topic.
      expect(await eventually(() => other.invalidation.generation('callers') > callers)).toBe(true);
    } finally {
      admin.disconnect();
      await other.close();
      await t.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL NOTIFY (no Redis)', () => {
  it('reopens a lost listening connection and treats everything as changed', async () => {
    const t = await createTestApp();
    const other = await startSecondInstance(t);
    try {
      expect(other.invalidation.transport).toBe('postgres');
      const before = other.invalidation.generation('public');
      // Both listening connections of this test's own database, ended by the server.
      const admin = new pg.Client({ connectionString: t.database.url });
      await admin.connect();
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN %'`,
      );
      await admin.end();
      expect(ended.rowCount).toBe(2);
      expect(await eventually(() => other.invalidation.generation('public') > before)).toBe(true);
      // Listening again after a second: a signal from the first instance arrives.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const next = other.invalidation.generation('public');
      t.app.invalidation.publish('public');
      expect(await eventually(() => other.invalidation.generation('public') > next)).toBe(true);
    } finally {
      await other.close();
      await t.close();
    }
  });
});

describe('without Redis', () => {
  it('uses PostgreSQL NOTIFY on a server, and nothing on the embedded database', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.invalidation.transport).toBe(process.env.DATABASE_URL ? 'postgres' : 'none');
    } finally {
      await t.close();
    }
  });
});
