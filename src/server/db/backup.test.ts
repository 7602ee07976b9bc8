/**
 * Backup and restore of an embedded installation (db/backup.ts, decision 0032): an installation
 * with the demo data (users, listings, orders, photos) is backed up, restored into a fresh
 * DATA_DIR, and every user, listing, order and photo is there again. PGlite only: a PostgreSQL
 * server is backed up with pg_dump (docs/deploy.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { createDiskImageStore } from '../storage/image-store.js';
import { BackupError, restoreBackup, writeBackup } from './backup.js';
import { DATA_DIR_LOCK, DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { seedDemoData } from './demo/seed.js';
import { openConfiguredDatabase } from './prepare.js';
import { orders, products, users } from './schema.js';
import type { Database } from './client.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'second-gear-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An embedded installation's config in `scratch/<name>` (no DATABASE_URL, whatever the run). */
const configIn = (name: string): Config =>
  loadConfig({ DATA_DIR: path.join(scratch, name), LOG_LEVEL: 'silent', SEED_DEMO: 'false' });

/** What must survive: every user, listing and order (their ids and key fields), and the photos. */
async function contents(db: Database) {
  return {
    users: await db
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .orderBy(asc(users.id)),
    listings: await db
      .select({ id: products.id, name: products.productName, images: products.productImages })
      .from(products)
      .orderBy(asc(products.id)),
    orders: await db
      .select({ id: orders.id, productId: orders.productId, buyerId: orders.buyerId })
      .from(orders)
      .orderBy(asc(orders.id)),
  };
}

/** Every file under `dir` with its bytes, by relative path. */
function filesOf(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, full), readFileSync(full));
  }
  return found;
}

describe('npm run backup / npm run restore', () => {
  const source = configIn('source');
  const archive = path.join(scratch, 'second-gear.backup.tar.gz');
  let before: Awaited<ReturnType<typeof contents>>;

  beforeAll(async () => {
    const database = await openConfiguredDatabase(source);
    try {
      await database.migrate();
      const imageStore = createDiskImageStore(path.join(source.dataDir, 'uploads'));
      await seedDemoData(database.db, { imageStore });
      await imageStore.close();
      before = await contents(database.db);
    } finally {
      await database.close();
    }
    writeFileSync(path.join(source.dataDir, 'auth-secret'), 'a'.repeat(64), { mode: 0o600 });
  }, 240_000);

  it('refuses while another holder has the database open', async () => {
    // A live lock (another process's is data-dir-lock.test.ts's); the backup waits for it to go
    // stale, which a renewed lock never does, then refuses.
    const unlock = await lockDataDir(source.dataDir);
    try {
      const refusal = await writeBackup(source, archive).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as Error).message).toMatch(/is in use by another process/);
      expect(existsSync(archive)).toBe(false);
    } finally {
      await unlock();
    }
  }, 60_000);

  it('backs up, and restores into a fresh DATA_DIR every user, listing, order and photo', async () => {
    expect(before.users.length).toBeGreaterThan(0);
    expect(before.listings.length).toBeGreaterThan(0);
    expect(before.orders.length).toBeGreaterThan(0);
    const summary = await writeBackup(source, archive);
    const uploads = filesOf(path.join(source.dataDir, 'uploads'));
    expect(summary).toMatchObject({ uploads: uploads.size, authSecret: true });
    expect(uploads.size).toBeGreaterThan(0);
    // The lock was released: the database opens again.
    expect(existsSync(path.join(source.dataDir, DATA_DIR_LOCK))).toBe(false);
    // A standard tar archive: the system's tar lists it.
    const listing = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n');
    expect(listing.slice(0, 3)).toEqual(['second-gear-backup.json', 'db.tar', 'auth-secret']);

    const target = configIn('restored');
    const restored = await restoreBackup(target, archive);
    expect(restored).toEqual(summary);
    const database = await openConfiguredDatabase(target);
    try {
      await database.migrate();
      expect(await contents(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
    const restoredUploads = filesOf(path.join(target.dataDir, 'uploads'));
    expect(restoredUploads).toEqual(uploads);
    for (const listing of before.listings) {
      for (const image of listing.images) {
        expect(restoredUploads.has(path.basename(image)), image).toBe(true);
      }
    }
    expect(readFileSync(path.join(target.dataDir, 'auth-secret'), 'utf8')).toBe('a'.repeat(64));
  }, 240_000);

  it('never overwrites: an existing archive, a DATA_DIR that is not empty', async () => {
    await expect(writeBackup(source, archive)).rejects.toThrow(/already exists/);
    await expect(restoreBackup(source, archive)).rejects.toThrow(BackupError);
    await expect(restoreBackup(source, archive)).rejects.toThrow(/is not empty/);
  });

  it('refuses a file that is not a backup, and leaves the DATA_DIR empty', async () => {
    const bogus = path.join(scratch, 'not-a-backup.tar.gz');
    writeFileSync(bogus, 'hello');
    const target = configIn('bogus');
    await expect(restoreBackup(target, bogus)).rejects.toThrow(/not a Second Gear backup/);
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('sends a PostgreSQL server to pg_dump', async () => {
    const config = loadConfig({
      DATA_DIR: path.join(scratch, 'pg'),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none',
    });
    await expect(writeBackup(config, path.join(scratch, 'pg.tar.gz'))).rejects.toThrow(/pg_dump/);
  });
});
