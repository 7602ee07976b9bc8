/**
 * Opens the configured database, applies migrations, and loads the demo data into an empty
 * database when SEED_DEMO is on (the quick start's "first start").
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { createDemoIdentities, ensureAdminAccount } from '../auth/identities.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { isDatabaseEmpty, seedDemoData } from './demo/seed.js';

/** Opens (PGlite in `DATA_DIR/db`, or `DATABASE_URL`) and migrates the database. */
export async function openConfiguredDatabase(
  config: Config,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openDatabase(
      { kind: 'postgres', url: config.databaseUrl },
      { onPoolError: (error) => log?.warn({ err: error }, 'idle database connection failed') },
    );
  }
  const dir = path.join(config.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  return openDatabase({ kind: 'pglite', dir });
}

/**
 * Migrates; seeds demo data when the database holds no categories yet and `seedDemo` is on, then
 * creates the demo accounts' identities (sign-in with DEMO_PASSWORD); finally ensures the
 * operator's admin account when ADMIN_EMAIL/ADMIN_PASSWORD are set (idempotent, every start).
 * @returns whether demo data was loaded.
 */
export async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<boolean> {
  await database.migrate();
  let seeded = false;
  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db, { uploadsDir: path.join(config.dataDir, 'uploads') });
    await createDemoIdentities(database.db);
    seeded = true;
  }
  if (config.admin) await ensureAdminAccount(database.db, config.admin);
  return seeded;
}
