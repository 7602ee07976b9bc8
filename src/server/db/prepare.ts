/**
 * Opens the configured database, applies migrations, and loads the demo data into an empty
 * database when SEED_DEMO is on (the quick start's "first start").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { createDemoIdentities, ensureAdminAccount } from '../auth/identities.js';
import { backfillCategoryKeys } from '../catalog/category-names.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { lockDataDir } from './data-dir-lock.js';
import { withPreparationLock } from './preparation-lock.js';
import { isDatabaseEmpty, seedDemoData } from './demo/seed.js';
import { createImageStore } from '../storage/image-store.js';

/**
 * Opens (PGlite in `DATA_DIR/db`, or `DATABASE_URL`) the database.
 * @throws DataDirLockedError when another process has the embedded database open.
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
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
  // One process at a time on these files (data-dir-lock.ts): refused while another holds them.
  const unlock = await lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dir });
    return { ...database, close: () => database.close().finally(unlock) };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * Migrates; seeds demo data when the database holds no categories yet and `seedDemo` is on, then
 * creates the demo accounts' identities (sign-in with DEMO_PASSWORD); finally ensures the
 * operator's admin account when ADMIN_EMAIL/ADMIN_PASSWORD are set (idempotent, every start).
 * @returns whether demo data was loaded.
 */
export async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<boolean> {
  return withPreparationLock(database, () => prepareUnlocked(database, config));
}

export { PREPARATION_LOCK_KEY } from './preparation-lock.js';

async function prepareUnlocked(database: DatabaseHandle, config: Config): Promise<boolean> {
  await database.migrate();
  await backfillCategoryKeys(database.db);
  let seeded = false;
  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    const imageStore = await createImageStore(config.imageStorage);
    try {
      await seedDemoData(database.db, { imageStore });
    } finally {
      await imageStore.close();
    }
    await createDemoIdentities(database.db);
    seeded = true;
  }
  if (config.admin) await ensureAdminAccount(database.db, config.admin);
  return seeded;
}

/** True when the embedded database has not been created yet (no `PG_VERSION` in DATA_DIR/db). */
export function isNewEmbeddedDatabase(config: Config): boolean {
  return !config.databaseUrl && !existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'));
}

/**
 * Runs prepare-cli in a child process with the same environment (see there for why), and
 * resolves whether it loaded demo data.
 * @throws Error with the child's output when it fails.
 */
export function prepareInChildProcess(): Promise<boolean> {
  const here = fileURLToPath(import.meta.url);
  const script = path.join(path.dirname(here), `prepare-cli${path.extname(here)}`);
  const child = spawn(process.execPath, [...process.execArgv, script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) {
        reject(new Error(`preparing the new database failed:\n${stderr || stdout}`));
        return;
      }
      try {
        resolve((JSON.parse(last) as { seeded: boolean }).seeded);
      } catch {
        reject(new Error(`preparing the new database gave no result:\n${stdout}${stderr}`));
      }
    });
  });
}
