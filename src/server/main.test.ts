import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts `src/server/main.ts` on a free port; resolves with the process and its base URL. */
function startServer(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=second-gear-source',
      '--import',
      'tsx',
      path.join(projectRoot, 'src/server/main.ts'),
    ],
    {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DATABASE_REPLICA_URLS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never leave a half-started server behind (it would hold its port and a core).
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('the server process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'serves, shuts down cleanly on %s and starts again on the same data',
    async (signal) => {
      const { child, url } = await startServer();
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });

      const exited = exitOf(child);
      child.kill(signal);
      expect(await exited).toBe(0);
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();

      // The embedded database was closed cleanly: the next start opens the same files.
      const again = await startServer();
      const after = await fetch(`${again.url}/api/health`);
      expect(await after.json()).toEqual({ status: 'ok', database: 'up' });
      const exitedAgain = exitOf(again.child);
      again.child.kill('SIGTERM');
      expect(await exitedAgain).toBe(0);
    },
    90_000,
  );
});
