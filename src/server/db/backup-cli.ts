/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (db/backup.ts, decision 0032): one
 * archive of the embedded database, the uploads and the generated sign-in secret of DATA_DIR.
 * The backup runs only while the server is stopped (it refuses otherwise); the restore writes
 * only into an empty DATA_DIR. Built JavaScript under dist, like `npm run seed`.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, restoreBackup, writeBackup, type BackupSummary } from './backup.js';
import { DataDirLockedError } from './data-dir-lock.js';

const usage = 'Usage: npm run backup -- <file>   |   npm run restore -- <file>';

/** `bytes` as a short human figure (MB with one decimal). */
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function describe(summary: BackupSummary): string {
  return [
    `  database: ${megabytes(summary.databaseBytes)}`,
    `  uploads: ${summary.uploads} files, ${megabytes(summary.uploadBytes)}`,
    `  sign-in secret: ${summary.authSecret ? 'included' : 'none in DATA_DIR (AUTH_SECRET is set, or no server ran yet)'}`,
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const target = path.resolve(file);
  const startedAt = performance.now();
  const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1);
  if (command === 'backup') {
    const summary = await writeBackup(config, target);
    console.log(
      `Backed up ${config.dataDir} to ${target} in ${seconds()} s:\n${describe(summary)}`,
    );
  } else {
    const summary = await restoreBackup(config, target);
    console.log(
      `Restored the backup of ${summary.createdAt} into ${config.dataDir} in ${seconds()} s:\n` +
        describe(summary) +
        (config.imageStorage.kind === 's3' && summary.uploads > 0
          ? '\n  (S3_BUCKET is set: the uploads in the backup were not restored; copy them to the bucket.)'
          : ''),
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof BackupError ||
      error instanceof DataDirLockedError;
    console.error(
      known ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
