/**
 * `npm run bench:vin` (decision 0041): how much a burst of cold VIN decodes slows every other
 * request, with the decoder in the server's thread (as before) and in its worker thread.
 *
 * Each round starts, for each decoder in turn, a fresh server process (so its decoder is cold)
 * answering `GET /api/health` (`{"status":"ok"}`, no database) and `GET /api/vin/{vin}` through
 * the real decoder modules — `decodeVinInThread` of vin-decoder.ts or `decodeVin` of
 * vin-thread.ts. One client asks `/api/health` one request after another: first for `--idle`
 * seconds alone, then while `--burst` (50) decodes of distinct VINs (different makes and model
 * years: each a cold look-up) are sent at once, until the last answers. Prints p50/p95/max of
 * the health requests (ms) and the burst's duration per decoder, the medians over `--rounds`
 * (3), and the machine's load average.
 *
 * Options: --rounds N (3), --burst N (50), --idle S (3), --port P (3290; BENCH_PORT).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { expectedCheckDigit } from '#server/vehicles/check-digit.js';

type Decoder = 'in-thread' | 'worker';

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3290' },
    rounds: { type: 'string', default: '3' },
    burst: { type: 'string', default: '50' },
    idle: { type: 'string', default: '3' },
  },
});
const port = Number(values.port);

/** The server process: health and VIN decoding with the decoder named by --serve. */
async function serve(decoder: Decoder) {
  const decode =
    decoder === 'worker'
      ? (await import('#server/vehicles/vin-thread.js')).decodeVin
      : (await import('#server/vehicles/vin-decoder.js')).decodeVinInThread;
  const app = Fastify();
  app.get('/api/health', () => ({ status: 'ok' }));
  app.get<{ Params: { vin: string } }>('/api/vin/:vin', async (request) =>
    decode(request.params.vin),
  );
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
}

/** `vin` with its check digit (position 9) right. */
const withCheckDigit = (vin: string) =>
  `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}`;

/** `count` VINs of ten real make/model prefixes × model years: distinct cold look-ups. */
function burstVins(count: number): string[] {
  const prefixes = ['1HGCM826', '5YJ3E1EA', '1FTFW1ET', '2T1BURHE', '1N4AL3AP'];
  const morePrefixes = ['4T1BF1FK', '1FAHP3F2', '3VWFE21C', '1G1ZT538', 'JH4KA826'];
  const years = 'ABCDEFGHJKLMNPRSTVWXY123456789';
  const all = [...prefixes, ...morePrefixes];
  return Array.from({ length: count }, (_, i) =>
    withCheckDigit(
      `${all[i % all.length]}0${years[Math.floor(i / all.length) % years.length]}A${String(100000 + i)}`,
    ),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? 0,
  };
}

/** Health requests one after another until `until` settles (or `seconds` pass). */
async function healthWhile(base: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`health answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function startServer(decoder: Decoder): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      path.join(import.meta.dirname, 'vin-decoding.ts'),
      '--serve',
      decoder,
      '--port',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the ${decoder} server exited (${code})`)));
  });
  return child;
}

async function measure(decoder: Decoder, vins: string[], idleSeconds: number) {
  const child = await startServer(decoder);
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 20; i += 1) await (await fetch(`${base}/api/health`)).arrayBuffer();
    const idle = summary(
      await healthWhile(base, new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000))),
    );
    const started = performance.now();
    let decoded = 0;
    const burst = Promise.all(
      vins.map(async (vin) => {
        const response = await fetch(`${base}/api/vin/${vin}`);
        const body = (await response.json()) as { make?: string | null };
        if (!response.ok) throw new Error(`decode ${vin} answered ${response.status}`);
        if (body.make) decoded += 1;
      }),
    );
    const during = summary(await healthWhile(base, burst));
    await burst;
    return { idle, during, burstMs: performance.now() - started, decoded };
  } finally {
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main() {
  const rounds = Math.max(1, Number(values.rounds));
  const vins = burstVins(Number(values.burst));
  const idleSeconds = Number(values.idle);
  const results: Record<Decoder, Awaited<ReturnType<typeof measure>>[]> = {
    'in-thread': [],
    worker: [],
  };
  const load = [os.loadavg()];
  for (let round = 1; round <= rounds; round += 1) {
    for (const decoder of ['in-thread', 'worker'] as const) {
      const result = await measure(decoder, vins, idleSeconds);
      results[decoder].push(result);
      console.log(
        `round ${round} ${decoder}: health idle p95 ${result.idle.p95.toFixed(1)} ms, during the burst ` +
          `p95 ${result.during.p95.toFixed(1)} ms, max ${result.during.max.toFixed(0)} ms ` +
          `(${result.during.n} requests); burst ${(result.burstMs / 1000).toFixed(1)} s, ` +
          `${result.decoded}/${vins.length} decoded`,
      );
    }
  }
  load.push(os.loadavg());
  const median = (numbers: number[]) =>
    [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
  console.log(`\n${vins.length} cold VIN decodes at once, medians of ${rounds} rounds (ms):\n`);
  console.log('| Decoder | health p95 alone | health p95 during | health max during | burst |');
  console.log('| ------- | ---------------: | ----------------: | ----------------: | ----: |');
  for (const decoder of ['in-thread', 'worker'] as const) {
    const r = results[decoder];
    console.log(
      `| ${decoder} | ${median(r.map((x) => x.idle.p95)).toFixed(1)} | ` +
        `${median(r.map((x) => x.during.p95)).toFixed(1)} | ${median(r.map((x) => x.during.max)).toFixed(0)} | ` +
        `${(median(r.map((x) => x.burstMs)) / 1000).toFixed(1)} s |`,
    );
  }
  console.log(
    `\nLoad average (1, 5, 15 min) ${load.map((l) => l.map((n) => n.toFixed(1)).join(', ')).join(' → ')} on ${os.cpus().length} cores`,
  );
}

if (values.serve) await serve(values.serve as Decoder);
else await main();
