/**
 * Several instances: with REDIS_URL the write limit is counted in Redis (the server on
 * 127.0.0.1:6379), so two instances share it, and so are the failed sign-ins per account and
 * client (decision 0030); an unreachable Redis lets requests and sign-ins through.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  createTestApp,
  testConfig,
  type TestApp,
  startSecondInstance,
} from '../test-support/app.js';
import { loadConfig } from '../config.js';
import { testOrigin } from '../test-support/accounts.js';
import { messageOf } from '../test-support/answers.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const limit = 4;

/** One write under /api (refused for want of a token, but counted first). */
const write = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/categories', payload: { category_name: 'X' } });

describe('write limit in Redis, shared by two instances', () => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl,
      // A key space of this run only: nothing left by another run counts.
      REDIS_KEY_PREFIX: `second-gear-test-${randomUUID()}:`,
      WRITE_RATE_LIMIT_MAX: String(limit),
      AUTH_ACCOUNT_RATE_LIMIT_MAX: '2',
    };
    t = await createTestApp(env);
    other = await startSecondInstance(t, { ...testConfig(env), dataDir: t.config.dataDir });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('counts writes on either instance against one limit', async () => {
    const statuses = [];
    for (let i = 0; i < limit; i++) statuses.push((await write(i % 2 ? other : t.app)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const refused = await write(t.app);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await write(other)).statusCode).toBe(429);
  });

  it('counts failed sign-ins per account and client on either instance against one limit', async () => {
    const signIn = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testOrigin },
        payload: { email: 'shared@example.test', password: 'wrong-guess' },
        remoteAddress,
      });
    expect((await signIn(t.app, '192.0.2.70')).statusCode).toBe(401);
    expect((await signIn(other, '192.0.2.70')).statusCode).toBe(401);
    const refused = await signIn(t.app, '192.0.2.70');
    expect(refused.statusCode).toBe(429);
    expect((await signIn(other, '192.0.2.70')).statusCode).toBe(429);
    expect((await signIn(other, '192.0.2.71')).statusCode).toBe(401);
  });

  it('counts parallel sign-ins on both instances when they are checked: at most the limit get through', async () => {
    const signIn = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testOrigin },
        payload: { email: 'parallel@example.test', password: 'wrong-guess' },
        remoteAddress: '192.0.2.72',
      });
    // Four: within the write limit (also counted per address), twice the account limit.
    const answers = await Promise.all(
      Array.from({ length: limit }, (_, i) => signIn(i % 2 ? other : t.app)),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(limit - 2);
    for (const response of answers.filter((answer) => answer.statusCode === 429)) {
      expect(messageOf(response)).toMatch(/^Too many failed sign-ins for this account/);
    }
  });
});

describe('without a shared store', () => {
  it('an unreachable Redis lets writes and sign-ins through instead of refusing them', async () => {
    const t = await createTestApp({
      REDIS_URL: 'redis://127.0.0.1:1',
      WRITE_RATE_LIMIT_MAX: '1',
      AUTH_ACCOUNT_RATE_LIMIT_MAX: '1',
    });
    try {
      expect((await write(t.app)).statusCode).toBe(401);
      expect((await write(t.app)).statusCode).toBe(401);
      // Failed sign-ins too: an outage must not lock anyone out.
      for (let i = 0; i < 2; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: testOrigin },
          payload: { email: 'outage@example.test', password: 'wrong-guess' },
          remoteAddress: '192.0.2.73',
        });
        expect(response.statusCode).toBe(401);
      }
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses a REDIS_URL that is not a redis:// URL', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL',
    );
  });
});
