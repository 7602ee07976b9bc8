/**
 * The production server as a child process (`node dist/server/main.js`), on a free loopback port,
 * with its own DATA_DIR and, when DATABASE_URL is set, its own database on that PostgreSQL server
 * (read from its replicas too when DATABASE_REPLICA_URLS names some).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');

/**
 * The site's origin for every stress server (PUBLIC_URL): sign-up and sign-in requests carry it
 * as their Origin header, as a browser on the site would. The port is unrelated (PORT=0).
 */
export const stressOrigin = 'http://localhost:3000';

/** A PostgreSQL server URL from DATABASE_URL, or undefined for the embedded database. */
export const serverDatabaseUrl = process.env.DATABASE_URL || undefined;

/**
 * Streaming replicas of that server (DATABASE_REPLICA_URLS, e.g. from scripts/pg-replica.sh;
 * decision 0050): each server started on a storage reads its public pages from the storage's
 * database on them.
 */
const replicaServerUrls = serverDatabaseUrl
  ? (process.env.DATABASE_REPLICA_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter((url) => url !== '')
  : [];

/** Where the server keeps its data: a directory, plus a database URL on PostgreSQL. */
export interface Storage {
  dataDir: string;
  /** The fresh database's URL (PostgreSQL), or undefined for PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /** The same database on the read replicas (DATABASE_REPLICA_URLS), comma-separated, or ''. */
  replicaUrls: string;
  /** Removes the directory and drops the database. */
  remove: () => Promise<void>;
}

/** A new temporary DATA_DIR and, with DATABASE_URL set, a new database on that server. */
export async function createStorage(label: string): Promise<Storage> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `second-gear-stress-${label}-`));
  if (!serverDatabaseUrl) {
    return {
      dataDir,
      databaseUrl: undefined,
      replicaUrls: '',
      remove: () => {
        rmSync(dataDir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const name = `sg_stress_${label}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(serverDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    replicaUrls: replicaServerUrls
      .map((replica) => {
        const onReplica = new URL(replica);
        onReplica.pathname = `/${name}`;
        return onReplica.toString();
      })
      .join(','),
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  /** Resident set size of the server process (KiB), from /proc; null once it has exited. */
  rssKiB(): number | null;
  /**
   * The server's memory once garbage is collected (needs `memoryProbe: true`): signals the
   * probe and waits (at most 10 s) for its answer.
   */
  retainedMemory(): Promise<RetainedMemory>;
  /** The last lines the server printed (for failure messages). */
  output(): string;
  /** SIGTERM (graceful shutdown) and wait for the exit; SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  /** Overrides DATABASE_URL (e.g. a proxy in front of the storage's database). */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** How long start-up may take (ms). */
  timeoutMs?: number;
  /** Preload support/memory-probe.mjs, so `retainedMemory()` works. */
  memoryProbe?: boolean;
}

/** `process.memoryUsage()` of the server after two full garbage collections (bytes). */
export interface RetainedMemory {
  rss: number;
  heapUsed: number;
  /** Memory outside the JS heap: Buffers, ArrayBuffers and the embedded database's WASM memory. */
  external: number;
}

/** Starts `dist/server/main.js` on `storage`; resolves once it prints its address. */
export async function startServer(
  storage: Storage,
  options: StartOptions = {},
): Promise<RunningServer> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: stressOrigin,
    DATA_DIR: storage.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'sandbox',
    // The stress clients all come from 127.0.0.1: per-client limits would throttle the test.
    AUTH_RATE_LIMIT_MAX: '1000000',
    AUTH_SESSION_RATE_LIMIT_MAX: '1000000',
    WRITE_RATE_LIMIT_MAX: '10000000',
    // The per-account caps: a stress buyer books far more than a person would.
    AUTH_ACCOUNT_RATE_LIMIT_MAX: '1000000',
    BOOKING_OPEN_MAX: '1000000',
    BOOKING_DAILY_MAX: '1000000',
    CATEGORY_DAILY_MAX: '1000000',
    UPLOAD_DAILY_MAX_COUNT: '1000000',
    // Scripted clients: no proof of work at sign-up or in first messages (decision 0044).
    PROOF_OF_WORK: 'off',
    ...options.env,
  };
  const databaseUrl = options.databaseUrl ?? storage.databaseUrl;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // Replicas only beside the storage's own database (not behind a test's proxy of it, whose
  // outage they would hide), unless the test says otherwise.
  if (!options.databaseUrl && storage.replicaUrls && env.DATABASE_REPLICA_URLS === undefined) {
    env.DATABASE_REPLICA_URLS = storage.replicaUrls;
  }

  const probeFile = path.join(storage.dataDir, 'memory-probe.json');
  const nodeArgs = options.memoryProbe
    ? ['--expose-gc', '--import', pathToFileURL(path.join(here, 'memory-probe.mjs')).href]
    : [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 300) lines.splice(0, lines.length - 300);
  };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const output = () => lines.join('\n');

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in time:\n${output()}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      keep(chunk);
      const match = /running at http:\/\/localhost:(\d+)/.exec(lines.join('\n'));
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.on('data', keep);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', keep);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) during start-up:\n${output()}`));
    });
  });

  const pid = child.pid!;
  let done = false;
  void exited.then(() => (done = true));
  const waitExit = async (graceMs: number) => {
    if (done) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid,
    child,
    exited,
    output,
    rssKiB: () => {
      if (done) return null;
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
        return match ? Number(match[1]) : null;
      } catch {
        return null;
      }
    },
    retainedMemory: async () => {
      if (!options.memoryProbe) throw new Error('start the server with memoryProbe: true');
      const sequenceOf = () => {
        try {
          return (JSON.parse(readFileSync(probeFile, 'utf8')) as { sequence: number }).sequence;
        } catch {
          return 0;
        }
      };
      const before = sequenceOf();
      child.kill('SIGWINCH');
      const until = Date.now() + 10_000;
      while (sequenceOf() === before) {
        if (done || Date.now() > until) {
          throw new Error(`no memory probe answer:\n${output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return JSON.parse(readFileSync(probeFile, 'utf8')) as RetainedMemory;
    },
    stop: async (graceMs = 20_000) => {
      if (done) return;
      child.kill('SIGTERM');
      await waitExit(graceMs);
    },
    kill: async () => {
      if (done) return;
      child.kill('SIGKILL');
      await waitExit(10_000);
    },
  };
}
