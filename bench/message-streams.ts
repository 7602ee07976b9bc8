/**
 * `npm run bench:streams`: live message streams at scale (`GET /api/messages/stream`,
 * Server-Sent Events; decision 0022). It starts the production build (`dist/server/main.js`,
 * through tests/stress/support/server.ts) on a database prepared beforehand with `--streams`
 * users, each with an identity session, and one conversation per pair of them (buyer = user 2k,
 * seller = user 2k + 1, on a listing of the seller's), written straight into the database so
 * that 10,000 users take seconds, not 10,000 password hashes. API tokens are signed with the
 * servers' AUTH_SECRET (auth/tokens.ts).
 *
 * Then, from this process over node:http (one socket per stream, keep-alive agents):
 * 1. opens one stream per user, `--open-concurrency` at a time, each counted open at its
 *    `ready` event: time per open (p50/p95) and in all;
 * 2. the servers' memory after two full garbage collections (tests/stress/support/memory-probe.mjs)
 *    before and after the streams: RSS and JS heap per stream (bytes);
 * 3. `--idle-seconds` with every stream open and nothing sent (keep-alive comments and the
 *    session checks only): the event-loop delay;
 * 4. `--rounds` rounds of `--messages` messages at `--rate` a second (open loop: a message
 *    leaves on its schedule whether the earlier ones arrived or not), each from a different user
 *    (MESSAGES_PER_MINUTE is per sender), alternately buyer → seller and seller → buyer: fan-out
 *    latency from the POST leaving here to the recipient's stream delivering the `message` event
 *    here (p50/p95/p99/max), the POST's own latency, messages lost (not seen within 10 s), and
 *    the event-loop delay of each server during the round (prom-client's
 *    `nodejs_eventloop_lag_*`, from `GET /metrics`; reset at each scrape).
 *
 * Modes (`--mode`):
 * - `one` (default): one instance, on the embedded PGlite (a fresh DATA_DIR), or on a fresh
 *   database of the PostgreSQL server in DATABASE_URL when that is set.
 * - `two`: two instances on one PostgreSQL server (DATABASE_URL, required: PGlite belongs to one
 *   process) and one Redis (REDIS_URL, else redis://127.0.0.1:6379), as in production behind a
 *   balancer: buyers' streams on the first, sellers' on the second, and every message sent
 *   through its sender's instance, so each one reaches its recipient through Redis pub/sub
 *   (`app.peers`, plugins/invalidation.ts).
 *
 * Options: --streams N (10000), --messages N per round (500), --rate N messages a second (50),
 * --rounds N (3), --idle-seconds S (30), --open-concurrency N (200), --mode one|two, --port P
 * (3196; two instances take P and P + 1). Prints Markdown tables and writes
 * bench/results/streams-<time>.json and .md.
 *
 * Open files: the bench holds one socket per stream and each server one per stream it serves,
 * so the soft `ulimit -n` of the shell must exceed `--streams` by a margin (the bench refuses to
 * start otherwise, naming the limit; Node cannot raise it). Raise it in the shell first, e.g.
 * `ulimit -n 65536` (up to the hard limit, `ulimit -Hn`).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApiTokenService } from '../src/server/auth/tokens.js';
import { openConfiguredDatabase } from '../src/server/db/prepare.js';
import {
  authSession,
  authUser,
  categories,
  conversations,
  products,
  users,
} from '../src/server/db/schema.js';
import { categoryNameKey } from '../src/contract/categories.js';
import {
  createStorage,
  startServer,
  stressOrigin,
  type RunningServer,
} from '../tests/stress/support/server.js';
import { redisAnswers } from '../tests/stress/support/redis.js';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    messages: { type: 'string', default: '500' },
    rate: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    'idle-seconds': { type: 'string', default: '30' },
    'open-concurrency': { type: 'string', default: '200' },
    mode: { type: 'string', default: 'one' },
    port: { type: 'string', default: '3196' },
  },
});

/** A whole number ≥ `min` from option `name`. @throws naming the option */
function wholeNumber(name: keyof typeof values, min: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name}: a whole number ≥ ${min}, not "${String(values[name])}"`);
  }
  return value;
}
const streamCount = wholeNumber('streams', 2);
const messagesPerRound = wholeNumber('messages', 1);
const rate = wholeNumber('rate', 1);
const rounds = wholeNumber('rounds', 1);
const idleSeconds = wholeNumber('idle-seconds', 0);
const openConcurrency = wholeNumber('open-concurrency', 1);
const basePort = wholeNumber('port', 1);
const mode = values.mode;
if (mode !== 'one' && mode !== 'two') throw new Error(`--mode: one or two, not "${mode}"`);
/** Users come in pairs (a buyer and a seller per conversation). */
const userCount = streamCount - (streamCount % 2);
const pairs = userCount / 2;
if (messagesPerRound * rounds > userCount) {
  throw new Error(
    `--messages × --rounds (${messagesPerRound * rounds}) must not exceed the users (${userCount}): each message has a sender of its own`,
  );
}

/** How long a message may take to arrive before it counts as lost (ms). */
const LOST_AFTER_MS = 10_000;
/** The servers' shared secret, so this process can sign their API tokens. */
const authSecret = randomBytes(32).toString('hex');
const metricsToken = randomBytes(16).toString('hex');
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** The soft limit on open files of this process (inherited from the shell), or null. */
function openFilesLimit(): number | null {
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(
    readFileSync('/proc/self/limits', 'utf8'),
  );
  if (!match) return null;
  return match[1] === 'unlimited' ? Infinity : Number(match[1]);
}

const limit = openFilesLimit();
if (limit !== null && limit < userCount + 1000) {
  throw new Error(
    `ulimit -n is ${limit}: ${userCount} streams need at least ${userCount + 1000} open files in this process and as many in the server. Raise it in the shell (e.g. \`ulimit -n 65536\`, at most \`ulimit -Hn\`) and run again.`,
  );
}
if (mode === 'two' && !process.env.DATABASE_URL) {
  throw new Error(
    '--mode two needs DATABASE_URL (a PostgreSQL server: PGlite belongs to one process)',
  );
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function ensureBuild(): Promise<void> {
  const build = spawn(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
    stdio: 'inherit',
  });
  await new Promise((resolve, reject) =>
    build.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error('build')))),
  );
}

interface BenchUser {
  uid: string;
  sessionId: string;
}
interface Pair {
  buyer: BenchUser;
  seller: BenchUser;
  conversationId: string;
}

/**
 * Writes `userCount` identities with a live session and a user record (phone verified, so a first
 * message needs no proof of work), one category, and per pair a listing of the seller's and a
 * conversation with the buyer, in chunks of multi-row inserts.
 */
async function prepareData(storage: { dataDir: string; databaseUrl: string | undefined }) {
  const database = await openConfiguredDatabase(storage);
  try {
    await database.migrate();
    const db = database.db;
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 24 * 3600_000);
    const [category] = await db
      .insert(categories)
      .values({ categoryName: 'Bench cars', nameKey: categoryNameKey('Bench cars') })
      .returning();
    const result: Pair[] = [];
    const chunk = 500;
    for (let start = 0; start < pairs; start += chunk) {
      const size = Math.min(chunk, pairs - start);
      const people: BenchUser[] = [];
      for (let i = 0; i < size * 2; i++) {
        people.push({ uid: `bench-${start * 2 + i}-${randomUUID()}`, sessionId: randomUUID() });
      }
      await db.insert(authUser).values(
        people.map((person, i) => ({
          id: person.uid,
          name: `Bench User ${start * 2 + i}`,
          email: `${person.uid}@bench.example.com`,
          emailVerified: true,
        })),
      );
      await db.insert(authSession).values(
        people.map((person) => ({
          id: person.sessionId,
          token: randomBytes(24).toString('hex'),
          userId: person.uid,
          expiresAt,
        })),
      );
      const records = await db
        .insert(users)
        .values(
          people.map((person, i) => ({
            uid: person.uid,
            displayName: `Bench User ${start * 2 + i}`,
            email: `${person.uid}@bench.example.com`,
            role: 'seller',
            phoneVerifiedAt: now,
          })),
        )
        .returning({ id: users.id, uid: users.uid });
      const recordOf = new Map(records.map((row) => [row.uid, row.id]));
      const listings = await db
        .insert(products)
        .values(
          Array.from({ length: size }, (_, k) => ({
            productName: `Toyota Corolla ${2000 + (k % 25)}`,
            productDescription: 'Well kept, full service history.',
            productImage: '/uploads/bench.webp',
            productImages: ['/uploads/bench.webp'],
            categoryId: category!.id,
            sellerId: recordOf.get(people[2 * k + 1]!.uid)!,
            condition: 'Good',
            resellPriceCents: 850_000,
            originalPriceCents: 1_900_000,
            yearOfUsed: 6,
            sellerLocation: 'Austin',
            sellerPhone: '01700000000',
            listingStatus: 'active' as const,
          })),
        )
        .returning({ id: products.id });
      const started = await db
        .insert(conversations)
        .values(
          listings.map((listing, k) => ({
            productId: listing.id,
            buyerId: recordOf.get(people[2 * k]!.uid)!,
            sellerId: recordOf.get(people[2 * k + 1]!.uid)!,
          })),
        )
        .returning({ id: conversations.id });
      for (let k = 0; k < size; k++) {
        result.push({
          buyer: people[2 * k]!,
          seller: people[2 * k + 1]!,
          conversationId: started[k]!.id,
        });
      }
    }
    return result;
  } finally {
    await database.close();
  }
}

/** One open stream, read here: `message` events whose text is `bench <n>` and not `mine`. */
interface ClientStream {
  close(): void;
}

/** When each bench message left, and where its arrival is noted. */
const sentAt = new Map<number, number>();
const arrivedAt = new Map<number, number>();

const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const postAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * Opens the stream of `token` on `base`; resolves at its `ready` event.
 * @throws when the answer is not 200 or the stream ends before `ready`.
 */
function openStream(base: string, token: string): Promise<ClientStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/messages/stream?max_seconds=3600`,
      { agent: streamAgent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => reject(new Error(`stream: ${response.statusCode} ${body}`)));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        response.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!ready && block.startsWith('event: ready')) {
              ready = true;
              resolve({ close: () => request.destroy() });
            } else if (block.startsWith('event: message') && block.includes('bench ')) {
              const data = block.slice(block.indexOf('data: ') + 6);
              const message = JSON.parse(data) as { text: string; mine: boolean };
              const match = /^bench (\d+)$/.exec(message.text);
              if (match && !message.mine && !arrivedAt.has(Number(match[1]))) {
                arrivedAt.set(Number(match[1]), now);
              }
            }
          }
        });
        response.on('end', () => {
          if (!ready) reject(new Error('the stream ended before it was ready'));
        });
      },
    );
    request.on('error', reject);
  });
}

/** POSTs `text` to the conversation as the holder of `token`; resolves with the status. */
function postMessage(
  base: string,
  token: string,
  conversationId: string,
  text: string,
): Promise<number> {
  const body = JSON.stringify({ text });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/conversations/${conversationId}/messages`,
      {
        method: 'POST',
        agent: postAgent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A few series of a server's `GET /metrics`, in seconds or bytes. */
interface Scrape {
  lagP50: number;
  lagP99: number;
  lagMax: number;
  heapUsed: number;
  rss: number;
  liveStreams: number;
  /** CPU time the process has used (user + system), seconds. */
  cpu: number;
}

async function scrape(server: RunningServer): Promise<Scrape> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const text = await response.text();
  const value = (name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
    return match ? Number(match[1]) : NaN;
  };
  return {
    lagP50: value('nodejs_eventloop_lag_p50_seconds'),
    lagP99: value('nodejs_eventloop_lag_p99_seconds'),
    lagMax: value('nodejs_eventloop_lag_max_seconds'),
    heapUsed: value('nodejs_heap_size_used_bytes'),
    rss: value('process_resident_memory_bytes'),
    liveStreams: value('live_message_connections'),
    cpu: value('process_cpu_seconds_total'),
  };
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

// --- the run ---------------------------------------------------------------------------------

const report: string[] = [];
const say = (line = '') => {
  console.log(line);
  report.push(line);
};

if (mode === 'two' && !(await redisAnswers(redisUrl))) {
  throw new Error(`--mode two needs a Redis at ${redisUrl} (set REDIS_URL)`);
}
await ensureBuild();
const storage = await createStorage('streams');
const servers: RunningServer[] = [];
const opened: ClientStream[] = [];
// Interrupted: the servers and the data go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all(servers.map((server) => server.kill()))
      .then(() => storage.remove())
      .finally(() => process.exit(130));
  });
}
try {
  const preparing = performance.now();
  const pairList = await prepareData(storage);
  const tokens = createApiTokenService(authSecret, stressOrigin);
  const tokenOf = new Map<string, string>();
  for (const pair of pairList) {
    for (const person of [pair.buyer, pair.seller]) {
      tokenOf.set(person.uid, await tokens.issue(person, 2 * 3600));
    }
  }
  const preparedMs = performance.now() - preparing;

  const env: Record<string, string> = {
    AUTH_SECRET: authSecret,
    METRICS_TOKEN: metricsToken,
    // The limit is what this bench measures for; it must not refuse the streams it opens.
    MESSAGE_STREAMS_MAX: String(userCount + 100),
    LOG_LEVEL: 'warn',
  };
  if (mode === 'two') {
    env.REDIS_URL = redisUrl;
    env.REDIS_KEY_PREFIX = `second-gear-bench-streams-${randomUUID()}:`;
  }
  const instances = mode === 'two' ? 2 : 1;
  for (let i = 0; i < instances; i++) {
    servers.push(
      await startServer(storage, {
        env: { ...env, PORT: String(basePort + i) },
        memoryProbe: true,
        timeoutMs: 180_000,
      }),
    );
  }
  /** Buyers' streams and sends on the first instance, sellers' on the last. */
  const buyerServer = servers[0]!;
  const sellerServer = servers[servers.length - 1]!;

  say(`# Live message streams: ${userCount.toLocaleString('en')} streams, mode ${mode}`);
  say();
  say(
    `${new Date().toISOString()}; ${instances} instance(s) on ${storage.databaseUrl ? 'a PostgreSQL server' : 'the embedded PGlite'}${mode === 'two' ? ' and Redis' : ''}; Node ${process.version}; ${os.cpus().length} cores; load average ${loadAverage()} at the start; data prepared in ${(preparedMs / 1000).toFixed(1)} s.`,
  );
  say();

  // Settle (start-up work: the job queue's maintenance, caches), then the baseline memory.
  await sleep(5000);
  const before = await Promise.all(servers.map((server) => server.retainedMemory()));
  const beforeOpen = await Promise.all(servers.map(scrape));

  // Open the streams.
  const openTimes: number[] = [];
  const people = pairList.flatMap((pair) => [
    { person: pair.buyer, server: buyerServer },
    { person: pair.seller, server: sellerServer },
  ]);
  const openingStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: openConcurrency }, async () => {
      while (next < people.length) {
        const { person, server } = people[next++]!;
        const start = performance.now();
        opened.push(await openStream(server.baseUrl, tokenOf.get(person.uid)!));
        openTimes.push(performance.now() - start);
      }
    }),
  );
  const openingMs = performance.now() - openingStart;
  const afterOpen = await Promise.all(servers.map(scrape));
  openTimes.sort((a, b) => a - b);
  await sleep(1000);
  const after = await Promise.all(servers.map((server) => server.retainedMemory()));

  say(`## Opening ${opened.length.toLocaleString('en')} streams`);
  say();
  say(
    `${openConcurrency} at a time: ${(openingMs / 1000).toFixed(1)} s in all (${Math.round(opened.length / (openingMs / 1000))} a second); one open p50 ${ms(quantile(openTimes, 0.5))} ms, p95 ${ms(quantile(openTimes, 0.95))} ms, max ${ms(openTimes.at(-1)!)} ms. Per instance: event-loop delay while opening ${afterOpen.map((s, i) => `p99 ${ms(s.lagP99 * 1000)} ms, max ${ms(s.lagMax * 1000)} ms, server CPU ${ms(((s.cpu - beforeOpen[i]!.cpu) * 1000) / s.liveStreams)} ms per open`).join('; ')}.`,
  );
  say();
  say(
    '| Instance | Streams held | RSS before → after (MiB) | Heap before → after (MiB) | External before → after (MiB) | RSS per stream (bytes) | Heap per stream (bytes) |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  servers.forEach((server, i) => {
    const held = afterOpen[i]!.liveStreams;
    const b = before[i]!;
    const a = after[i]!;
    say(
      `| ${i + 1} | ${held} | ${mib(b.rss)} → ${mib(a.rss)} | ${mib(b.heapUsed)} → ${mib(a.heapUsed)} | ${mib(b.external)} → ${mib(a.external)} | ${Math.round((a.rss - b.rss) / held)} | ${Math.round((a.heapUsed - b.heapUsed) / held)} |`,
    );
  });
  say();

  if (idleSeconds > 0) {
    const idleStart = await Promise.all(servers.map(scrape));
    await sleep(idleSeconds * 1000);
    const idle = await Promise.all(servers.map(scrape));
    say(
      `Idle for ${idleSeconds} s with every stream open (keep-alive comments, session checks): ${idle.map((s, i) => `instance ${i + 1} event-loop delay p50 ${ms(s.lagP50 * 1000)} ms, p99 ${ms(s.lagP99 * 1000)} ms, max ${ms(s.lagMax * 1000)} ms, CPU ${((100 * (s.cpu - idleStart[i]!.cpu)) / idleSeconds).toFixed(1)} % of a core`).join('; ')}.`,
    );
    say();
  }

  say(
    `## Fan-out: ${messagesPerRound} messages a round at ${rate} a second, each from a different sender`,
  );
  say();
  say(
    '| Round | Load average (1 min) | Fan-out p50 (ms) | p95 | p99 | max | POST p50 (ms) | POST p95 | Lost | Not 201 | Event-loop delay p99 / max (ms), per instance | Server CPU per message (ms) |',
  );
  say('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
  const roundResults: unknown[] = [];
  let sequence = 0;
  for (let round = 1; round <= rounds; round++) {
    const roundStartScrape = await Promise.all(servers.map(scrape));
    const load = os.loadavg()[0]!;
    const postTimes: number[] = [];
    let refused = 0;
    const sends: Promise<void>[] = [];
    const roundStart = performance.now();
    const ids: number[] = [];
    for (let k = 0; k < messagesPerRound; k++) {
      const due = roundStart + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const id = sequence++;
      ids.push(id);
      // Senders: the buyer of pair id/2 when id is even, its seller when odd: each user once.
      const pair = pairList[Math.floor(id / 2) % pairs]!;
      const fromBuyer = id % 2 === 0;
      const sender = fromBuyer ? pair.buyer : pair.seller;
      const server = fromBuyer ? buyerServer : sellerServer;
      const start = performance.now();
      sentAt.set(id, start);
      sends.push(
        postMessage(server.baseUrl, tokenOf.get(sender.uid)!, pair.conversationId, `bench ${id}`)
          .then((status) => {
            postTimes.push(performance.now() - start);
            if (status !== 201) refused++;
          })
          .catch(() => {
            refused++;
          }),
      );
    }
    await Promise.all(sends);
    const deadline = performance.now() + LOST_AFTER_MS;
    while (ids.some((id) => !arrivedAt.has(id)) && performance.now() < deadline) await sleep(20);
    const lags = await Promise.all(servers.map(scrape));
    const fanOut = ids
      .filter((id) => arrivedAt.has(id))
      .map((id) => arrivedAt.get(id)! - sentAt.get(id)!)
      .sort((a, b) => a - b);
    postTimes.sort((a, b) => a - b);
    const lost = ids.length - fanOut.length;
    const cpuPerMessage =
      (lags.reduce((sum, s, i) => sum + s.cpu - roundStartScrape[i]!.cpu, 0) * 1000) /
      messagesPerRound;
    say(
      `| ${round} | ${load.toFixed(2)} | ${ms(quantile(fanOut, 0.5))} | ${ms(quantile(fanOut, 0.95))} | ${ms(quantile(fanOut, 0.99))} | ${ms(fanOut.at(-1) ?? NaN)} | ${ms(quantile(postTimes, 0.5))} | ${ms(quantile(postTimes, 0.95))} | ${lost} | ${refused} | ${lags.map((s) => `${ms(s.lagP99 * 1000)} / ${ms(s.lagMax * 1000)}`).join('; ')} | ${ms(cpuPerMessage)} |`,
    );
    roundResults.push({
      round,
      load,
      fanOut: {
        p50: quantile(fanOut, 0.5),
        p95: quantile(fanOut, 0.95),
        p99: quantile(fanOut, 0.99),
        max: fanOut.at(-1),
      },
      post: { p50: quantile(postTimes, 0.5), p95: quantile(postTimes, 0.95) },
      lost,
      refused,
      eventLoop: lags.map((s) => ({ p99: s.lagP99, max: s.lagMax })),
      cpuPerMessageMs: cpuPerMessage,
    });
  }
  say();
  const still = await Promise.all(servers.map(scrape));
  say(
    `Streams still open at the end: ${still.map((s) => s.liveStreams).join(' + ')}; load average ${loadAverage()} (1, 5, 15 min).`,
  );

  const results = path.join(root, 'bench/results');
  mkdirSync(results, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(
    path.join(results, `streams-${stamp}.json`),
    JSON.stringify(
      {
        mode,
        streams: opened.length,
        openingMs,
        openTimes: { p50: quantile(openTimes, 0.5), p95: quantile(openTimes, 0.95) },
        memory: { before, after },
        rounds: roundResults,
      },
      null,
      2,
    ),
  );
  writeFileSync(path.join(results, `streams-${stamp}.md`), `${report.join('\n')}\n`);
} finally {
  for (const stream of opened) stream.close();
  streamAgent.destroy();
  postAgent.destroy();
  await Promise.all(servers.map((server) => server.stop()));
  await storage.remove();
}
