/**
 * One process at a time on the embedded database (data-dir-lock.ts, decision 0032): a second
 * process on the same DATA_DIR is refused with a message saying what to do, and the lock of a
 * process that was killed is taken over once it is stale.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.js';
import { DATA_DIR_LOCK, DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'second-gear-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** proper-lockfile's shortest stale time: a killed holder's lock is taken over after 2 s. */
const staleMs = 2_000;

/** Another process that takes the lock of `dataDir` and keeps it; resolves once it holds it. */
function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const module = pathToFileURL(path.join(projectRoot, 'src/server/db/data-dir-lock.ts')).href;
  const child = spawn(
    process.execPath,
    [
      '--conditions=second-gear-source',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(module)});
       await lockDataDir(${JSON.stringify(dataDir)});
       console.log('locked');
       setInterval(() => {}, 60_000);`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`the lock holder exited with ${code}:\n${output}`)),
    );
  });
}

/** Resolves when `child` has exited. */
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('the embedded database lock', () => {
  it('refuses a second process on the same DATA_DIR, saying what to do', async () => {
    const dataDir = path.join(scratch, 'busy');
    const holder = await holdInAnotherProcess(dataDir);
    // Renewed by its live holder: never stale, however long this one waits.
    const refusal = await lockDataDir(dataDir, { staleMs }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toBe(
      `The embedded database in ${dataDir} is in use by another process (a running server?): ` +
        `its lock ${path.join(dataDir, DATA_DIR_LOCK)} is being renewed. Stop that process and ` +
        'try again. A lock left by a process that was killed is taken over once it is 2 seconds old.',
    );
    holder.kill('SIGTERM');
    await exited(holder);
  }, 60_000);

  it('takes over the lock of a process that was killed', async () => {
    const dataDir = path.join(scratch, 'killed');
    const holder = await holdInAnotherProcess(dataDir);
    holder.kill('SIGKILL');
    await exited(holder);
    // Left behind: nothing removed it.
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK))).toBe(true);
    const unlock = await lockDataDir(dataDir, { staleMs });
    // Ours now: a second holder is refused until it is released.
    await expect(lockDataDir(dataDir, { staleMs })).rejects.toThrow(DataDirLockedError);
    await unlock();
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK))).toBe(false);
  }, 60_000);

  it("clears an earlier version's lock file left by a process that is gone, not a live one's", async () => {
    const dataDir = path.join(scratch, 'earlier');
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, DATA_DIR_LOCK);
    // No process has this id (above Linux's largest).
    writeFileSync(file, JSON.stringify({ pid: 2 ** 31 - 1, host: os.hostname() }));
    const unlock = await lockDataDir(dataDir, { staleMs });
    await unlock();
    // The test runner's parent lives: refused, and its file left alone.
    writeFileSync(file, JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    await expect(lockDataDir(dataDir, { staleMs })).rejects.toThrow(
      `is in use by process ${process.ppid} (an earlier version of the server?)`,
    );
    expect(existsSync(file)).toBe(true);
  });

  it('is taken again once released, and releasing twice is harmless', async () => {
    const dataDir = path.join(scratch, 'again');
    const first = await lockDataDir(dataDir);
    await first();
    await first();
    const second = await lockDataDir(dataDir);
    await second();
  });
});
