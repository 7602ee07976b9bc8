/**
 * The fourth outside attack under load (docs/reliability.md §7): the production server as a
 * child process, each finding's attack replayed over loopback HTTP by parallel clients, and the
 * property its fix promises checked while the attack runs:
 *
 * 1. crafted images (a progressive JPEG with thousands of scans, 1 × 40,000,000 px PNGs)
 *    uploaded by several clients at once are refused at once with a 400 naming the reason,
 *    while sign-in, `/uploads/` files and `/api/health` stay fast;
 * 2. failed sign-ins and reset requests sent in parallel in every request shape that once
 *    skipped the per-account count (a `#fragment`, `/x/../` and `%2e%2e` segments, `email` twice
 *    in a form) together reach the account's limit and no more;
 * 5. 300 unique VINs from one account: at most `VIN_DECODE_RATE_LIMIT_MAX` decoded, the rest
 *    refused at once, and listing pages with VINs stay fast meanwhile;
 * 6. deeply nested JSON bodies to the anonymous beacons are refused before parsing and the
 *    health check's median stays near its median before the attack;
 * 7. a 200-message conversation read in a loop by parallel clients leaves the health check fast
 *    (its scam warnings are read from the rows, not matched again);
 * 8. one buyer's offers, withdrawals and typed messages sent in parallel write at most 20
 *    messages a minute, and every action past that is a 429.
 *
 * Bounds are generous (a shared 2-core machine runs server and clients together); each is far
 * below what the attack did before its fix (seconds to tens of seconds).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPaths } from '#contract/paths.js';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { limits } from '#contract/limits.js';
import { openDatabase } from '#server/db/client.js';
import { conversations, messages } from '#server/db/schema.js';
import { expectedCheckDigit } from '#server/vehicles/check-digit.js';
import { messageWarnings } from '#server/trust/message-warnings.js';
import { manyScanJpeg, multipartFile, nestedJson, plainPng, stripPng } from './support/crafted.js';
import { Client, type Answer } from './support/http.js';
import { addCategory, productBody, register, type User } from './support/marketplace.js';
import {
  createStorage,
  startServer,
  stressOrigin,
  type RunningServer,
  type Storage,
} from './support/server.js';

/** The per-account sign-in limit of this server (the default). */
const ACCOUNT_MAX = 10;
/** VIN look-ups per user and address a minute (the default). */
const VIN_MAX = 30;
/**
 * A fast answer at the 95th percentile while an attack runs (ms): 2 s plus four times the
 * median of the same request with nothing else running, measured just before, so that a
 * machine busy with other work (CI, neighbours) does not fail the test while a stall does
 * (before the fixes: 9 to 30 s and more).
 */
const FAST_P95_MS = 2000;
const fastBound = (quietMedianMs: number) => FAST_P95_MS + 4 * quietMedianMs;
/**
 * How far the health check's median may move under an attack that should cost the server next
 * to nothing (ms); finding 6's attack moved it from 4 to 351 ms before its fix.
 */
const NEAR_MEDIAN_MS = 150;
const PASSWORD = 'stress-password-1';
/** How long one start of the server may take (ms): long on a machine shared with other work. */
const startMs = 180_000;

let storage: Storage;
let server: RunningServer;
let client: Client;

const serverEnv = {
  AUTH_ACCOUNT_RATE_LIMIT_MAX: String(ACCOUNT_MAX),
  // Many addresses in a real attack; here one, so the per-address beacon limit would hide
  // the parsing cost this test is about.
  BEACON_RATE_LIMIT_MAX: '1000000',
  VIN_DECODE_RATE_LIMIT_MAX: String(VIN_MAX),
};

/** The conversation of finding 7, with 200 long messages written straight into the database. */
let chat: { id: string; buyer: User };

beforeAll(async () => {
  storage = await createStorage('attack');
  server = await startServer(storage, { env: serverEnv, timeoutMs: startMs });
  client = new Client(server.baseUrl, 128);
  chat = await seedLongConversation();
}, 3 * startMs);

afterAll(async () => {
  client?.close();
  await server?.stop();
  await storage?.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `p`-th percentile (0–1) of `values` (ms). */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Calls `call` one after another until `until` resolves; every answer, in order. */
async function loop(until: Promise<unknown>, call: () => Promise<Answer>): Promise<Answer[]> {
  let done = false;
  void until.then(() => (done = true));
  const answers: Answer[] = [];
  while (!done) answers.push(await call());
  return answers;
}

/** Durations as `p50/p95/max (n)` for failure messages and the log. */
function describeMs(answers: Answer[]): string {
  const ms = answers.map((a) => a.ms);
  return `p50 ${percentile(ms, 0.5).toFixed(0)} ms, p95 ${percentile(ms, 0.95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (${ms.length})`;
}

/** Statuses (with transport errors) and how often each came. */
function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = String(a.status || a.error);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const health = () => client.call('GET', apiUrl(apiRoutes.health), { deadlineMs: 60_000 });

/** Median of `n` sequential calls with nothing else running (ms); each must answer 200. */
async function quietMedian(call: () => Promise<Answer>, n: number): Promise<number> {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i++) answers.push(await call());
  expect(tally(answers)).toEqual({ 200: n });
  return percentile(
    answers.map((a) => a.ms),
    0.5,
  );
}

/** Median of 40 sequential health checks with nothing else running (ms). */
const healthBaseline = () => quietMedian(health, 40);

/** A well-formed VIN (right check digit) made from `serial`. */
function vinFor(serial: number): string {
  const draft = `1HGCM826X3A${String(serial % 1_000_000).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
}

async function signIn(email: string, password: string): Promise<Answer> {
  return client.call('POST', authPaths.signIn, {
    headers: { origin: stressOrigin },
    body: { email, password },
    deadlineMs: 60_000,
  });
}

/**
 * Finding 7's set-up: a buyer's conversation through the API, then (server stopped) 200 messages
 * of 2,000 characters written into it with their warnings matched once, as the server stores
 * them, and the server started again on the same data. Through the API it would take ten
 * minutes (20 messages a minute per sender). The text is the costliest for the warning patterns
 * we found (about 1 ms per message to match on this machine).
 */
async function seedLongConversation(): Promise<{ id: string; buyer: User }> {
  const seller = await register(client, 'seller');
  const buyer = await register(client, 'buyer');
  const categoryId = await addCategory(client, seller, `Attack chat ${Date.now()}`);
  const product = await client.call<{ insertedId: string }>(
    'POST',
    apiUrl(apiRoutes.createProduct),
    { token: seller.token, body: productBody(categoryId, 7) },
  );
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const started = await client.call<{ conversation_id: string }>(
    'POST',
    apiUrl(apiRoutes.startConversation),
    {
      token: buyer.token,
      body: { product_id: product.body.insertedId, text: 'Is it still for sale?' },
    },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = started.body.conversation_id;

  client.close();
  await server.stop();
  const handle = storage.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: storage.databaseUrl }, { poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dir: path.join(storage.dataDir, 'db') });
  try {
    const [row] = await handle.db
      .select({ buyerId: conversations.buyerId, sellerId: conversations.sellerId })
      .from(conversations)
      .where(eq(conversations.id, id));
    const text = (i: number) =>
      `${i} Send the deposit by western union first. ${'send '.repeat(400)}`.slice(0, 2000);
    const hourAgo = Date.now() - 3_600_000;
    await handle.db.insert(messages).values(
      Array.from({ length: 200 }, (_, i) => ({
        conversationId: id,
        senderId: i % 2 === 0 ? row!.sellerId : row!.buyerId,
        body: text(i),
        kind: 'text' as const,
        warnings: messageWarnings(text(i)),
        createdAt: new Date(hourAgo + i * 1000),
      })),
    );
  } finally {
    await handle.close();
  }
  server = await startServer(storage, { env: serverEnv, timeoutMs: startMs });
  client = new Client(server.baseUrl, 128);
  return { id, buyer };
}

describe('the fourth attack, replayed under load', () => {
  it('1: refuses stalling images at once, 4 at a time, while sign-in, files and health stay fast', async () => {
    const seller = await register(client, 'seller');
    const plain = multipartFile(await plainPng(1), 'car.png', 'image/png');
    const stored = await client.call<{ data: { url: string } }>(
      'POST',
      apiUrl(apiRoutes.uploadImage),
      { token: seller.token, raw: plain },
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const fileUrl = stored.body.data.url;

    const scans = await manyScanJpeg(3000);
    expect(scans.length).toBeLessThan(limits.imageMaxBytes);
    const crafted = [
      { form: multipartFile(scans, 'scans.jpg', 'image/jpeg'), reason: /too many scans/ },
      {
        form: multipartFile(stripPng(1, 40_000_000), 'tall.png', 'image/png'),
        reason: new RegExp(`at most ${limits.imageMaxSide} pixels wide and high`),
      },
      {
        form: multipartFile(stripPng(40_000_000, 1), 'wide.png', 'image/png'),
        reason: new RegExp(`at most ${limits.imageMaxSide} pixels wide and high`),
      },
    ];

    const signInOnce = () => signIn(seller.email, PASSWORD);
    const fileOnce = () => client.call('GET', fileUrl, { deadlineMs: 60_000 });
    const quiet = {
      'sign-in': await quietMedian(signInOnce, 5),
      file: await quietMedian(fileOnce, 5),
      health: await quietMedian(health, 5),
    };

    const UPLOADERS = 6;
    const attackMs = 8000;
    const attack = sleep(attackMs);
    let over = false;
    void attack.then(() => (over = true));
    const uploads: { answer: Answer<{ message?: string }>; reason: RegExp }[] = [];
    const [signIns, files, checks] = await Promise.all([
      loop(attack, signInOnce),
      loop(attack, fileOnce),
      loop(attack, health),
      ...Array.from({ length: UPLOADERS }, async (_, u) => {
        for (let i = u; !over; i++) {
          const { form, reason } = crafted[i % crafted.length]!;
          const answer = await client.call<{ message?: string }>(
            'POST',
            apiUrl(apiRoutes.uploadImage),
            { token: seller.token, raw: form, deadlineMs: 60_000 },
          );
          uploads.push({ answer, reason });
        }
      }),
    ]);

    console.log(
      `finding 1 (${UPLOADERS} uploaders, ${attackMs / 1000} s): uploads ${JSON.stringify(
        tally(uploads.map((u) => u.answer)),
      )} ${describeMs(uploads.map((u) => u.answer))}\n  sign-in ${describeMs(signIns)}\n` +
        `  GET ${fileUrl} ${describeMs(files)}\n  health ${describeMs(checks)}\n` +
        `  quiet medians (ms): ${JSON.stringify(quiet)}`,
    );
    expect(uploads.length).toBeGreaterThanOrEqual(UPLOADERS);
    for (const { answer, reason } of uploads) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toMatch(reason);
    }
    // Refused before decoding: no upload waits behind another one's decode.
    expect(
      percentile(
        uploads.map((u) => u.answer.ms),
        0.95,
      ),
    ).toBeLessThan(fastBound(Math.max(...Object.values(quiet))));
    for (const [name, answers] of [
      ['sign-in', signIns],
      ['file', files],
      ['health', checks],
    ] as const) {
      expect(tally(answers), name).toEqual({ 200: answers.length });
      expect(
        percentile(
          answers.map((a) => a.ms),
          0.95,
        ),
        name,
      ).toBeLessThan(fastBound(quiet[name]));
    }
  });

  it('2: counts parallel sign-ins and resets in every request shape on the account, up to its limit', async () => {
    const owner = await register(client, 'buyer');
    const shapes = [
      authPaths.signIn,
      `${authPaths.signIn}#x`,
      '/api/auth/x/../sign-in/email',
      '/api/auth/x/%2e%2e/sign-in/email',
      '/api/x/../auth/sign-in/email#y',
    ];
    const json = JSON.stringify({ email: owner.email, password: 'wrong-guess-1' });
    const twice = new URLSearchParams([
      ['email', `decoy-${Date.now()}@stress.test`],
      ['email', owner.email],
      ['password', 'wrong-guess-1'],
    ]).toString();
    const ATTEMPTS = 120;
    const attempts = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        i % 6 === 5
          ? client.call<{ message?: string }>('POST', authPaths.signIn, {
              headers: { origin: stressOrigin },
              raw: { bytes: twice, contentType: 'application/x-www-form-urlencoded' },
              deadlineMs: 120_000,
            })
          : client.call<{ message?: string }>('POST', shapes[i % 6]!, {
              headers: { origin: stressOrigin },
              raw: { bytes: json, contentType: 'application/json' },
              verbatim: true,
              deadlineMs: 120_000,
            }),
      ),
    );
    const forms = attempts.filter((_, i) => i % 6 === 5);
    const guesses = attempts.filter((_, i) => i % 6 !== 5);
    console.log(
      `finding 2 (${ATTEMPTS} parallel sign-ins): guesses ${JSON.stringify(tally(guesses))}, ` +
        `email twice ${JSON.stringify(tally(forms))}, ${describeMs(attempts)}`,
    );
    // A form naming `email` twice is refused whole, its password never checked.
    for (const answer of forms) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toMatch(/email.*once/i);
    }
    // Every other shape counts on the one account: at most ACCOUNT_MAX passwords checked (401).
    expect(guesses.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(guesses.filter((a) => a.status === 401).length).toBeLessThanOrEqual(ACCOUNT_MAX);
    expect(guesses.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(
      guesses.length - ACCOUNT_MAX,
    );
    // The account is locked from this address now, even for its owner's right password.
    expect((await signIn(owner.email, PASSWORD)).status).toBe(429);

    // Reset requests in parallel through dot segments and fragments: at most ACCOUNT_MAX mails.
    const other = await register(client, 'buyer');
    const resetShapes = [
      authPaths.requestPasswordReset,
      '/api/x/../auth/request-password-reset#y',
      '/api/auth/x/%2e%2e/request-password-reset',
    ];
    const resets = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        client.call('POST', resetShapes[i % resetShapes.length]!, {
          headers: { origin: stressOrigin },
          raw: {
            bytes: JSON.stringify({ email: other.email, redirectTo: '/reset-password' }),
            contentType: 'application/json',
          },
          verbatim: true,
          deadlineMs: 120_000,
        }),
      ),
    );
    console.log(`  resets ${JSON.stringify(tally(resets))}`);
    expect(resets.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(resets.filter((a) => a.status === 200).length).toBeLessThanOrEqual(ACCOUNT_MAX);
  });

  it('5: refuses most of 300 unique VINs from one account at once; listing pages stay fast', async () => {
    const seller = await register(client, 'seller');
    const attacker = await register(client, 'seller');
    const categoryId = await addCategory(client, seller, `Attack VINs ${Date.now()}`);
    // Listings whose VINs are decoded when they are saved (a job), read throughout the attack.
    const listingIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await client.call<{ insertedId: string }>(
        'POST',
        apiUrl(apiRoutes.createProduct),
        {
          token: seller.token,
          body: { ...productBody(categoryId, 500 + i), vin: vinFor(900_000 + i) },
        },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      listingIds.push(created.body.insertedId);
    }
    const page = (i: number) =>
      // Signed in: a personal answer, never from the public cache.
      client.call('GET', apiUrl(apiRoutes.getListing, { params: { id: listingIds[i % 4]! } }), {
        token: seller.token,
        deadlineMs: 60_000,
      });
    let n = 0;
    const quietPage = await quietMedian(() => page(n++), 8);
    const quietHealth = await quietMedian(health, 5);

    const VINS = 300;
    let next = 0;
    const base = 100_000 + (Date.now() % 500_000);
    const lookups: Answer<{ message?: string }>[] = [];
    const attack = Promise.all(
      Array.from({ length: 24 }, async () => {
        while (next < VINS) {
          const vin = vinFor(base + next++);
          lookups.push(
            await client.call<{ message?: string }>('GET', `/api/vin/${vin}`, {
              token: attacker.token,
              deadlineMs: 60_000,
            }),
          );
        }
      }),
    );
    const [pages, checks] = await Promise.all([
      loop(attack, () => page(n++)),
      loop(attack, health),
      attack,
    ]);
    console.log(
      `finding 5 (${VINS} VINs, 24 at a time): ${JSON.stringify(tally(lookups))} ` +
        `${describeMs(lookups)}\n  listing pages ${describeMs(pages)}\n  health ${describeMs(checks)}\n` +
        `  quiet medians: page ${quietPage.toFixed(0)} ms, health ${quietHealth.toFixed(0)} ms`,
    );
    expect(lookups).toHaveLength(VINS);
    expect(lookups.filter((a) => a.status === 200).length).toBeLessThanOrEqual(VIN_MAX);
    const refused = lookups.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 429 || a.status === 503)).toBe(true);
    expect(refused.every((a) => Number(a.headers['retry-after']) > 0)).toBe(true);
    expect(tally(pages)).toEqual({ 200: pages.length });
    expect(
      percentile(
        pages.map((a) => a.ms),
        0.95,
      ),
    ).toBeLessThan(fastBound(quietPage));
    expect(
      percentile(
        checks.map((a) => a.ms),
        0.95,
      ),
    ).toBeLessThan(fastBound(quietHealth));
  });

  it('6: refuses nested bodies to the beacons before parsing; health stays near its median', async () => {
    const seller = await register(client, 'seller');
    const categoryId = await addCategory(client, seller, `Attack beacons ${Date.now()}`);
    const created = await client.call<{ insertedId: string }>(
      'POST',
      apiUrl(apiRoutes.createProduct),
      { token: seller.token, body: productBody(categoryId, 600) },
    );
    expect(created.status).toBe(201);
    const view = apiUrl(apiRoutes.recordView, { params: { id: created.body.insertedId } });
    const impressions = apiUrl(apiRoutes.recordImpressions);
    // The attack's bodies: 1 MiB of nested arrays, and (within the small limit) 7 KiB of them.
    const bodies = [
      { url: view, json: nestedJson('visitor_id', 1024 * 1024) },
      { url: impressions, json: nestedJson('product_ids', 1024 * 1024) },
      { url: view, json: nestedJson('visitor_id', 7 * 1024) },
      { url: impressions, json: nestedJson('product_ids', 7 * 1024) },
    ];
    const baseline = await healthBaseline();

    const attackMs = 8000;
    const attack = sleep(attackMs);
    let over = false;
    void attack.then(() => (over = true));
    const beacons: Answer<{ message?: string }>[] = [];
    // Which answers are to a 1 MiB body: the server may answer those 413 from their length and
    // close the connection while the body is still being sent, which the sender sees as EPIPE
    // or ECONNRESET instead of the status (refused before parsing all the same).
    const large = new Set<Answer<{ message?: string }>>();
    const [checks] = await Promise.all([
      loop(attack, health),
      ...Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; !over; i++) {
          const { url, json } = bodies[i % bodies.length]!;
          const answer = await client.call<{ message?: string }>('POST', url, {
            raw: { bytes: json, contentType: 'application/json' },
            deadlineMs: 60_000,
          });
          beacons.push(answer);
          if (json.length > 64 * 1024) large.add(answer);
        }
      }),
    ]);
    const p50 = percentile(
      checks.map((a) => a.ms),
      0.5,
    );
    console.log(
      `finding 6 (8 senders, ${attackMs / 1000} s): beacons ${JSON.stringify(tally(beacons))} ` +
        `${describeMs(beacons)}\n  health before p50 ${baseline.toFixed(1)} ms, during ${describeMs(checks)}`,
    );
    expect(beacons.length).toBeGreaterThan(8);
    // 413 for the large ones (their size alone), 400 naming the depth for the small ones.
    for (const answer of beacons) {
      if (large.has(answer) && answer.status === 0) {
        expect(String(answer.error)).toMatch(/EPIPE|ECONNRESET/);
        continue;
      }
      expect([400, 413], JSON.stringify(answer.body ?? answer.error)).toContain(answer.status);
      if (answer.status === 400) expect(answer.body.message).toMatch(/nested.*32/);
    }
    expect(tally(checks)).toEqual({ 200: checks.length });
    // Near the baseline: the attack moved the median from 4 to 351 ms before its fix.
    expect(p50).toBeLessThan(baseline + NEAR_MEDIAN_MS);
    expect(
      percentile(
        checks.map((a) => a.ms),
        0.95,
      ),
    ).toBeLessThan(fastBound(baseline));
  });

  it('7: reads a 200-message conversation in a loop, in parallel, without slowing the server', async () => {
    const read = () =>
      client.call<{ messages: { mine: boolean; warnings: { code: string }[] }[] }>(
        'GET',
        apiUrl(apiRoutes.listMessages, { params: { id: chat.id }, query: { limit: 200 } }),
        { token: chat.buyer.token, deadlineMs: 60_000 },
      );
    const first = await read();
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
    expect(first.body.messages).toHaveLength(200);
    // The seller's messages (the buyer sees warnings on the other side's only): the 99 seeded
    // ones on this page, every one warned about as stored.
    const theirs = first.body.messages.filter((m) => !m.mine);
    expect(theirs).toHaveLength(99);
    for (const message of theirs) {
      expect(message.warnings.map((w) => w.code)).toContain('off_platform_payment');
    }
    const baseline = await healthBaseline();

    const attack = sleep(8000);
    const [checks, ...readers] = await Promise.all([
      loop(attack, health),
      ...Array.from({ length: 6 }, () => loop(attack, read)),
    ]);
    const reads = readers.flat();
    const p50 = percentile(
      checks.map((a) => a.ms),
      0.5,
    );
    console.log(
      `finding 7 (6 readers, 8 s): reads ${JSON.stringify(tally(reads))} ${describeMs(reads)}\n` +
        `  health before p50 ${baseline.toFixed(1)} ms, during ${describeMs(checks)}`,
    );
    expect(tally(reads)).toEqual({ 200: reads.length });
    expect(tally(checks)).toEqual({ 200: checks.length });
    expect(p50).toBeLessThan(baseline + NEAR_MEDIAN_MS);
    expect(
      percentile(
        checks.map((a) => a.ms),
        0.95,
      ),
    ).toBeLessThan(fastBound(baseline));
  });

  it("8: one buyer's parallel offers, withdrawals and messages write at most 20 messages a minute", async () => {
    const seller = await register(client, 'seller');
    const buyer = await register(client, 'buyer');
    const categoryId = await addCategory(client, seller, `Attack offers ${Date.now()}`);
    const listingIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await client.call<{ insertedId: string }>(
        'POST',
        apiUrl(apiRoutes.createProduct),
        { token: seller.token, body: productBody(categoryId, 800 + i) },
      );
      expect(created.status).toBe(201);
      listingIds.push(created.body.insertedId);
    }
    const started = await client.call<{ conversation_id: string }>(
      'POST',
      apiUrl(apiRoutes.startConversation),
      { token: buyer.token, body: { product_id: listingIds[0]!, text: 'Hello, is it available?' } },
    );
    expect(started.status).toBe(201);
    const conversationId = started.body.conversation_id;

    /** Actions that wrote a message (2xx), and the refusals. */
    const written: Answer[] = [started];
    const refused: Answer<{ message?: string }>[] = [];
    const note = (answer: Answer<{ message?: string }>) =>
      (answer.status >= 200 && answer.status < 300 ? written : refused).push(answer);
    const cycle = async (productId: string) => {
      // Offer and withdraw, three times (the offers allowed on a listing in 24 hours).
      for (let round = 0; round < 3; round++) {
        const offered = await client.call<{ offer_id: string; message?: string }>(
          'POST',
          apiUrl(apiRoutes.createOffer),
          {
            token: buyer.token,
            body: {
              product_id: productId,
              amount: 500,
              customer_phone: '01711111111',
              meeting_location: 'Gulshan 2',
            },
            deadlineMs: 60_000,
          },
        );
        note(offered);
        if (offered.status !== 201) return;
        const withdrawn = await client.call<{ message?: string }>(
          'PATCH',
          apiUrl(apiRoutes.updateOffer, { params: { id: offered.body.offer_id } }),
          { token: buyer.token, body: { action: 'withdraw' }, deadlineMs: 60_000 },
        );
        note(withdrawn);
        if (withdrawn.status !== 200) return;
      }
    };
    const typing = async () => {
      for (let i = 0; i < 8; i++) {
        note(
          await client.call(
            'POST',
            apiUrl(apiRoutes.sendMessage, { params: { id: conversationId } }),
            { token: buyer.token, body: { text: `Still there? ${i}` }, deadlineMs: 60_000 },
          ),
        );
      }
    };
    await Promise.all([...listingIds.map((id) => cycle(id)), typing(), typing()]);

    // What the buyer sent, read back: every conversation's messages marked `mine`.
    const list = await client.call<{ _id: string }[]>(
      'GET',
      apiUrl(apiRoutes.listConversations, { query: { limit: 100 } }),
      { token: buyer.token },
    );
    expect(list.status).toBe(200);
    let sent = 0;
    for (const conversation of list.body) {
      const page = await client.call<{ messages: { mine: boolean }[] }>(
        'GET',
        apiUrl(apiRoutes.listMessages, { params: { id: conversation._id }, query: { limit: 200 } }),
        { token: buyer.token },
      );
      sent += page.body.messages.filter((m) => m.mine).length;
    }
    console.log(
      `finding 8: written ${written.length}, refused ${JSON.stringify(tally(refused))}, ` +
        `messages sent ${sent} in ${list.body.length} conversations`,
    );
    expect(sent).toBeLessThanOrEqual(20);
    expect(sent).toBe(written.length);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(429);
    }
    expect(
      refused.some((a) => /20 messages a minute/.test(a.body.message ?? '')),
      JSON.stringify(refused.map((a) => a.body)),
    ).toBe(true);
  });
});
