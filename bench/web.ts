/**
 * `npm run bench:web`: Cumulative Layout Shift of every page a signed-in user visits, and of the
 * public pages signed out, at 360 px and 1440 px, in Debian's Chromium through Playwright, on the
 * production build with the demo data. Signed in means the demo admin (admin and buyer: the
 * account with the most roles, so the navigation bar is at its fullest) for the public, buyer,
 * account and admin pages, and the demo seller for the seller dashboard's pages.
 *
 * Each page loads in a fresh page of its account's context, with the network and CPU
 * slowed through the DevTools protocol (150 ms round trip, 1.6 Mbit/s down, CPU ×4: the slow
 * phone Lighthouse's mobile profile stands for), so loading states last long enough to shift
 * something if they can. CLS is the Layout Instability API's sum of `layout-shift` entries without
 * recent input (https://web.dev/articles/cls; a page load is one session window here), read once
 * the page's main content is visible and nothing has loaded or shifted for a second. Target:
 * ≤ 0.05 everywhere.
 *
 * Then Lighthouse (bench/lighthouse.ts) on `/`, a listing page, `/search` and
 * `/login`, signed out, with its mobile profile: performance, accessibility, best practices and
 * SEO scores with LCP, TBT and CLS. Figures, not a pass/fail test: only CLS sets the exit code.
 *
 * Options: --runs N (3; the worst CLS load is reported), --lighthouse-runs N (5; Lighthouse's
 * median run is reported, with the spread of the performance score), --port P (3195), --only cls|lighthouse
 * (comma-separated; default both). Prints tables and writes bench/results/web-<time>.json and
 * .md. Uses the embedded database (a fresh DATA_DIR).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { authPaths } from '../src/contract/paths.js';
import * as apiRoutes from '../src/contract/route-table.js';
import { apiUrl } from '../src/contract/routes.js';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_SELLER,
  type DemoUser,
} from '../src/server/db/demo/accounts.js';
import { chromiumArgs, chromiumPath } from '../tests/e2e/support/server-env.js';
import { startBenchServer } from './web-server.js';
import { runLighthouse, type LighthouseResult } from './lighthouse.js';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'lighthouse-runs': { type: 'string', default: '5' },
    port: { type: 'string', default: '3195' },
    only: { type: 'string', default: 'cls,lighthouse' },
  },
});
const parts = new Set(values.only.split(',').map((part) => part.trim()));
for (const part of parts) {
  if (!['cls', 'lighthouse'].includes(part)) {
    throw new Error(`--only: unknown part "${part}" (cls, lighthouse)`);
  }
}
const runs = Number(values.runs);
const lighthouseRuns = Number(values['lighthouse-runs']);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) {
  throw new Error(`--lighthouse-runs: a whole number ≥ 1, not "${values['lighthouse-runs']}"`);
}
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const widths = [360, 1440] as const;
/** The largest CLS a page may have. */
const TARGET = 0.05;

/** Sums layout shifts without recent input from the first paint on (installed before load). */
function installClsObserver() {
  const shifts = { value: 0 };
  (window as unknown as { __cls: typeof shifts }).__cls = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
    }[]) {
      if (!entry.hadRecentInput) shifts.value += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Loads `url` in a fresh page and returns its CLS once `ready` is visible and the network idle. */
async function measure(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => ReturnType<Page['getByRole']>,
) {
  const page = await context.newPage();
  try {
    await slowDown(page);
    await page.goto(url, { waitUntil: 'load' });
    // A page whose ready mark never shows is still measured (and named in the log).
    await ready(page)
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 })
      .catch(() => console.warn(`${url}: its ready mark did not show within 60 s`));
    // Settled: no new resource and no new shift for a second. (Not `networkidle`: a signed-in
    // page keeps its message stream open.)
    await page.waitForFunction(
      () => {
        const state = window as unknown as { __quiet?: { count: number; since: number } };
        // Still loading: a progress bar or a spinner shows.
        if (document.querySelector('progress, .loading')) {
          state.__quiet = undefined;
          return false;
        }
        const count =
          performance.getEntriesByType('resource').length +
          performance.getEntriesByType('layout-shift').length;
        const now = performance.now();
        if (!state.__quiet || state.__quiet.count !== count) state.__quiet = { count, since: now };
        return now - state.__quiet.since >= 1000;
      },
      undefined,
      { polling: 100, timeout: 30_000 },
    );
    return await page.evaluate(
      () => (window as unknown as { __cls: { value: number } }).__cls.value,
    );
  } finally {
    await page.close();
  }
}

/**
 * Signs the context in as `account` (a buyer; the demo admin is one) and finds a category id, a
 * live listing and an unpaid order id (booking one when there is none).
 */
async function prepare(context: BrowserContext, account: DemoUser) {
  const origin = { origin: base };
  const signIn = await context.request.post(`${base}${authPaths.signIn}`, {
    data: { email: account.email, password: DEMO_PASSWORD },
    headers: origin,
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
  const jwt = await context.request.post(`${base}${apiUrl(apiRoutes.issueToken)}`, {
    data: { user: account.uid },
  });
  const { token } = (await jwt.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const categories = (await (
    await context.request.get(`${base}${apiUrl(apiRoutes.listCategories)}`)
  ).json()) as { _id: string }[];
  // The category with the most listings shows a full grid.
  let categoryId = categories[0]!._id;
  let best = -1;
  let productId: string | undefined;
  for (const category of categories) {
    const page = (await (
      await context.request.get(
        `${base}${apiUrl(apiRoutes.listCategoryProducts, { params: { id: category._id }, query: { limit: 24 } })}`,
      )
    ).json()) as { _id: string; order_status: boolean }[];
    if (page.length > best) {
      best = page.length;
      categoryId = category._id;
    }
    productId ??= page.find((item) => !item.order_status)?._id;
  }
  const orders = (await (
    await context.request.get(`${base}${apiUrl(apiRoutes.listOwnOrders)}`, { headers })
  ).json()) as { _id: string; booking_state: string }[];
  let orderId = orders.find((order) => order.booking_state === 'open')?._id;
  if (!orderId) {
    const booked = await context.request.post(`${base}${apiUrl(apiRoutes.createOrder)}`, {
      headers,
      data: {
        customer_info: {
          customer_name: account.displayName,
          customer_email: account.email,
          customer_phone: '01712345678',
          meeting_location: 'Bench Street',
        },
        product_info: { product_id: productId },
        order_status: false,
      },
    });
    orderId = ((await booked.json()) as { insertedId: string }).insertedId;
  }
  return { categoryId, orderId, productId };
}

const server = await startBenchServer(port, 'web');
const results: { page: string; width: number; cls: number[] }[] = [];
let scores: LighthouseResult[] = [];
try {
  if (parts.has('cls')) await measureCls();
  if (parts.has('lighthouse')) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const { productId } = await prepare(await browser.newContext(), DEMO_ADMIN);
    await browser.close();
    scores = await runLighthouse(
      [
        ['home', `${base}/`],
        ['listing', `${base}/listing/${productId}`],
        ['search', `${base}/search?q=car`],
        ['login', `${base}/login`],
      ],
      chromiumPath,
      lighthouseRuns,
    );
  }
} finally {
  server.kill('SIGTERM');
}

type Ready = (page: Page) => ReturnType<Page['getByRole']>;
/** The page's first-level heading: its content is there. (A declaration: the run above calls
 * it before this line is reached.) */
function heading(name: string | RegExp): Ready {
  return (p: Page) => p.getByRole('heading', { level: 1, name });
}

/** Who loads which pages: `[name, path, ready]`, with the ids `prepare` found. */
function pagesOf(
  who: 'visitor' | 'admin' | 'seller',
  ids: { categoryId: string; orderId: string; productId?: string },
) {
  const listing: [string, string, Ready] = [
    'listing',
    `/listing/${ids.productId}`,
    (p) => p.getByRole('heading', { level: 1 }),
  ];
  const publicPages: [string, string, Ready][] = [
    ['home', '/', (p) => p.getByRole('heading', { name: 'Browse items by category' })],
    ['blogs', '/blogs', heading('Blogs')],
    ['search', '/search?q=car', heading(/Results for/)],
    listing,
    ['seller profile', `/seller/${DEMO_SELLER.uid}`, heading(DEMO_SELLER.displayName)],
  ];
  if (who === 'visitor') {
    return [
      ...publicPages,
      ['login', '/login', heading('Login Now')],
      ['registration', '/registration', heading('Register Now')],
    ] as [string, string, Ready][];
  }
  if (who === 'seller') {
    return [
      ['Add A Product', '/user/seller', heading('Add A Product')],
      ['My Products', '/user/seller/all-products', (p: Page) => p.getByRole('table')],
      [
        'seller bookings',
        '/user/seller/bookings',
        (p: Page) => p.getByRole('heading', { level: 1 }),
      ],
      ['seller offers', '/user/seller/offers', (p: Page) => p.getByRole('heading', { level: 1 })],
      ['insights', '/user/seller/insights', (p: Page) => p.getByRole('heading', { level: 1 })],
    ] as [string, string, Ready][];
  }
  const anyHeading: Ready = (p) => p.getByRole('heading', { level: 1 });
  return [
    ...publicPages,
    ['category', `/category/${ids.categoryId}`, heading('All Product')],
    ['My Orders', '/user/buyer', (p: Page) => p.getByTestId('order-row')],
    ['My Offers', '/user/buyer/offers', anyHeading],
    [
      'payment',
      `/payment/${ids.orderId}`,
      (p: Page) => p.getByRole('heading', { name: 'Product Info' }),
    ],
    ['messages', '/messages', anyHeading],
    ['favourites', '/favourites', anyHeading],
    ['saved searches', '/saved-searches', anyHeading],
    ['profile', '/user/profile', heading('My profile')],
    ['All Seller', '/user/admin', heading('All Seller')],
    ['All Buyer', '/user/admin/buyers', anyHeading],
    ['Reported Product', '/user/admin/reported-product', anyHeading],
    ['admin categories', '/user/admin/categories', anyHeading],
    ['risk', '/user/admin/risk', anyHeading],
  ] as [string, string, Ready][];
}

async function measureCls() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const width of widths) {
      for (const who of ['visitor', 'admin', 'seller'] as const) {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        await context.addInitScript(installClsObserver);
        // The visitor's ids come through a separate signed-in context; its own stays signed out.
        let ids: Awaited<ReturnType<typeof prepare>>;
        if (who === 'visitor') {
          const helper = await browser.newContext();
          ids = await prepare(helper, DEMO_ADMIN);
          await helper.close();
        } else if (who === 'seller') {
          const origin = { origin: base };
          const signIn = await context.request.post(`${base}${authPaths.signIn}`, {
            data: { email: DEMO_SELLER.email, password: DEMO_PASSWORD },
            headers: origin,
          });
          if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
          ids = { categoryId: '', orderId: '', productId: undefined };
        } else {
          ids = await prepare(context, DEMO_ADMIN);
        }
        for (const [name, url, ready] of pagesOf(who, ids)) {
          const cls: number[] = [];
          for (let run = 0; run < runs; run++) cls.push(await measure(context, base + url, ready));
          const label = `${name} (${who === 'visitor' ? 'signed out' : `as ${who}`})`;
          results.push({ page: label, width, cls });
          console.log(`${label} at ${width}px: CLS ${cls.map((v) => v.toFixed(3)).join(', ')}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

const lines: string[] = [];
if (results.length) {
  lines.push(
    `# Cumulative Layout Shift (${new Date().toISOString()})`,
    '',
    `Worst of ${runs} loads, slowed network and CPU (see bench/web.ts). Target ≤ ${TARGET}.`,
    '',
    '| Page | 360 px | 1440 px |',
    '| ---- | -----: | ------: |',
    ...[...new Set(results.map((r) => r.page))].map((name) => {
      const at = (width: number) =>
        Math.max(...results.find((r) => r.page === name && r.width === width)!.cls).toFixed(3);
      return `| ${name} | ${at(360)} | ${at(1440)} |`;
    }),
    '',
  );
}
if (scores.length) {
  lines.push(
    `# Lighthouse, mobile profile (${new Date().toISOString()})`,
    '',
    `Median of ${lighthouseRuns} runs per page (Lighthouse's computeMedianRun); performance range over the runs in brackets.`,
    '',
    '| Page | Performance | Accessibility | Best practices | SEO | LCP ms | TBT ms | CLS |',
    '| ---- | ----------: | ------------: | -------------: | --: | -----: | -----: | --: |',
    ...scores.map(
      (s) =>
        `| ${s.page} | ${s.performance} (${s.performanceRange.join('–')}) | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ` +
        `${Math.round(s.lcp)} | ${Math.round(s.tbt)} | ${s.cls.toFixed(3)} |`,
    ),
    '',
  );
}
console.log(`\n${lines.join('\n')}`);
const dir = path.join(root, 'bench/results');
mkdirSync(dir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(
  path.join(dir, `web-${stamp}.json`),
  JSON.stringify({ cls: results, lighthouse: scores }, null, 2),
);
writeFileSync(path.join(dir, `web-${stamp}.md`), `${lines.join('\n')}\n`);
const worst = Math.max(0, ...results.flatMap((r) => r.cls));
if (worst > TARGET) {
  console.log(`\nOver the target: worst CLS ${worst.toFixed(3)} > ${TARGET}`);
  process.exitCode = 1;
}
