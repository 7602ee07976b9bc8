/**
 * `npm run bench:pwa-lcp`: what the service worker (src/web/sw.ts, decision 0045) does to a
 * repeat visit's Largest Contentful Paint on a listing page at 360 px, in Debian's Chromium
 * through Playwright (its playwright-core), on the production build with the demo data.
 *
 * Each round runs both variants, in alternating order (the first round the worker first, the
 * next one blocked first…), each in a fresh browser context (its own HTTP cache and storage):
 * - **worker**: service workers allowed (and `localStorage['second-gear:sw']` set, without which
 *   the app does not register its worker under automation, src/web/lib/pwa.ts);
 * - **blocked**: `serviceWorkers: 'block'`: the browser's HTTP cache alone.
 * In each context: visit 1 loads the listing page and, for the worker, waits until the worker
 * controls the page (the app shell is then precached); visit 2 is the repeat visit (the worker
 * has the shell; the listing's document is not in its cache yet, as visit 1 ran before the
 * worker existed); visit 3 is the visit after that (the document now comes from the worker's
 * cache, stale-while-revalidate). Blocked, visits 2 and 3 are the same: the hashed assets come
 * from the HTTP cache (immutable), and the listing's document is revalidated (its
 * `Cache-Control: public, max-age=0, s-maxage=10` asks each time; a 304). Every visit is a new tab in the same
 * context; one context of each variant runs first as a warm-up and is not counted. LCP is the
 * last `largest-contentful-paint` entry (PerformanceObserver, buffered) once the page has loaded
 * and no new entry or resource came for a second; beside it, when the document had arrived
 * (`responseEnd`).
 *
 * Network: `--network phone` (default) emulates a slow phone connection through the DevTools
 * protocol, `Network.emulateNetworkConditions` with 150 ms round trip, 1.6 Mbit/s down and
 * 750 kbit/s up (Lighthouse's mobile profile; bench/web.ts uses the same), applied to each tab
 * and to the service worker (whose own fetches are not the tab's); `--network none` leaves the
 * loopback as it is. The CPU is not slowed: on the shared machine the load already does that.
 *
 * Options: --rounds N (7), --port P (3196), --network phone|none. Prints, per variant and
 * visit, the median and p75 of LCP and the median of the document's arrival (ms from navigation
 * start). Uses the embedded database (a fresh DATA_DIR).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession } from '@playwright/test';
import * as apiRoutes from '../src/contract/route-table.js';
import { apiUrl } from '../src/contract/routes.js';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/server-env.js';
import { startBenchServer } from './web-server.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    port: { type: 'string', default: '3196' },
    network: { type: 'string', default: 'phone' },
  },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  throw new Error(`--rounds: a whole number ≥ 1, not "${values.rounds}"`);
}
if (values.network !== 'phone' && values.network !== 'none') {
  throw new Error(`--network: phone or none, not "${values.network}"`);
}
const throttled = values.network === 'phone';
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

/** Lighthouse's mobile network (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), in CDP's units. */
const phoneNetwork = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

type Variant = 'worker' | 'blocked';
const visits = ['first', 'repeat', 'third'] as const;

/** A live listing with photos, found through the search API. */
async function pickListing(): Promise<string> {
  const answer = await fetch(`${base}${apiUrl(apiRoutes.search)}?q=sedan`);
  const { items } = (await answer.json()) as {
    items: { _id: string; product_images: string[] }[];
  };
  const listing = items.find((item) => item.product_images.length > 0) ?? items[0];
  if (!listing) throw new Error('no listing found for "sedan" in the demo data');
  return `/listing/${listing._id}`;
}

/** Records the LCP candidates from the first paint on (installed before every document). */
function installLcpObserver() {
  const state = { lcp: 0, entries: 0 };
  (window as unknown as { __lcp: typeof state }).__lcp = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.lcp = entry.startTime;
      state.entries += 1;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Emulates the phone network on every service worker of the browser that is not yet: the
 * worker's fetches (the document behind a controlled navigation, the revalidations) are its
 * own, not the tab's. Through the browser's DevTools session, attached to each worker target.
 */
async function throttleWorkers(session: CDPSession, done: Set<string>): Promise<void> {
  const { targetInfos } = (await session.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string }[];
  };
  for (const target of targetInfos) {
    if (target.type !== 'service_worker' || done.has(target.targetId)) continue;
    const { sessionId } = await session.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    });
    let id = 0;
    for (const [method, params] of [
      ['Network.enable', {}],
      ['Network.emulateNetworkConditions', phoneNetwork],
    ] as const) {
      id += 1;
      const answered = new Promise<void>((resolve, reject) => {
        const listener = (event: { sessionId: string; message: string }) => {
          const answer = JSON.parse(event.message) as { id?: number; error?: { message: string } };
          if (event.sessionId !== sessionId || answer.id !== id) return;
          session.off('Target.receivedMessageFromTarget', listener);
          if (answer.error) reject(new Error(`${method} on the worker: ${answer.error.message}`));
          else resolve();
        };
        session.on('Target.receivedMessageFromTarget', listener);
      });
      await session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
      await answered;
    }
    done.add(target.targetId);
  }
}

/** What one visit measured (ms from navigation start). */
interface Visit {
  lcp: number;
  /**
   * The document received (`responseEnd`): from the network, the HTTP cache after a 304, or the
   * worker's cache. (Not `responseStart`: for a revalidated copy Chromium reports the cached
   * headers' time, before the throttled 304 arrived.)
   */
  document: number;
}

/** Opens `url` in a new tab of `context` and measures it. */
async function visit(
  context: BrowserContext,
  url: string,
  options: { waitForWorker: boolean },
): Promise<Visit> {
  const page = await context.newPage();
  try {
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', phoneNetwork);
    }
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: 60_000 });
    if (options.waitForWorker) {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
    }
    // Settled: no new LCP entry and no new resource for a second.
    await page.waitForFunction(
      () => {
        const state = window as unknown as {
          __lcp: { lcp: number; entries: number };
          __quiet?: { count: number; since: number };
        };
        const count = state.__lcp.entries + performance.getEntriesByType('resource').length;
        const now = performance.now();
        if (!state.__quiet || state.__quiet.count !== count) state.__quiet = { count, since: now };
        return state.__lcp.entries > 0 && now - state.__quiet.since >= 1000;
      },
      undefined,
      { polling: 100, timeout: 60_000 },
    );
    return await page.evaluate(() => ({
      lcp: (window as unknown as { __lcp: { lcp: number } }).__lcp.lcp,
      document: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .responseEnd,
    }));
  } finally {
    await page.close();
  }
}

/** One context of `variant`: its three visits. */
async function runVariant(browser: Browser, variant: Variant, url: string): Promise<Visit[]> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: variant === 'worker' ? 'allow' : 'block',
  });
  try {
    await context.addInitScript(installLcpObserver);
    if (variant === 'worker') {
      await context.addInitScript(() => localStorage.setItem('second-gear:sw', 'on'));
    }
    const browserSession = throttled ? await browser.newBrowserCDPSession() : null;
    const workers = new Set<string>();
    try {
      const results: Visit[] = [];
      for (const name of visits) {
        results.push(
          await visit(context, url, { waitForWorker: variant === 'worker' && name === 'first' }),
        );
        if (browserSession && variant === 'worker') await throttleWorkers(browserSession, workers);
      }
      if (variant === 'worker' && workers.size === 0 && throttled) {
        throw new Error('no service worker target was found to throttle');
      }
      return results;
    } finally {
      await browserSession?.detach();
    }
  } finally {
    await context.close();
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank.
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const server = await startBenchServer(port, 'pwa', {
  HOST: '127.0.0.1',
  PUBLIC_URL: '',
  LOG_LEVEL: 'warn',
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const url = await pickListing();
  console.log(
    `LCP of ${url} at 360 px, ${rounds} rounds, network ${values.network}; ` +
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
  );
  // A warm-up context, not counted: the first pages of a fresh browser and server are slower.
  await runVariant(browser, 'blocked', url);
  await runVariant(browser, 'worker', url);
  const samples: Record<Variant, Visit[][]> = { worker: [[], [], []], blocked: [[], [], []] };
  for (let round = 0; round < rounds; round++) {
    const order: Variant[] = round % 2 === 0 ? ['worker', 'blocked'] : ['blocked', 'worker'];
    for (const variant of order) {
      const measured = await runVariant(browser, variant, url);
      measured.forEach((one, index) => samples[variant][index]!.push(one));
      console.log(
        `round ${round + 1} ${variant.padEnd(7)} LCP ` +
          measured.map((one) => one.lcp.toFixed(0).padStart(6)).join(' ') +
          ' ms, document ' +
          measured.map((one) => one.document.toFixed(0).padStart(5)).join(' ') +
          ' ms',
      );
    }
  }
  console.log(
    `\nload average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| Visit | Service worker | LCP median ms | LCP p75 ms | Document median ms |');
  console.log('| ----- | -------------- | ------------: | ---------: | -----------------: |');
  visits.forEach((name, index) => {
    for (const variant of ['blocked', 'worker'] as const) {
      const measured = samples[variant][index]!;
      const lcps = measured.map((one) => one.lcp);
      const documents = measured.map((one) => one.document);
      console.log(
        `| ${name} | ${variant === 'worker' ? 'on' : 'blocked'} | ` +
          `${quantile(lcps, 0.5).toFixed(0)} | ${quantile(lcps, 0.75).toFixed(0)} | ` +
          `${quantile(documents, 0.5).toFixed(0)} |`,
      );
    }
  });
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
