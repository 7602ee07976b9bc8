/**
 * One process at a time on the embedded database (decision 0032). PGlite runs PostgreSQL inside
 * the process that opens `DATA_DIR/db`, and nothing stops a second process from opening the same
 * files and corrupting them (its `postmaster.pid` names no real process). So every process that
 * opens it — the server, `npm run seed`, `npm run backup` — first takes `DATA_DIR/db.lock`: a file
 * created exclusively, holding the owner's process id and host name. A lock whose process is gone
 * (same host, no such process) is stale and taken over; a live one, or one from another host (a
 * second container on the same volume, whose processes this one cannot see), is refused.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The lock's file name inside DATA_DIR. */
export const DATA_DIR_LOCK = 'db.lock';

/** Thrown when another process holds the lock; `message` says which and what to do. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface Owner {
  pid: number;
  host: string;
}

/** Whether process `pid` exists on this host (EPERM: it exists, owned by someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's owner, or null when the file is unreadable or not ours (taken over). */
function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the embedded database's lock in `dataDir` for this process.
 * @returns a function that releases it (idempotent).
 * @throws DataDirLockedError when a live process (or one on another host) holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_DIR_LOCK);
  const me: Owner = { pid: process.pid, host: os.hostname() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const owner = readOwner(file);
      const ours = owner?.host === me.host && owner.pid === me.pid;
      if (owner && !ours && (owner.host !== me.host || alive(owner.pid))) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by process ${owner.pid} on ` +
            `${owner.host} (a running server?). Stop it and try again. If no such process ` +
            `runs any more, delete ${file}.`,
        );
      }
      // Stale (its process is gone), unreadable, or our own: take it over.
      rmSync(file, { force: true });
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const owner = readOwner(file);
    if (owner?.pid === me.pid && owner.host === me.host) rmSync(file, { force: true });
  };
}
