#!/usr/bin/env node
/**
 * Starts the production server for the browser tests on fresh data: a new temporary DATA_DIR
 * and, when DATABASE_URL points at a PostgreSQL server, a new database created on that server
 * (dropped again on exit), so every run starts from the demo data alone.
 * E2E_DATA_DIR names the data directory instead of a random one (the browser tests read the
 * password-reset mails in its outbox/); it is emptied first, so its name must start with
 * "second-gear-e2e".
 * Usage: node scripts/e2e-server.mjs   (PORT and other variables pass through)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function freshDataDir(dir) {
  if (!path.basename(dir).startsWith('second-gear-e2e')) {
    console.error(`E2E_DATA_DIR must be a folder named second-gear-e2e…, not ${dir}`);
    process.exit(1);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}
const dataDir = process.env.E2E_DATA_DIR
  ? freshDataDir(path.resolve(process.env.E2E_DATA_DIR))
  : mkdtempSync(path.join(os.tmpdir(), 'second-gear-e2e-'));
const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'true' };

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `sg_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'dist/server/main.js')],
  {
    env,
    stdio: 'inherit',
  },
);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  await dropDatabase().catch((error) =>
    console.error('could not drop the e2e database:', error.message),
  );
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
