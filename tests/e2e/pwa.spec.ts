/// <reference lib="dom" />
/**
 * The installable app (decision 0045) in Chromium at 360 px: the web app manifest and the
 * service worker register, Chromium's installability check finds nothing missing
 * (`Page.getInstallabilityErrors`), a signed-in page's API answers are in no cache (and fail
 * offline), and offline a listing viewed before opens from the worker's cache while any other
 * page shows the offline page, which lists that listing.
 *
 * A persistent profile, because Chromium never offers to install from an incognito-like context
 * (Playwright's default contexts are). The worker is registered under automation only when
 * `localStorage['second-gear:sw']` is `on` (src/web/lib/pwa.ts), set here before the first page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { DEMO_BUYER, signInViaApi } from './support/accounts.js';
import { chromiumArgs, chromiumPath, e2eBaseURL } from './support/server-env.js';

let context: BrowserContext;
let profile: string;

test.beforeAll(async () => {
  profile = mkdtempSync(path.join(os.tmpdir(), 'second-gear-pwa-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL: e2eBaseURL,
    viewport: { width: 360, height: 780 },
  });
  await context.addInitScript(() => localStorage.setItem('second-gear:sw', 'on'));
});
test.afterAll(async () => {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('installable, and a viewed listing opens offline (360 px)', async () => {
  test.slow();
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');

  // The manifest.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await page.request.get(new URL(href!, e2eBaseURL).href)).json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Second Gear', short_name: 'Second Gear' });
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  expect(manifest.icons.some((icon) => icon.sizes === '512x512')).toBe(true);

  // The worker registers and takes control.
  const script = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  expect(script).toBe(`${e2eBaseURL}/sw.js`);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  // Chromium's installability criteria.
  const cdp = await context.newCDPSession(page);
  await expect
    .poll(async () => {
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      return installabilityErrors.map((error) => error.errorId);
    })
    .toEqual([]);

  // View a listing: its page goes into the worker's cache.
  const answer = await page.request.get(`${apiUrl(apiRoutes.search)}?q=sedan`);
  const { items } = (await answer.json()) as { items: { _id: string; product_name: string }[] };
  const listing = items[0]!;
  await page.goto(`/listing/${listing._id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.product_name })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        async (id) => Boolean(await (await caches.open('listing-pages')).match(`/listing/${id}`)),
        listing._id,
      ),
    )
    .toBe(true);

  // Signed in, a personal page: its API answers pass the worker by and no cache keeps them.
  await signInViaApi(page, DEMO_BUYER.email);
  await page.goto('/user/profile');
  await expect(
    page.getByRole('region', { name: 'E-mail and push notifications' }).getByRole('table'),
  ).toBeVisible();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);

  await context.setOffline(true);
  try {
    // Offline, an API answer is not served from anywhere.
    expect(
      await page.evaluate(() =>
        fetch('/api/notification-settings').then(
          (answer) => answer.status,
          () => 'failed',
        ),
      ),
    ).toBe('failed');

    // Another page: the offline page, listing the viewed listing.
    await page.goto('/search?q=offline');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    const recent = page.getByRole('list', { name: 'Recently viewed listings' });
    const link = recent.getByRole('link', { name: new RegExp(listing.product_name) });
    await expect(link).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // The listing opens from the cache.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/listing/${listing._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: listing.product_name })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
