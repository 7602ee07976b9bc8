/**
 * One process at a time on the embedded database (decision 0032). PGlite runs PostgreSQL inside
 * the process that opens `DATA_DIR/db`, and nothing stops a second process from opening the same
 * files and corrupting them (its `postmaster.pid` names no real process). So every process that
 * opens it — the server, `npm run seed`, `npm run backup` — first takes `DATA_DIR/db.lock` with
 * proper-lockfile: a directory made atomically (`mkdir`), whose modification time the holder
 * renews every second while it lives. A lock not renewed for `LOCK_STALE_MS` is stale — its
 * process was killed, on this host or another one sharing the volume — and is taken over; a
 * fresh one is refused with `DataDirLockedError`. A process started right after a kill (a
 * supervisor's restart) waits until the old lock is stale rather than failing.
 */
import { lstatSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lock } from 'proper-lockfile';

/** The lock's name inside DATA_DIR (a directory, proper-lockfile's lock). */
export const DATA_DIR_LOCK = 'db.lock';

/**
 * How long a lock may go without renewal before it counts as stale and is taken over, in ms. Long
 * enough that a holder whose event loop is busy (PGlite runs its queries on it) is not mistaken
 * for a killed one; proper-lockfile renews it every `LOCK_UPDATE_MS`.
 */
export const LOCK_STALE_MS = 10_000;
/** How often the holder renews its lock, in ms (proper-lockfile's minimum). */
export const LOCK_UPDATE_MS = 1_000;

/** Thrown when another process holds the lock; `message` says what to do. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Options of `lockDataDir`, for tests: a shorter stale time (at least 2,000 ms). */
export interface DataDirLockOptions {
  staleMs?: number;
}

/**
 * Clears the lock file of versions before proper-lockfile (a file, not a directory, holding its
 * owner's `{ pid, host }`), which a killed process of such a version leaves behind and
 * proper-lockfile cannot remove. Refused like a live lock while its process runs on this host.
 * @throws DataDirLockedError while that process runs.
 */
function clearEarlierLock(dataDir: string, file: string): void {
  try {
    if (!lstatSync(file).isFile()) return;
  } catch {
    return;
  }
  let owner: { pid?: unknown; host?: unknown } = {};
  try {
    owner = JSON.parse(readFileSync(file, 'utf8')) as typeof owner;
  } catch {
    // Unreadable: no owner to ask, so not held.
  }
  if (typeof owner.pid === 'number' && owner.host === os.hostname() && alive(owner.pid)) {
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is in use by process ${owner.pid} (an earlier ` +
        'version of the server?). Stop it and try again.',
    );
  }
  rmSync(file, { force: true });
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

/**
 * Takes the embedded database's lock in `dataDir` for this process, waiting up to `staleMs` plus
 * a second for a lock that is no longer renewed (its process was killed) to become stale.
 * @returns a function that releases it (idempotent).
 * @throws DataDirLockedError when a live process holds it (also another one in this process).
 */
export async function lockDataDir(
  dataDir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_DIR_LOCK);
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  clearEarlierLock(dataDir, file);
  let release: () => Promise<void>;
  try {
    release = await lock(dataDir, {
      lockfilePath: file,
      stale: staleMs,
      update: LOCK_UPDATE_MS,
      // Once a second until a killed holder's lock is stale, then refused.
      retries: { retries: Math.ceil(staleMs / 1000) + 1, factor: 1, minTimeout: 1000 },
      onCompromised: (error) => {
        // Another process took the lock over (this one did not renew it in time): both would
        // now write the same files. Stop rather than corrupt them.
        throw new DataDirLockedError(
          `Lost the lock on the embedded database in ${dataDir} (${error.message}); ` +
            'stopping so that two processes never write it at once.',
        );
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is in use by another process (a running server?): ` +
        `its lock ${file} is being renewed. Stop that process and try again. A lock left by a ` +
        `process that was killed is taken over once it is ${Math.ceil(staleMs / 1000)} seconds old.`,
    );
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await release().catch((error: NodeJS.ErrnoException) => {
      // Already gone with a compromised lock (onCompromised said so).
      if (error.code !== 'ERELEASED') throw error;
    });
  };
}
