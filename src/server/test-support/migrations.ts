/**
 * A database migrated up to, not including, one migration, for the tests that prove what a
 * migration does to data in the shape it had before (decision 0008: migrations are written by
 * hand). PGlite: the migrations are plain PostgreSQL 15.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrationsDir } from '../paths.js';

interface JournalEntry {
  idx: number;
  tag: string;
}

/**
 * A fresh embedded database with every migration before `tag` applied (a copy of the migrations
 * folder whose journal ends there). `handle.migrate()` then applies `tag` and the rest; `close`
 * closes the database and removes the copy.
 * @throws Error when no migration is named `tag`, or it is the first.
 */
export async function databaseBefore(
  tag: string,
): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sg-migrations-'));
  await cp(migrationsDir, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: JournalEntry[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 1) throw new Error(`No migration ${tag} after the first in the journal.`);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  const handle = await openDatabase({ kind: 'pglite' });
  await migrate(handle.db as never, { migrationsFolder: folder });
  return {
    handle,
    async close() {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
