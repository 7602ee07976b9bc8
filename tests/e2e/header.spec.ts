/// <reference lib="dom" />
/**
 * The header never moves (docs/product.md §2 Layout; decision 0038): at every width it has one height, on
 * every page, signed out and signed in with three dashboards, from its first paint to the
 * settled page; the dashboards are in the account menu (from `lg`) or the dropdown (below it);
 * and a registration never shows the new account signed in.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import {
  DEMO_ADMIN,
  DEMO_BUYER,
  DEMO_SELLER,
  signInViaApi,
  smallPng,
  testPassword,
  uniqueEmail,
} from './support/accounts.js';
import { waitForQuiet } from './support/settle.js';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Init script: records every height the header has, from DOMContentLoaded (the server's HTML, or
 * the first render of a page rendered in the browser) on, in `window.__headerHeights`; a header
 * that React replaces is followed to its new element.
 */
function recordHeaderHeights() {
  const heights: number[] = [];
  (window as unknown as { __headerHeights: number[] }).__headerHeights = heights;
  let watched: Element | null = null;
  const note = () => {
    const header = document.querySelector('[data-testid="site-header"]');
    if (!header) return;
    const height = Math.round(header.getBoundingClientRect().height * 10) / 10;
    if (heights.at(-1) !== height) heights.push(height);
  };
  const resize = new ResizeObserver(note);
  const follow = () => {
    const header = document.querySelector('[data-testid="site-header"]');
    if (header && header !== watched) {
      if (watched) resize.unobserve(watched);
      watched = header;
      resize.observe(header);
      note();
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    follow();
    new MutationObserver(follow).observe(document.body, { childList: true, subtree: true });
  });
}

const headerHeights = (page: Page) =>
  page.evaluate(() => (window as unknown as { __headerHeights: number[] }).__headerHeights);

/**
 * The demo admin (an admin registered as a buyer) with the seller role too: the seller check
 * answers yes, so the bar has all three dashboards. Only the header's check is answered so; the
 * test opens no seller page (the server would refuse its calls).
 */
async function asAdminSellerBuyer(context: BrowserContext, page: Page) {
  await signInViaApi(page, DEMO_ADMIN.email);
  await context.route(
    `**${apiUrl(apiRoutes.sellerRole, { params: { uid: DEMO_ADMIN.uid } })}`,
    (route) => route.fulfill({ json: { isSeller: true } }),
  );
}

/** Waits until the bar shows its final state: Login, or the user with Messages. */
async function headerSettled(page: Page, signedIn: boolean) {
  // Generous: on a loaded 2-core machine the session, token and role checks take a while.
  const timeout = 30_000;
  if (signedIn) await expect(page.getByTestId('messages-link')).toBeVisible({ timeout });
  else {
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible({
      timeout,
    });
  }
  await waitForQuiet(page);
}

const visitorPages = ['/', '/blogs', '/search', '/login', '/no-such-page'];
const signedInPages = [
  '/',
  '/search',
  '/user/admin',
  '/user/buyer',
  '/user/profile',
  '/favourites',
];

for (const width of [360, 640, 768, 1024, 1280, 1440, 1920]) {
  test(`at ${width}px the header has one height on every page, before and after hydration, signed out and with three dashboards`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const seen: { who: string; url: string; heights: number[] }[] = [];
    for (const who of ['visitor', 'admin, seller and buyer'] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript(recordHeaderHeights);
      const page = await context.newPage();
      const signedIn = who !== 'visitor';
      if (signedIn) await asAdminSellerBuyer(context, page);
      for (const url of signedIn ? signedInPages : visitorPages) {
        await page.goto(url);
        await headerSettled(page, signedIn);
        seen.push({ who, url, heights: await headerHeights(page) });
      }
      await context.close();
    }
    const first = seen[0]!.heights[0];
    expect(first, 'a header was measured').toBeGreaterThan(0);
    // Every page's record is that one height from its first paint on: no late wrap.
    expect(seen.filter((entry) => entry.heights.some((height) => height !== first))).toEqual([]);
    // One row: 64 px and its border; below md the search box's row of 44 px under it.
    expect(first).toBe(width < 768 ? 109 : 65);
  });
}

test('the account menu holds the dashboards of the roles held, then Saved searches and My profile', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 800 } });
  const page = await context.newPage();
  await asAdminSellerBuyer(context, page);
  await page.goto('/user/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'All Seller' })).toBeVisible();
  // Home and Blogs stay in the bar; the dashboards are not there until the menu opens.
  await expect(mainNav(page).getByRole('link', { name: 'Blogs', exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  await expect(page.getByTestId('messages-link')).toBeVisible();
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
  await expect(menu.getByRole('link')).toHaveText([
    'Admin Dashboard',
    'Seller Dashboard',
    'Buyer Dashboard',
    'Saved searches',
    'My profile',
  ]);
  await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
    'href',
    '/user/admin',
  );
  await expect(menu.getByRole('link', { name: 'Seller Dashboard' })).toHaveAttribute(
    'href',
    '/user/seller',
  );
  // The spec's photo, name, email and LogOut stay in the bar.
  await expect(page.getByTestId('navbar-user')).toContainText(DEMO_ADMIN.email);
  await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await menu.getByRole('link', { name: 'Buyer Dashboard' }).click();
  await expect(page).toHaveURL('/user/buyer');
  await expect(page.getByRole('heading', { level: 1, name: 'All order List' })).toBeVisible();
  await expect(menu).toBeHidden();
  await context.close();
});

for (const [width, account, dashboards] of [
  // Every account buys (decision 0042): the seller has both dashboards.
  [1024, DEMO_SELLER, ['Seller Dashboard', 'Buyer Dashboard']],
  [1280, DEMO_BUYER, ['Buyer Dashboard']],
] as const) {
  test(`at ${width}px ${account.email}'s account menu shows ${dashboards.join(', ')}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInViaApi(page, account.email);
    await page.goto('/');
    await expect(page.getByTestId('messages-link')).toBeVisible();
    const menuButton = page.getByRole('button', { name: 'Account menu' });
    await menuButton.click();
    const menu = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link')).toHaveText([
      ...dashboards,
      'Saved searches',
      'My profile',
    ]);
  });
}

for (const width of [360, 1440]) {
  test(`at ${width}px the menu opened while the next page loads stays open when it arrives, and closes on the next navigation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInViaApi(page, DEMO_SELLER.email);
    await page.goto('/user/seller');
    const sellerHeading = page.getByRole('heading', { level: 1, name: 'Add A Product' });
    await expect(sellerHeading).toBeVisible();
    // The home page's code is held back, as on a slow connection: the address reads / at once,
    // while the seller's page stays on screen until the code arrives.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/home-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Second Gear' }).first().click();
    await expect(page).toHaveURL('/');
    await expect(sellerHeading).toBeVisible();
    const menuButton = page.getByRole('button', {
      name: width >= 1024 ? 'Account menu' : 'Open menu',
    });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Second Gear' })).toBeAttached();
    await expect(sellerHeading).toHaveCount(0);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    await menu.getByRole('link', { name: 'Buyer Dashboard' }).click();
    await expect(page).toHaveURL('/user/buyer');
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
}

for (const width of [360, 1023]) {
  test(`at ${width}px the dropdown holds Home, Blogs, the dashboards and the account's links`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await asAdminSellerBuyer(context, page);
    await page.goto('/');
    await expect(page.getByTestId('messages-link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const menu = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link')).toHaveText([
      `${DEMO_ADMIN.displayName}${DEMO_ADMIN.email}`,
      'Home',
      'Blogs',
      'Admin Dashboard',
      'Seller Dashboard',
      'Buyer Dashboard',
      'Saved searches',
      'Favourites',
    ]);
    // Below sm LogOut is in the dropdown too; from sm it stays in the bar.
    await expect(menu.getByRole('button', { name: 'LogOut' })).toBeVisible({
      visible: width < 640,
    });
    // Nothing sticks out sideways with the dropdown open.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await context.close();
  });
}

test('registration never shows the new account signed in, not even under the success dialog', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  // Whether the bar ever showed a signed-in user on this page, however briefly.
  await page.addInitScript(() => {
    const state = window as unknown as { __userShown: boolean };
    state.__userShown = false;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="navbar-user"]')) state.__userShown = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
  const email = uniqueEmail('header-registration');
  const photo = testInfo.outputPath('photo.png');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(photo, smallPng());
  await page.goto('/registration');
  await page.getByLabel('Name').fill('Header Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Photo').setInputFiles(photo);
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Now you can Login');
  await expect(page.getByTestId('navbar-user')).toHaveCount(0);
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  // docs/product.md §2: the dialog for 2.5 s, log out, /login.
  await expect(page).toHaveURL('/login', { timeout: 10_000 });
  await expect(page.getByTestId('navbar-user')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __userShown: boolean }).__userShown),
  ).toBe(false);
});
