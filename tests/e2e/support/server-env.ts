/**
 * Where the e2e server lives, shared by playwright.config.ts and the tests (both run this module,
 * in the runner and in every worker, and get the same answers).
 */
import os from 'node:os';
import path from 'node:path';

export const e2ePort = Number(process.env.E2E_PORT ?? 3107);
export const e2eBaseURL = `http://127.0.0.1:${e2ePort}`;

/**
 * The server's DATA_DIR (scripts/e2e-server.mjs empties it at start and removes it at exit):
 * the tests read the password-reset mails from `outbox/` in it.
 */
export const e2eDataDir =
  process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `second-gear-e2e-${e2ePort}`);

/** Debian's Chromium, or CHROMIUM_PATH: the only browser on these machines (no downloads). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags every Chromium we start gets (browser tests, bench:web, Lighthouse): no sandbox
 * (root in a container), no GPU, and nothing that would reach the internet on its own.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
