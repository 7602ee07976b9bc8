/**
 * Browser tests (docs/testing.md): Playwright drives the Chromium installed on the machine
 * (`/usr/bin/chromium` or CHROMIUM_PATH; browsers are never downloaded) against the production
 * build, served by the real server on a fixed port with a fresh embedded database and demo data.
 */
import { defineConfig } from '@playwright/test';
import {
  e2eBaseURL as baseURL,
  e2eDataDir,
  e2ePort as port,
  chromiumArgs,
  chromiumPath,
} from './tests/e2e/support/server-env.js';

const serverEnv: Record<string, string> = {
  PORT: String(port),
  HOST: '127.0.0.1',
  // No PUBLIC_URL, as on a fresh `npm start`: the identity provider trusts the origin each
  // request was made to (127.0.0.1 here, localhost in polish.spec.ts).
  PUBLIC_URL: '',
  // A known DATA_DIR, so the password-reset test can read the outbox.
  E2E_DATA_DIR: e2eDataDir,
  SEED_DEMO: 'true',
  // Every test signs in from 127.0.0.1: the default (10 a minute per IP) would answer 429.
  AUTH_RATE_LIMIT_MAX: '10000',
  // Every browser of the suite comes from 127.0.0.1: a fast run checked its session more than
  // 100 times in 10 s (Better Auth's general limit) and got 429s.
  AUTH_SESSION_RATE_LIMIT_MAX: '100000',
  AUTH_ACCOUNT_RATE_LIMIT_MAX: '10000',
  WRITE_RATE_LIMIT_MAX: '100000',
  // Every browser context is a new visitor from 127.0.0.1 (20 visitor ids an hour by default).
  VISITOR_ID_HOURLY_MAX: '100000',
  // The demo accounts book, upload and add categories in many tests (the per-account caps).
  BOOKING_OPEN_MAX: '10000',
  BOOKING_DAILY_MAX: '10000',
  CATEGORY_DAILY_MAX: '10000',
  UPLOAD_DAILY_MAX_COUNT: '10000',
  // Demo buyers start many conversations across the suite (the new-account cap, decision 0044).
  FIRST_CONTACT_DAILY_MAX: '10000',
  // The proof of work stays on (decision 0044): the registration page and the message composer
  // solve it in the browser, the API helpers with altcha-lib (support/proof-of-work.ts). A tenth
  // of the default work, as many journeys sign up and send first messages on a 2-core machine.
  PROOF_OF_WORK_COUNTER_MAX: '300',
  // Idle keep-alive connections outlive every test (60 s). Playwright's request contexts pool
  // sockets without honouring the server's `Keep-Alive: timeout=5`: under load a test's next call
  // after a ~5 s pause went out on a socket the server was closing and failed with ECONNRESET
  // (a browser retries such a request; Node's client does not).
  KEEP_ALIVE_TIMEOUT: '120',
  JOB_POLL_INTERVAL: '1',
  // Seller insights write recorded views every second (5 by default), so Insights shows them soon.
  INSIGHTS_FLUSH_MS: '1000',
  LOG_LEVEL: 'warn',
  // No Google sign-in, whatever the developer's shell exports (empty counts as unset): the login
  // test checks the "not configured" message.
  GOOGLE_CLIENT_ID: '',
  GOOGLE_CLIENT_SECRET: '',
  NODE_ENV: 'test',
  // Dealer imports fetch their photos through the outbound client (lib/outbound.ts): the dealer
  // test points them at this server's own uploads, on a loopback address.
  OUTBOUND_ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
};
// scripts/e2e-server.mjs gives the server a fresh DATA_DIR (E2E_DATA_DIR, emptied first) and,
// with DATABASE_URL, a fresh database on that server, and removes both when the run ends.
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // CI: one character a test, then every failure in full (message, call log, source line) at
  // the end, where the kept tail of CI's output shows it; `line` printed failures mid-run.
  reporter: process.env.CI ? 'dot' : 'list',
  // The slowest files, printed at the end: where CI's time goes (docs/testing.md).
  reportSlowTests: { max: 8, threshold: 60_000 },
  // A limit for a hung test, not a speed target (those are in `npm run bench`): many journeys
  // register users (argon2id), upload photos and run axe on every dialog they open, and on a
  // loaded 2-core machine the longest took just over a minute in CI while passing every check.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed test keeps its trace (every action, its log and the DOM before and after) but no
    // screencast: recording the screen took a quarter of the suite's time on 2 cores
    // (docs/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: chromiumPath,
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/ensure-build.mjs && node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    env: serverEnv,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
