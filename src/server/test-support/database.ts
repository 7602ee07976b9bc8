/**
 * Fresh, migrated databases for tests (decision 0001: each test file gets its own), copied from a
 * template that is migrated once per test run (decision 0008):
 *
 * - PGlite (default): vitest's global set-up (global-setup.ts) migrates one in-memory PGlite and
 *   dumps its data directory to a tarball; each test database is a new in-memory PGlite loaded
 *   from it (`loadDataDir`, ~0.5 s) instead of an empty cluster that initdb and every migration
 *   must build (~4–5 s on the 2-core machine).
 * - PostgreSQL (`DATABASE_URL`): the global set-up migrates a template database once; each test
 *   database is `CREATE DATABASE … TEMPLATE` of it, and `close()` drops it.
 *
 * Without the global set-up (a file run under another vitest config), a database is migrated
 * from scratch, as before.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';

/** Where the run's template is: a PGlite dump file or a PostgreSQL database name. */
export type DatabaseTemplate =
  { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template of this run (global-setup.ts); absent under other configs. */
    databaseTemplate?: DatabaseTemplate;
  }
}

/** SQLSTATE 55006: the template is in use (another session is connected to it). */
const OBJECT_IN_USE = '55006';

/** `url` with its database name replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/**
 * The read replicas of a test database (decision 0050): with DATABASE_URL and
 * DATABASE_REPLICA_URLS set for the run (streaming standbys of that server, e.g. from
 * scripts/pg-replica.sh), the same database on each replica, as config variables; `{}` otherwise.
 * A standby holds every database of its primary, the test database included.
 */
export function replicaEnvOf(database: DatabaseHandle): Record<string, string> {
  const replicas = process.env.DATABASE_REPLICA_URLS?.split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  if (!replicas?.length || database.kind !== 'postgres' || !database.url) return {};
  const name = new URL(database.url).pathname.slice(1);
  return {
    DATABASE_URL: database.url,
    DATABASE_REPLICA_URLS: replicas.map((url) => withDatabase(url, name)).join(','),
  };
}

/** Runs `sql` on the server's maintenance connection (the DATABASE_URL database). */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Makes the run's template: a migrated PGlite dumped to a file in the temporary folder, or a
 * migrated database on the DATABASE_URL server.
 * @returns the template and a function that removes it.
 */
export async function createDatabaseTemplate(): Promise<{
  template: DatabaseTemplate;
  dispose: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: loading it is faster than gunzipping, and it lives for one run.
    const dump = await client.dumpDataDir('none');
    await handle.close();
    const file = path.join(os.tmpdir(), `second-gear-template-${suffix}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { template: { kind: 'pglite', file }, dispose: () => rm(file, { force: true }) };
  }
  const name = `sg_template_${suffix}`;
  await onServer(serverUrl, `create database ${name}`);
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, name) });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return {
    template: { kind: 'postgres', name },
    dispose: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The template of this run, when vitest's global set-up made one. */
function runTemplate(): DatabaseTemplate | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

/** Opens a new database with every migration applied (from the run's template when there is one). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  const template = runTemplate();
  if (!serverUrl) {
    if (template?.kind === 'pglite') {
      const loadDataDir = new Blob([await readFile(template.file)]);
      return openDatabase({ kind: 'pglite', loadDataDir });
    }
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return handle;
  }
  const name = `sg_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (template?.kind === 'postgres') {
    await createFromTemplate(serverUrl, name, template.name);
  } else {
    await onServer(serverUrl, `create database ${name}`);
  }
  const handle = await openDatabase(
    { kind: 'postgres', url: withDatabase(serverUrl, name) },
    { poolSize: 5 },
  );
  if (template?.kind !== 'postgres') await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * `CREATE DATABASE name TEMPLATE template`. PostgreSQL refuses while another session is
 * connected to the template (55006); nothing of ours stays connected to it, but another run's
 * copy may be starting, so a few short retries.
 */
async function createFromTemplate(serverUrl: string, name: string, template: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(serverUrl, `create database ${name} template ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== OBJECT_IN_USE || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
