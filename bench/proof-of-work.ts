/**
 * `npm run bench:pow`: what the proof of work (decision 0044) costs a client.
 *
 * - In the browser: Debian's Chromium through Playwright on the production build with the demo
 *   data and the default challenge (PROOF_OF_WORK_COUNTER_MAX=3000). The registration page solves
 *   a challenge as it opens (sign-up); the listing page's "Message seller" solves one for the
 *   demo buyer, whose phone is not verified (first message). Each solve is the User Timing
 *   measure the page records around the solver (lib/proof-of-work.ts: Web Workers, one per core
 *   the browser reports), read from a fresh page each time.
 * - In Node, as a bot would solve without a browser: altcha-lib's solver on OpenSSL's PBKDF2,
 *   one thread, against the same kind of challenge; and the server's side: making a challenge
 *   and checking a solution.
 * - The cost for a bot sending 1,000 first messages from new accounts: 1,000 sign-ups and 1,000
 *   first messages, 2,000 solves, in core-seconds at the medians measured.
 *
 * Options: --runs N (20 solves of each kind), --port P (3196). Prints Markdown tables for
 * docs/benchmarks.md. Uses the embedded database (a fresh DATA_DIR), and kills its server.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import { createChallenge, randomInt, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { authPaths } from '../src/contract/paths.js';
import * as apiRoutes from '../src/contract/route-table.js';
import { apiUrl } from '../src/contract/routes.js';
import { DEMO_BUYER, DEMO_PASSWORD } from '../src/server/db/demo/accounts.js';
import { proofOfWorkIterations, proofOfWorkSecrets } from '../src/server/trust/proof-of-work.js';
import { startBenchServer } from './web-server.js';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/server-env.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    port: { type: 'string', default: '3196' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: a whole number ≥ 1`);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
/** The default of PROOF_OF_WORK_COUNTER_MAX (config.ts). */
const COUNTER_MAX = 3000;
const MEASURE = 'second-gear:proof-of-work';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    max: sorted.at(-1)!,
  };
}
const ms = (value: number) => Math.round(value).toLocaleString('en-US');

/** The production server with proof of work on (bench/web-server.ts starts it). */
function startServer() {
  return startBenchServer(port, 'pow', {
    HOST: '127.0.0.1',
    PUBLIC_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PROOF_OF_WORK: 'on',
    PROOF_OF_WORK_COUNTER_MAX: String(COUNTER_MAX),
  });
}

/** Opens `url` in a fresh page, runs `trigger`, and returns the page's solve time (ms). */
async function solveTime(
  context: BrowserContext,
  url: string,
  trigger: (page: Awaited<ReturnType<BrowserContext['newPage']>>) => Promise<void>,
): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await trigger(page);
    await page
      .getByTestId('proof-of-work')
      .filter({ hasText: 'Browser checked' })
      .waitFor({ timeout: 120_000 });
    return await page.evaluate(
      (name) => performance.getEntriesByName(name, 'measure').at(-1)!.duration,
      MEASURE,
    );
  } finally {
    await page.close();
  }
}

/** altcha-lib's solver in Node (one thread, OpenSSL's PBKDF2), and the server's two steps. */
async function nodeTimes() {
  const secrets = proofOfWorkSecrets('bench secret, long enough for an HMAC key');
  const lowest = Math.floor(COUNTER_MAX / 3);
  const create: number[] = [];
  const solve: number[] = [];
  const verify: number[] = [];
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: proofOfWorkIterations,
      counter: randomInt(COUNTER_MAX, lowest),
      deriveKey,
      expiresAt: new Date(Date.now() + 600_000),
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
    create.push(performance.now() - started);
    started = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey });
    solve.push(performance.now() - started);
    started = performance.now();
    const result = await verifySolution({
      challenge,
      solution: solution!,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
    verify.push(performance.now() - started);
    if (!result.verified) throw new Error('a solution did not verify');
  }
  return { create: summary(create), solve: summary(solve), verify: summary(verify) };
}

const before = loadavg();
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const cores = await (await browser.newPage()).evaluate(() => navigator.hardwareConcurrency);
  // Sign-up: the registration page solves as it opens.
  const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const signUp: number[] = [];
  for (let i = 0; i < runs; i++) {
    signUp.push(await solveTime(visitor, `${base}/registration`, async () => {}));
  }
  await visitor.close();

  // First message: the demo buyer (no verified phone) opens "Message seller" on a listing.
  const buyer = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const signedIn = await buyer.request.post(`${base}${authPaths.signIn}`, {
    data: { email: DEMO_BUYER.email, password: DEMO_PASSWORD },
    headers: { origin: base },
  });
  if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()}`);
  // A listing of another seller than the buyer (the demo buyer sells nothing).
  const found = (await (
    await buyer.request.get(`${base}${apiUrl(apiRoutes.search)}?limit=5`)
  ).json()) as { items: { _id: string }[] };
  const listingId = found.items[0]?._id;
  if (!listingId) throw new Error('no listing to message about');
  const firstMessage: number[] = [];
  for (let i = 0; i < runs; i++) {
    firstMessage.push(
      await solveTime(buyer, `${base}/listing/${listingId}`, async (page) => {
        await page.getByRole('button', { name: 'Message seller' }).click();
      }),
    );
  }
  await buyer.close();

  const node = await nodeTimes();
  const after = loadavg();
  const browserSignUp = summary(signUp);
  const browserMessage = summary(firstMessage);
  // 1,000 new accounts, each signing up and sending one first message: 2,000 solves.
  const solves = 2000;
  const browserCoreSeconds =
    (solves * ((browserSignUp.p50 + browserMessage.p50) / 2) * cores) / 1000;
  const nodeCoreSeconds = (solves * node.solve.p50) / 1000;

  console.log(
    `\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}); Chromium reports ${cores}; ` +
      `load average ${before[0]!.toFixed(1)} before, ${after[0]!.toFixed(1)} after; ${runs} runs each; ` +
      `PROOF_OF_WORK_COUNTER_MAX=${COUNTER_MAX} (PBKDF2-SHA-256, ${proofOfWorkIterations} iterations a key)\n`,
  );
  console.log('| Solve | p50 ms | p90 ms | max ms |');
  console.log('| ----- | -----: | -----: | -----: |');
  const row = (name: string, s: { p50: number; p90: number; max: number }) =>
    console.log(`| ${name} | ${ms(s.p50)} | ${ms(s.p90)} | ${ms(s.max)} |`);
  row(`Sign-up, Chromium (${cores} workers)`, browserSignUp);
  row(`First message, Chromium (${cores} workers)`, browserMessage);
  row('Node, altcha-lib, 1 thread (a bot without a browser)', node.solve);
  row('Server: make a challenge', node.create);
  row('Server: check a solution', node.verify);
  console.log(
    `\n1,000 first messages from new accounts = ${solves.toLocaleString('en-US')} solves: ` +
      `${Math.round(browserCoreSeconds).toLocaleString('en-US')} core-seconds in Chromium ` +
      `(${(browserCoreSeconds / 3600).toFixed(2)} core-hours), ` +
      `${Math.round(nodeCoreSeconds).toLocaleString('en-US')} core-seconds with altcha-lib in Node ` +
      `(${(nodeCoreSeconds / 3600).toFixed(2)} core-hours); the server spends ` +
      `${Math.round((solves * (node.create.p50 + node.verify.p50)) / 1000).toLocaleString('en-US')} s on them.`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
