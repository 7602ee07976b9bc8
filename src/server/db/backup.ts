/**
 * Backup and restore of an embedded installation (decision 0032): one archive holding the PGlite
 * database, the uploads and the generated sign-in secret of `DATA_DIR`.
 *
 * The archive is a gzip-compressed tar (`tar -tzf` lists it):
 * - `second-gear-backup.json`: what it is (`format`, `version`, `createdAt`, counts);
 * - `db.tar`: PGlite's own dump of its data directory (`dumpDataDir`, uncompressed: the whole
 *   archive is compressed once), which `PGlite.create(…, { loadDataDir })` opens again;
 * - `auth-secret`, when AUTH_SECRET is not set and the server generated one (without it every
 *   session and API token of the restored installation would be refused);
 * - `uploads/<name>`: every file of `DATA_DIR/uploads` (not with S3_BUCKET: the bucket is backed
 *   up by its own tools, docs/deploy.md).
 *
 * Consistency: the backup takes the embedded database's lock (data-dir-lock.ts), so it runs only
 * while no server has the database open and refuses otherwise; nothing can change either the
 * database or the uploads meanwhile. A restore writes only into an empty (or missing) DATA_DIR.
 * A PostgreSQL server (DATABASE_URL) is backed up with pg_dump instead (docs/deploy.md).
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import tarStream from 'tar-stream';
import type { Config } from '../config.js';
import { openDatabase } from './client.js';
import { openConfiguredDatabase } from './prepare.js';
import { DATA_DIR_LOCK, lockDataDir } from './data-dir-lock.js';

/** The manifest's file name, and its `format`. */
const MANIFEST = 'second-gear-backup.json';
const FORMAT = 'second-gear-backup';
/** The archive layout's version; a restore refuses newer ones. */
const VERSION = 1;

/** A backup or restore that cannot be done; `message` says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** What a backup holds (the manifest). */
export interface BackupSummary {
  format: typeof FORMAT;
  version: number;
  /** ISO 8601 time the backup was taken. */
  createdAt: string;
  /** Size of the database dump (bytes). */
  databaseBytes: number;
  /** Files of `uploads/`, and their bytes. */
  uploads: number;
  uploadBytes: number;
  /** Whether `auth-secret` is included. */
  authSecret: boolean;
}

/** Every file under `dir`, as paths relative to it (`/`-separated); none when it is missing. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory())
      found.push(...(await filesUnder(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/** Where an embedded installation keeps things, from its config. */
function layoutOf(config: Pick<Config, 'dataDir' | 'imageStorage'>) {
  return {
    uploads: config.imageStorage.kind === 'disk' ? config.imageStorage.dir : undefined,
    authSecret: path.join(config.dataDir, 'auth-secret'),
  };
}

/**
 * Writes a backup of the embedded installation of `config` to `file` (a new file; written under
 * a temporary name and renamed when complete, so a failed backup never leaves a partial archive).
 * @returns the manifest written.
 * @throws BackupError with DATABASE_URL set (use pg_dump), when `file` exists, or when the database
 *   is in use (DataDirLockedError's message).
 */
export async function writeBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'imageStorage'>,
  file: string,
): Promise<BackupSummary> {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: the database is a PostgreSQL server. Back it up with pg_dump ' +
        '(docs/deploy.md, "Backups").',
    );
  }
  if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${config.dataDir} to back up.`);
  }
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose a new name.`);
  const layout = layoutOf(config);
  // Held for the whole backup: no server can open the database or take uploads meanwhile.
  const database = await openConfiguredDatabase({ ...config, databaseUrl: undefined });
  const partial = `${file}.partial`;
  try {
    // Drizzle's `$client`: the PGlite instance it runs on.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    const uploads = layout.uploads ? await filesUnder(layout.uploads) : [];
    const authSecret = existsSync(layout.authSecret);

    // A POSIX tar (tar-stream), gzip-compressed once: `tar -xzf` opens it.
    const pack = tarStream.pack();
    const output = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const add = (name: string, data: Buffer, mode = 0o644, mtime = new Date()) =>
      new Promise<void>((resolve, reject) => {
        pack.entry({ name, mode, mtime, size: data.length }, data, (error) =>
          error ? reject(error) : resolve(),
        );
      });

    let uploadBytes = 0;
    for (const name of uploads) uploadBytes += (await stat(path.join(layout.uploads!, name))).size;
    const summary: BackupSummary = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      databaseBytes: dump.length,
      uploads: uploads.length,
      uploadBytes,
      authSecret,
    };
    await add(MANIFEST, Buffer.from(JSON.stringify(summary, null, 2) + '\n'));
    await add('db.tar', dump, 0o600);
    if (authSecret) await add('auth-secret', await readFile(layout.authSecret), 0o600);
    for (const name of uploads) {
      const source = path.join(layout.uploads!, name);
      await add(`uploads/${name}`, await readFile(source), 0o644, (await stat(source)).mtime);
    }
    pack.finalize();
    await output;
    await rename(partial, file);
    return summary;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await database.close();
  }
}

/** Whether `name` (from an archive) is a plain relative path that stays inside its folder. */
const safeName = (name: string) =>
  name !== '' &&
  !path.isAbsolute(name) &&
  !name.includes('\\') &&
  name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/**
 * Restores the backup `file` into the empty (or missing) DATA_DIR of `config`: the database into
 * `DATA_DIR/db` (opened once, so that a damaged dump fails here rather than at the next start),
 * the uploads into `DATA_DIR/uploads`, the sign-in secret into `DATA_DIR/auth-secret` (mode 0600).
 * On failure whatever it wrote is removed again.
 * @returns the backup's manifest.
 * @throws BackupError with DATABASE_URL or S3_BUCKET set, a non-empty DATA_DIR, or a file that is
 *   not a backup of this format.
 */
export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'imageStorage'>,
  file: string,
): Promise<BackupSummary> {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: restore a PostgreSQL server with pg_restore (docs/deploy.md, "Backups").',
    );
  }
  const layout = layoutOf(config);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const present = existsSync(config.dataDir) ? await readdir(config.dataDir) : [];
  if (present.length > 0) {
    throw new BackupError(
      `${config.dataDir} is not empty (${present.slice(0, 3).join(', ')}` +
        `${present.length > 3 ? ', …' : ''}): a restore only writes into an empty DATA_DIR. ` +
        'Point DATA_DIR at a new folder, or move the old one away first.',
    );
  }
  await mkdir(config.dataDir, { recursive: true });
  const unlock = await lockDataDir(config.dataDir);
  try {
    let summary: BackupSummary | undefined;
    let dump: Buffer | undefined;
    const extract = tarStream.extract();
    // Read as the entries are taken: a failure anywhere (gzip, tar) ends the loop below with it.
    const reading = pipeline(createReadStream(file), createGunzip(), extract);
    reading.catch(() => undefined);
    for await (const entry of extract) {
      const { name, type } = entry.header;
      const data = await buffer(entry);
      if (type !== 'file') throw new BackupError(`The backup holds an unexpected entry: ${name}`);
      if (!summary) {
        summary = parseManifest(name, data);
        continue;
      }
      if (name === 'db.tar') dump = data;
      else if (name === 'auth-secret') {
        await writeFile(layout.authSecret, data, { mode: 0o600 });
      } else if (name.startsWith('uploads/') && safeName(name)) {
        if (!layout.uploads) continue;
        const target = path.join(layout.uploads, name.slice('uploads/'.length));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, data, { mode: 0o644 });
      } else throw new BackupError(`The backup holds an unexpected file: ${name}`);
    }
    await reading;
    if (!summary) throw new BackupError(`${file} is empty.`);
    if (!dump) throw new BackupError(`${file} holds no database (db.tar).`);
    const database = await openDatabase({
      kind: 'pglite',
      dir: path.join(config.dataDir, 'db'),
      loadDataDir: new Blob([new Uint8Array(dump)]),
    });
    try {
      await database.ping();
    } finally {
      await database.close();
    }
    return summary;
  } catch (error) {
    // DATA_DIR was empty: everything in it is ours to remove (but the lock, released below).
    for (const name of await readdir(config.dataDir)) {
      if (name !== DATA_DIR_LOCK)
        await rm(path.join(config.dataDir, name), { recursive: true, force: true });
    }
    if (
      error instanceof Error &&
      /incorrect header check|unexpected end of file|invalid tar header|unexpected end of data/i.test(
        error.message,
      )
    ) {
      throw new BackupError(`${file} is not a Second Gear backup (${error.message}).`);
    }
    throw error;
  } finally {
    await unlock();
  }
}

/** The manifest, which must come first. @throws BackupError otherwise. */
function parseManifest(name: string, data: Buffer): BackupSummary {
  let manifest: Partial<BackupSummary> | undefined;
  try {
    manifest = name === MANIFEST ? (JSON.parse(data.toString('utf8')) as BackupSummary) : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== FORMAT) throw new BackupError('This file is not a Second Gear backup.');
  if (typeof manifest.version !== 'number' || manifest.version > VERSION) {
    throw new BackupError(
      `This backup has format version ${String(manifest.version)}; this version of Second Gear ` +
        `reads version ${VERSION}. Restore it with the version that wrote it.`,
    );
  }
  return manifest as BackupSummary;
}
