/**
 * `npm run bench`: generates data at scale into a fresh database, starts the
 * production server on it, and drives it with autocannon (keep-alive, 50 connections, 10 s per
 * endpoint after a 2 s warm-up). In the same run it measures a bare node:http server answering
 * the same bodies from memory as the ceiling on this machine (in rounds taken in turn with the
 * server, `measureInTurn`), then prints requests/s, p50/p99
 * latency (ms), errors (non-2xx + socket errors) and the ratio to the ceiling — and to the
 * same ceiling sending the server's own headers too (security headers, ETag, Vary: the bytes
 * on the wire without the framework), and the CPU time per request of the server's process and of
 * the ceiling's with their ratio (load-robust: on a shared machine requests/s follow the other
 * processes' demand, CPU time per request hardly does) — and writes
 * bench/results/<time>.json and .md. Then `GET /api/search` with several filter mixes,
 * one request at a time: p50/p95/p99 latency per mix (bench/search.ts; target p95 ≤ 50 ms).
 * Then price guidance (bench/price-guidance.ts; target p95 ≤ 30 ms at 1,000,000
 * listings), the same way. Last, saved-search alert matching
 * (bench/saved-search-alerts.ts). The `photos` part (decision 0028, bench/duplicate-photos.ts;
 * target p95 ≤ 20 ms) runs first, on a database of its own with --photos N (1,000,000) photo
 * hashes, and needs no server.
 *
 * The `cache` part (with DATABASE_URL and the `nginx` binary; skipped, saying why, without them)
 * measures anonymous reads through the HTTP cache in front of two instances (docs/deploy.md,
 * "An HTTP cache in front"): a second instance of the server on the same database, nginx with
 * the committed deploy/nginx/second-gear.conf.template in front of both (`worker_processes
 * auto`), and the home page, a category page's API read, a listing page, a search page and a
 * hashed asset measured through it against the same one-process node:http ceiling (goal
 * ≥ 150 %), CPU time per request of nginx's workers.
 *
 * Options: --products N (default 100000), --duration S (10; split over the rounds),
 * --rounds N (3: the server and the ceilings measured in turn, medians kept), --connections N (50),
 * --skip-generate (reuse bench/.data, or the server database `sg_bench`/BENCH_DATABASE),
 * --only endpoints|cache|search|price|alerts|photos (comma-separated; default all six), --search-requests N
 * (200 per mix); `--only insights` (not in the default) measures seller insights
 * (bench/insights.ts: the listing page with and without view recording, the insights query for
 * a seller with 200 listings over 90 days, time to sell) on a PostgreSQL server. Uses DATABASE_URL when set (data in `sg_bench`, or BENCH_DATABASE); BENCH_PORT
 * moves the server under test off port 3190 (the ceiling takes the next port, the `cache` part's
 * second instance and nginx the two after it).
 * E.g. the search part alone on a 1M database generated once:
 * `BENCH_DATABASE=bench_search_1m DATABASE_URL=postgres://… npm run bench -- --skip-generate
 * --products 1000000 --only search`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchDatabase, generate } from './generate.js';
import { measureInsights, type InsightsBench } from './insights.js';
import { measurePriceGuidance } from './price-guidance.js';
import { measurePlaces, measureSearch, type SearchLatency } from './search.js';
import {
  alertsTable,
  freshAlertsDatabase,
  measureSavedSearchAlerts,
} from './saved-search-alerts.js';
import { freshPhotosDatabase, measureDuplicatePhotos, photosTable } from './duplicate-photos.js';
import { findNginx, startNginx, type RunningNginx } from '../tests/stress/support/nginx.js';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    'skip-generate': { type: 'boolean', default: false },
    only: { type: 'string', default: 'endpoints,cache,search,price,alerts,photos' },
    // `insights` (decision 0029) runs only when asked for: it needs a PostgreSQL server.
    'search-requests': { type: 'string', default: '200' },
    photos: { type: 'string', default: '1000000' },
  },
});
const parts = new Set(values.only.split(',').map((part) => part.trim()));
for (const part of parts) {
  if (!['endpoints', 'cache', 'search', 'price', 'alerts', 'photos', 'insights'].includes(part))
    throw new Error(
      `--only: unknown part "${part}" (endpoints, cache, search, price, alerts, photos, insights)`,
    );
}
const products = Number(values.products);
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Math.max(1, Number(values.rounds));
const dataDir = path.join(root, 'bench/.data');
/** The server under test's port (BENCH_PORT, default 3190) and the ceiling's, the next one. */
const SERVER_PORT = Number(process.env.BENCH_PORT) || 3190;
const CEILING_PORT = SERVER_PORT + 1;
/** The `cache` part's second instance and nginx in front of both. */
const SECOND_PORT = SERVER_PORT + 2;
const NGINX_PORT = SERVER_PORT + 3;
/** Orders of the signed-in buyer whose `GET /api/orders` is measured. */
const ORDERS_PER_BUYER = 20;

/**
 * Signs up a buyer through the identity API, saves its user record, books `count` unsold
 * listings of `categoryId`, and returns its API token (valid 15 minutes: long enough for a run).
 */
async function buyerWithOrders(base: string, categoryId: string, count: number): Promise<string> {
  const origin = { origin: base, 'content-type': 'application/json' };
  const email = `bench-${Date.now()}@bench.example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email, password: 'bench-password', name: 'Bench Buyer' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // Sign-up answers without a session (it must not tell a taken address apart), so
  // sign in as the registration page does.
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const { user } = (await signIn.json()) as { user: { id: string } };
  const headers = { ...origin, cookie };
  const saved = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ displayName: 'Bench Buyer', email, photoURL: '', role: 'buyer' }),
  });
  if (!saved.ok) throw new Error(`saving the user failed: ${saved.status}`);
  const jwt = await fetch(`${base}/api/jwt`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ user: user.id }),
  });
  const { token } = (await jwt.json()) as { token: string };
  const listing = (await (await fetch(`${base}/api/category/${categoryId}?limit=100`)).json()) as {
    _id: string;
    order_status: boolean;
  }[];
  const unsold = listing.filter((product) => !product.order_status).slice(0, count);
  for (const product of unsold) {
    const booked = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        customer_info: { customer_phone: '01800000000', meeting_location: 'Bench Street 1' },
        product_info: { product_id: product._id },
        seller_info: {},
        order_status: false,
      }),
    });
    if (!booked.ok) throw new Error(`booking failed: ${booked.status} ${await booked.text()}`);
  }
  return token;
}

interface Endpoint {
  name: string;
  path: string;
  headers?: Record<string, string>;
}
interface Row {
  endpoint: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  ceilingRequestsPerSecond: number;
  ratio: number;
  /** The ceiling sending the server's own headers (security headers, ETag, …) too. */
  sameHeadersCeilingRequestsPerSecond: number;
  sameHeadersRatio: number;
  /**
   * CPU time per request (µs) of the server's process and of the bare ceiling's, and their
   * ratio (ceiling ÷ server, per round, median): what share of the ceiling's rate the server
   * would reach with a core of its own. Unlike requests/s it hardly moves with the machine's
   * load (other processes take turns on the cores, not instructions from each request).
   */
  cpuPerRequestUs: number;
  ceilingCpuPerRequestUs: number;
  cpuRatio: number;
}

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern}:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time (user + system) the answering process spent per request, µs; NaN if unknown. */
  cpuPerRequestUs: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** The process or processes that answer a target: their CPU time is summed. */
type Pids = number | readonly number[] | undefined;

/**
 * CPU time (user + system, µs) process `pid` has used so far (the sum, for several), from
 * /proc/<pid>/stat (Linux), or NaN where that cannot be read. The 14th and 15th fields, counted
 * after the command's `)`.
 */
function cpuTimeUs(pid: Pids): number {
  if (pid === undefined) return NaN;
  if (typeof pid !== 'number') return pid.reduce((sum, one) => sum + cpuTimeUs(one), 0);
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / USER_HZ;
  } catch {
    return NaN;
  }
}

/**
 * One autocannon run of `seconds` against `url` (after a 2 s warm-up when `warm` is false);
 * `pid` is the answering process, whose CPU time per request is taken over the run.
 */
async function measure(
  url: string,
  pid: Pids,
  headers: Record<string, string> = {},
  { seconds = duration, warm = false }: { seconds?: number; warm?: boolean } = {},
): Promise<Measured> {
  if (!warm) await autocannon({ url, connections, duration: 2, headers });
  const cpuBefore = cpuTimeUs(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpu = cpuTimeUs(pid) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequestUs: cpu / Math.max(1, result.requests.total),
  };
}

/** The middle value of `values` (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The X-Cache-Status of a GET of `url` sent as autocannon sends it (no Accept-Encoding: the same
 * variant of the cached answer), or `none`.
 */
function cacheStatusOf(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.headers['x-cache-status'] ?? 'none')));
      })
      .on('error', reject);
  });
}

/**
 * The server and the two ceilings measured in turn, `rounds` times, `duration / rounds` seconds
 * each (each warmed up once): on a shared machine whose speed drifts over a minute, back-to-back
 * slices compare like with like, where one long run per target let the drift decide the ratio.
 * Requests/s are the medians of the rounds, the ratios the medians of the per-round ratios;
 * latencies and errors are the server's over all rounds (worst p99, summed errors).
 */
async function measureInTurn(
  targets: { server: string; ceiling: string; serverPid?: Pids; ceilingPid?: number },
  headers: Record<string, string> | undefined,
): Promise<Omit<Row, 'endpoint' | 'path'>> {
  const seconds = Math.max(2, Math.round(duration / rounds));
  const server: Measured[] = [];
  const bare: Measured[] = [];
  const same: Measured[] = [];
  for (let round = 0; round < rounds; round++) {
    const warm = round > 0;
    server.push(await measure(targets.server, targets.serverPid, headers, { seconds, warm }));
    bare.push(await measure(targets.ceiling, targets.ceilingPid, {}, { seconds, warm }));
    same.push(
      await measure(
        targets.ceiling,
        targets.ceilingPid,
        { 'x-ceiling-headers': 'same' },
        { seconds, warm },
      ),
    );
  }
  const rps = (list: Measured[]) => median(list.map((m) => m.requestsPerSecond));
  const ratios = (ceiling: Measured[]) =>
    median(server.map((m, i) => m.requestsPerSecond / ceiling[i]!.requestsPerSecond));
  return {
    requestsPerSecond: rps(server),
    p50: median(server.map((m) => m.p50)),
    p99: Math.max(...server.map((m) => m.p99)),
    errors: server.reduce((sum, m) => sum + m.errors, 0),
    ceilingRequestsPerSecond: rps(bare),
    ratio: ratios(bare),
    sameHeadersCeilingRequestsPerSecond: rps(same),
    sameHeadersRatio: ratios(same),
    cpuPerRequestUs: median(server.map((m) => m.cpuPerRequestUs)),
    ceilingCpuPerRequestUs: median(bare.map((m) => m.cpuPerRequestUs)),
    cpuRatio: median(server.map((m, i) => bare[i]!.cpuPerRequestUs / m.cpuPerRequestUs)),
  };
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('build failed');

  // Decision 0028: the duplicate-photo lookup, on a database of its own (no server needed).
  let photosMarkdown = '';
  if (parts.has('photos')) {
    console.log(`Generating ${values.photos} photo hashes and measuring the duplicate lookup…`);
    const photosDatabase = await freshPhotosDatabase(values['skip-generate']);
    try {
      photosMarkdown = photosTable(
        await measureDuplicatePhotos(photosDatabase.handle, { photos: Number(values.photos) }),
        photosDatabase.label,
      );
      console.log(`\n${photosMarkdown}\n`);
    } finally {
      await photosDatabase.handle.close();
    }
    if (parts.size === 1) {
      const resultsDir = path.join(root, 'bench/results');
      mkdirSync(resultsDir, { recursive: true });
      const stamp = new Date().toISOString().replaceAll(':', '-');
      writeFileSync(path.join(resultsDir, `${stamp}.md`), `${photosMarkdown}\n`);
      return;
    }
  }

  let databaseUrl: string | undefined;
  if (values['skip-generate']) {
    if (process.env.DATABASE_URL) {
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${benchDatabase}`;
      databaseUrl = url.toString();
    }
  } else {
    console.log(`Generating ${products} listings…`);
    const generated = await generate({ products, dataDir, serverUrl: process.env.DATABASE_URL });
    databaseUrl = generated.databaseUrl;
    console.log(generated);
  }

  /** An instance of the production server on `port`, on the bench's data. */
  const startInstance = (port: number) =>
    spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
      env: instanceEnv(port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const instanceEnv = (port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${SERVER_PORT}`,
    WRITE_RATE_LIMIT_MAX: '1000000',
    BEACON_RATE_LIMIT_MAX: '1000000',
    VISITOR_ID_HOURLY_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000000',
    AUTH_ACCOUNT_RATE_LIMIT_MAX: '1000000',
    // A scripted client: no proof of work at sign-up (decision 0044).
    PROOF_OF_WORK: 'off',
    BOOKING_OPEN_MAX: '1000000',
    BOOKING_DAILY_MAX: '1000000',
    CATEGORY_DAILY_MAX: '1000000',
    UPLOAD_DAILY_MAX_COUNT: '1000000',
    NODE_ENV: 'production',
  });
  const server = startInstance(SERVER_PORT);
  // The `cache` part needs a second instance on the same database, and nginx.
  const nginxBinary = findNginx();
  const cacheSkipped = !parts.has('cache')
    ? 'not asked for'
    : !databaseUrl
      ? 'no DATABASE_URL: two instances need a PostgreSQL server'
      : !nginxBinary
        ? 'no nginx binary (apt-get install nginx)'
        : undefined;
  if (parts.has('cache') && cacheSkipped) console.log(`HTTP cache part skipped: ${cacheSkipped}`);
  let second: ChildProcess | undefined;
  let nginx: RunningNginx | undefined;
  const nginxDir = path.join(os.tmpdir(), `second-gear-bench-nginx-${process.pid}`);
  const ceilingBodies = path.join(os.tmpdir(), `second-gear-ceiling-${process.pid}.json`);
  let ceiling: ChildProcess | undefined;
  try {
    await waitForLine(server, /running at/, 120_000);
    const base = `http://127.0.0.1:${SERVER_PORT}`;
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as { _id: string }[];
    const rows: Row[] = [];
    /** Through the HTTP cache in front of two instances (the `cache` part). */
    const cacheRows: (Row & { cacheStatus: string })[] = [];
    const firstPage = (await (
      await fetch(`${base}/api/category/${categories[0]?._id}?limit=1`)
    ).json()) as { _id: string }[];
    const productId = firstPage[0]?._id ?? '';
    const asset = readdirSync(path.join(root, 'dist/web/assets')).find((file) =>
      file.endsWith('.js'),
    );
    const endpoints: Endpoint[] = [];
    if (parts.has('endpoints')) {
      const token = await buyerWithOrders(base, categories[1]?._id ?? '', ORDERS_PER_BUYER);
      endpoints.push(
        { name: 'GET /api/categories', path: '/api/categories' },
        { name: 'GET /api/promoted-product/', path: '/api/promoted-product/' },
        {
          name: 'GET /api/category/{id} (first page)',
          path: `/api/category/${categories[0]?._id}`,
        },
        { name: 'GET /api/product/{id} (listing)', path: `/api/product/${productId}` },
        { name: 'GET /api/search?q=toyota (cached search)', path: '/api/search?q=toyota' },
        { name: 'GET / (home HTML)', path: '/' },
        { name: 'GET /assets/*.js (hashed asset)', path: `/assets/${asset}` },
        {
          name: `GET /api/orders (signed in, ${ORDERS_PER_BUYER} orders)`,
          path: '/api/orders',
          headers: { authorization: `Bearer ${token}` },
        },
      );
    }
    const cacheEndpoints: Endpoint[] = cacheSkipped
      ? []
      : [
          { name: 'GET / (home page)', path: '/' },
          {
            name: "GET /api/category/{id} (a category page's read)",
            path: `/api/category/${categories[0]?._id}`,
          },
          { name: 'GET /listing/{id} (listing page)', path: `/listing/${productId}` },
          { name: 'GET /search?q=Toyota (search page)', path: '/search?q=Toyota' },
          { name: 'GET /assets/*.js (hashed asset)', path: `/assets/${asset}` },
        ];

    if (endpoints.length || cacheEndpoints.length) {
      // The ceiling answers the same bodies, captured from the real server.
      // `headers`: every header the server sent but the per-connection ones, for the second
      // ceiling (the same bytes on the wire, without the framework).
      const routes: Record<
        string,
        { type: string; body: string; headers: Record<string, string> }
      > = {};
      const perConnection = new Set([
        'date',
        'connection',
        'keep-alive',
        'content-length',
        'transfer-encoding',
        'content-type',
      ]);
      for (const endpoint of [...endpoints, ...cacheEndpoints]) {
        // With the endpoint's own headers: the signed-in body, not a 401.
        const response = await fetch(`${base}${endpoint.path}`, {
          headers: { ...endpoint.headers, 'accept-encoding': 'identity' },
        });
        if (!response.ok) throw new Error(`${endpoint.path}: ${response.status}`);
        routes[endpoint.path] = {
          type: response.headers.get('content-type') ?? 'application/octet-stream',
          body: Buffer.from(await response.arrayBuffer()).toString('base64'),
          headers: Object.fromEntries(
            [...response.headers].filter(([name]) => !perConnection.has(name)),
          ),
        };
      }
      writeFileSync(ceilingBodies, JSON.stringify(routes));
      ceiling = spawn(
        process.execPath,
        [path.join(root, 'bench/ceiling-server.mjs'), ceilingBodies, String(CEILING_PORT)],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      await waitForLine(ceiling, /ready/, 10_000);
    }

    for (const endpoint of endpoints) {
      console.log(`Measuring ${endpoint.name}…`);
      rows.push({
        endpoint: endpoint.name,
        path: endpoint.path,
        ...(await measureInTurn(
          {
            server: `${base}${endpoint.path}`,
            ceiling: `http://127.0.0.1:${CEILING_PORT}${endpoint.path}`,
            serverPid: server.pid,
            ceilingPid: ceiling!.pid,
          },
          endpoint.headers,
        )),
      });
    }

    if (cacheEndpoints.length) {
      second = startInstance(SECOND_PORT);
      await waitForLine(second, /running at/, 120_000);
      nginx = await startNginx({
        binary: nginxBinary!,
        dir: nginxDir,
        port: NGINX_PORT,
        instances: [`127.0.0.1:${SERVER_PORT}`, `127.0.0.1:${SECOND_PORT}`],
      });
      // What answers through the cache: nginx's workers. The instances only refresh each URL
      // once its 10 s are up; counting them would count their idle work (job polling, timers:
      // a few % of a core, more per request than nginx's own work at a few hundred req/s).
      const answering = nginx.workerPids();
      for (const endpoint of cacheEndpoints) {
        const url = `${nginx.baseUrl}${endpoint.path}`;
        // Stored by the first request (as autocannon asks: no Accept-Encoding), then a hit.
        await cacheStatusOf(url);
        const cacheStatus = await cacheStatusOf(url);
        console.log(`Measuring ${endpoint.name} through the HTTP cache (${cacheStatus})…`);
        cacheRows.push({
          endpoint: endpoint.name,
          path: endpoint.path,
          cacheStatus,
          ...(await measureInTurn(
            {
              server: url,
              ceiling: `http://127.0.0.1:${CEILING_PORT}${endpoint.path}`,
              serverPid: answering,
              ceilingPid: ceiling!.pid,
            },
            undefined,
          )),
        });
      }
    }

    let search: SearchLatency[] = [];
    if (parts.has('search')) {
      console.log('Measuring GET /api/search (one request at a time)…');
      search = await measureSearch(
        base,
        categories.map((category) => category._id),
        Number(values['search-requests']),
      );
      // Places lookup (decision 0026), reported with the search mixes.
      search.push(await measurePlaces(base, Number(values['search-requests'])));
    }

    let price: SearchLatency[] = [];
    if (parts.has('price')) {
      console.log('Measuring price guidance (one request at a time)…');
      price = await measurePriceGuidance(base, Number(values['search-requests']));
    }

    let insights: InsightsBench | null = null;
    if (parts.has('insights')) {
      if (!databaseUrl) throw new Error('--only insights needs DATABASE_URL (a PostgreSQL server)');
      console.log('Measuring seller insights (one request at a time)…');
      insights = await measureInsights(base, databaseUrl, Number(values['search-requests']));
    }

    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const database = databaseUrl ? 'PostgreSQL server' : 'embedded PGlite';
    const header = `${products.toLocaleString('en-US')} listings, ${database}, ${connections} connections, ${duration} s per endpoint, ${machine}`;
    const table = [
      `| Endpoint | req/s | p50 ms | p99 ms | errors | ceiling req/s | ratio | ceiling with the same headers, req/s | ratio to it | CPU µs/request | ceiling CPU µs/request | CPU ratio |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
      ...rows.map(
        (r) =>
          `| ${r.endpoint} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.ceilingRequestsPerSecond)} | ${(r.ratio * 100).toFixed(0)}% | ${Math.round(r.sameHeadersCeilingRequestsPerSecond)} | ${(r.sameHeadersRatio * 100).toFixed(0)}% | ${r.cpuPerRequestUs.toFixed(1)} | ${r.ceilingCpuPerRequestUs.toFixed(1)} | ${(r.cpuRatio * 100).toFixed(0)}% |`,
      ),
    ].join('\n');
    const cacheTable = cacheRows.length
      ? [
          `Through the HTTP cache: nginx (deploy/nginx/second-gear.conf.template, worker_processes auto on ${os.cpus().length} cores) in front of two instances, against one bare node:http process (goal ≥ 150 %); CPU time of nginx's workers:`,
          '',
          `| Endpoint | X-Cache-Status | req/s | p50 ms | p99 ms | errors | ceiling req/s | ratio | CPU µs/request | ceiling CPU µs/request | CPU ratio |`,
          `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
          ...cacheRows.map(
            (r) =>
              `| ${r.endpoint} | ${r.cacheStatus} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.ceilingRequestsPerSecond)} | ${(r.ratio * 100).toFixed(0)}% | ${r.cpuPerRequestUs.toFixed(1)} | ${r.ceilingCpuPerRequestUs.toFixed(1)} | ${(r.cpuRatio * 100).toFixed(0)}% |`,
          ),
        ].join('\n')
      : '';
    const searchTable = [
      `| Search mix | example | p50 ms | p95 ms | p99 ms | errors |`,
      `|---|---|---:|---:|---:|---:|`,
      ...search.map(
        (r) =>
          `| ${r.mix} | \`${r.example.replace(/category(=|\/)[0-9a-f-]{36}/, 'category$1{id}')}\` | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
      ),
    ].join('\n');
    const priceTable = [
      `| Price guidance mix | example | p50 ms | p95 ms | p99 ms | errors |`,
      `|---|---|---:|---:|---:|---:|`,
      ...price.map(
        (r) =>
          `| ${r.mix} | \`${r.example.replace(/product\/[0-9a-f-]{36}/, 'product/{id}')}\` | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
      ),
    ].join('\n');
    const insightsTable = insights
      ? [
          `| Seller insights | example | p50 ms | p95 ms | p99 ms | errors |`,
          `|---|---|---:|---:|---:|---:|`,
          ...[...insights.page, ...insights.insights].map(
            (r) =>
              `| ${r.mix} | \`${r.example.replace(/[0-9a-f-]{36}/, '{id}')}\` | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
          ),
        ].join('\n')
      : '';
    console.log(
      `\n${header}\n\n${table}\n\n${cacheTable}\n\n${searchTable}\n\n${priceTable}\n\n${insightsTable}\n`,
    );
    const resultsDir = path.join(root, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const stamp = new Date().toISOString().replaceAll(':', '-');
    writeFileSync(
      path.join(resultsDir, `${stamp}.json`),
      JSON.stringify(
        { header, products, database, machine, rows, cacheRows, search, price, insights },
        null,
        2,
      ),
    );
    writeFileSync(
      path.join(resultsDir, `${stamp}.md`),
      `${header}\n\n${table}\n\n${cacheTable}\n\n${searchTable}\n\n${priceTable}\n\n${insightsTable}\n`,
    );
    if (photosMarkdown)
      appendFileSync(path.join(resultsDir, `${stamp}.md`), `\n${photosMarkdown}\n`);
    // Saved-search alert matching (decision 0014), on a database of its own.
    if (!parts.has('alerts')) return;
    console.log('Measuring saved-search alert matching…');
    const alertsDatabase = await freshAlertsDatabase();
    try {
      const alerts = alertsTable(
        await measureSavedSearchAlerts(alertsDatabase.handle),
        alertsDatabase.label,
      );
      console.log(`\n${alerts}\n`);
      appendFileSync(path.join(resultsDir, `${stamp}.md`), `\n${alerts}\n`);
    } finally {
      await alertsDatabase.handle.close();
    }
  } finally {
    await nginx?.stop();
    rmSync(nginxDir, { recursive: true, force: true });
    server.kill('SIGTERM');
    second?.kill('SIGTERM');
    ceiling?.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
