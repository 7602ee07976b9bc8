/** Builds the app on a fresh test database (for `app.inject` tests). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase, replicaEnvOf } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * Config for tests: silent logs, a temporary DATA_DIR, no demo data, and rate limits and
 * per-account caps high enough that ordinary tests never meet them; `env` overrides.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_MAX: '10000',
    AUTH_ACCOUNT_RATE_LIMIT_MAX: '10000',
    WRITE_RATE_LIMIT_MAX: '100000',
    // The per-account upload caps are tested on their own (lowered there).
    UPLOAD_DAILY_MAX_COUNT: '10000',
    CATEGORY_DAILY_MAX: '10000',
    BOOKING_OPEN_MAX: '10000',
    BOOKING_DAILY_MAX: '10000',
    // Scripted clients: the first-contact cap and the proof of work are tested on their own.
    FIRST_CONTACT_DAILY_MAX: '10000',
    PROOF_OF_WORK: 'off',
    ...env,
  });
}

/**
 * A ready app on a new migrated database; `close()` removes both. When the run has read replicas
 * (DATABASE_REPLICA_URLS beside DATABASE_URL), the app reads public pages from them
 * (`replicaEnvOf`, decision 0050); `env` may switch that off with `DATABASE_REPLICA_URLS: ''`.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  let config: Config;
  try {
    config = testConfig({ ...replicaEnvOf(database), ...env });
  } catch (error) {
    await database.close();
    throw error;
  }
  // No SPA: API tests must not depend on whether `dist/web` has been built.
  const app = await buildApp({ config, database, webDir: path.join(config.dataDir, 'no-spa') });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance of the app on `t`'s database, as a second process behind a load balancer
 * would be: its own caches and listeners, the same data. `config` defaults to `t`'s;
 * the caller closes it.
 */
export async function startSecondInstance(
  t: TestApp,
  config: Config = t.config,
): Promise<FastifyInstance> {
  const app = await buildApp({
    config,
    database: t.database,
    webDir: path.join(t.config.dataDir, 'no-spa'),
  });
  await app.ready();
  return app;
}
