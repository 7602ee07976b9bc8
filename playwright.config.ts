/**
 * Browser tests (DESIGN.md §7): Playwright drives the Chromium installed on the machine
 * (`/usr/bin/chromium` or CHROMIUM_PATH; browsers are never downloaded) against the production
 * build, served by the real server on a fixed port with a fresh embedded database and demo data.
 */
import { defineConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${port}`;

// The config is loaded by the runner and by every worker; the variable makes them share one
// data directory (workers inherit the runner's environment).
const dataDir = (process.env.SECOND_GEAR_E2E_DATA_DIR ??= path.join(
  os.tmpdir(),
  `second-gear-e2e-${Date.now()}-${process.pid}`,
));
mkdirSync(dataDir, { recursive: true });

const serverEnv: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
};
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/ensure-build.mjs && node dist/server/main.js',
    url: `${baseURL}/api/health`,
    env: serverEnv,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
