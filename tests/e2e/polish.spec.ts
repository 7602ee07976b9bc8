/**
 * Rough edges a newcomer hits: sign-in at any address, the e-mail prefilled after
 * registering, dashboards at 360 px, long text, honest states; axe (WCAG 2.2 AA) on each page.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { authPaths } from '../../src/contract/paths.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import {
  createAccount,
  DEMO_ADMIN,
  DEMO_BUYER,
  signInViaApi,
  smallPng,
  testPassword,
  uniqueEmail,
} from './support/accounts.js';
import { createOwnListings } from './support/listings.js';
import { openMoreActions } from './support/controls.js';
import { expectAxeClean } from './support/axe.js';
import { e2ePort } from './support/server-env.js';

/** Registers through the form at `origin`, then logs in with the prefilled e-mail. */
async function registerAndLogIn(page: Page, origin: string, photo: string) {
  const email = uniqueEmail('anywhere');
  const name = 'Anywhere Tester';
  await page.goto(`${origin}/registration`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register Now' })).toBeVisible();
  await expectAxeClean(page, `${origin}/registration`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Photo').setInputFiles(photo);
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Registration Success');
  await expect(page).toHaveURL(`${origin}/login`, { timeout: 10_000 });
  // Point 6: the address just registered is already in the form.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expectAxeClean(page, `${origin}/login`);
  await page.getByLabel('Password', { exact: true }).fill(testPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Success')).toBeVisible();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByTestId('navbar-user')).toContainText(email);
}

test.describe('Sign-in at any address', () => {
  for (const host of ['127.0.0.1', 'localhost']) {
    for (const width of [360, 1440]) {
      test(`registers and logs in at ${host} at ${width}px`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: 900 });
        const photo = testInfo.outputPath('photo.png');
        await writeFile(photo, smallPng());
        await registerAndLogIn(page, `http://${host}:${e2ePort}`, photo);
      });
    }
  }

  test('a cross-site Origin is refused, and the page toasts the provider message', async ({
    page,
  }) => {
    const refused = await page.request.post(authPaths.signIn, {
      data: { email: uniqueEmail('evil'), password: testPassword },
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.status()).toBe(403);
    const body = await refused.text();
    const { message } = JSON.parse(body) as { message: string };
    expect(message).not.toBe('');

    // The same refusal reaching the login form shows the provider's message (docs/product.md §8). A page
    // cannot forge its Origin, so the refusal is replayed to it.
    await page.route(`**${authPaths.signIn}`, (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body }),
    );
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('evil'));
    await page.getByLabel('Password', { exact: true }).fill(testPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  });
});

/** Visible, inside a 360 px screen without sideways scrolling, and clickable. */
async function expectReachable(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box, 'bounding box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await control.click({ trial: true });
}

/** No sideways scrolling on the page. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** An API token for the identity signed in in the page's context. */
async function tokenOf(page: Page, uid: string) {
  const answer = await page.request.post(apiUrl(apiRoutes.issueToken), { data: { user: uid } });
  expect(answer.status(), 'POST /api/jwt').toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

test.describe('Dashboard tables at 360 px', () => {
  test('Pay, Promote, Delete, Verify and Mark safe are visible and clickable', async ({
    page,
    playwright,
  }) => {
    // Four accounts and six pages with axe: more than the default minute on a busy 2-core machine.
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 360, height: 800 });
    const own = await createOwnListings(playwright, { count: 2 });
    const [booked, reported] = own.products as [{ id: string; name: string }, { id: string }];

    // A buyer books the first listing and reports the second.
    const email = uniqueEmail('narrow-buyer');
    const uid = await createAccount(page, { email, name: 'Narrow Buyer', role: 'buyer' });
    await signInViaApi(page, email, testPassword);
    const headers = { authorization: `Bearer ${await tokenOf(page, uid)}` };
    const order = await page.request.post(apiUrl(apiRoutes.createOrder), {
      headers,
      data: {
        customer_info: { customer_phone: '01811111111', meeting_location: 'Agrabad' },
        product_info: { product_id: booked.id },
        order_status: false,
      },
    });
    expect(order.status(), 'POST /api/orders').toBe(201);
    const report = await page.request.patch(
      apiUrl(apiRoutes.reportProduct, { query: { id: reported.id } }),
      { headers },
    );
    expect(report.status(), 'PATCH /api/report-product').toBe(200);

    await page.goto('/user/buyer');
    const orderRow = page.getByTestId('order-row').filter({ hasText: booked.name });
    await expect(orderRow.getByText('$1,001')).toBeVisible();
    await expectReachable(orderRow.getByRole('link', { name: `Pay for ${booked.name}` }));
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, '/user/buyer at 360px');

    await page.context().clearCookies();
    await signInViaApi(page, own.seller.email, testPassword);
    await page.goto('/user/seller/all-products');
    const productRow = page.getByTestId('seller-product').filter({ hasText: booked.name });
    await expect(productRow).toContainText('UNSOLD');
    // On a phone Promote and Delete are under the card's More actions (decision 0052).
    await openMoreActions(productRow);
    await expectReachable(productRow.getByRole('button', { name: /Promote/ }));
    await expectReachable(productRow.getByRole('button', { name: /Delete/ }));
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, '/user/seller/all-products at 360px');

    await page.context().clearCookies();
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin');
    await expectReachable(
      page
        .getByTestId('user-row')
        .getByRole('button', { name: /^Verify/ })
        .first(),
    );
    await expectReachable(
      page
        .getByTestId('user-row')
        .getByRole('button', { name: /^Delete/ })
        .first(),
    );
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, '/user/admin at 360px');

    await page.goto('/user/admin/buyers');
    await expectReachable(
      page
        .getByTestId('user-row')
        .getByRole('button', { name: /^Delete/ })
        .first(),
    );
    await expectNoSidewaysScroll(page);

    await page.goto('/user/admin/reported-product');
    const reportedRow = page.getByTestId('reported-product-row').first();
    await expect(reportedRow).toContainText(/\d+ User/);
    await expectReachable(reportedRow.getByRole('button', { name: /Mark safe/i }));
    await expectReachable(reportedRow.getByRole('button', { name: /Delete/ }));
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, '/user/admin/reported-product at 360px');

    await page.goto('/user/admin/categories');
    await expectNoSidewaysScroll(page);
  });
});

test.describe('Long real-world text', () => {
  for (const width of [360, 1440]) {
    test(`a 60-character name and e-mail and a 40-character location at ${width}px`, async ({
      page,
      playwright,
    }) => {
      const name = 'Maximiliana Alexandra Konstantinopoulou-Featherstonehaugh Jr'.slice(0, 60);
      const local = uniqueEmail('long').split('@')[0]!;
      const email = `${local.padEnd(47, 'x').slice(0, 47)}@example.test`;
      const location = 'Llanfairpwllgwyngyllgogerychwyrndrobwllll'.slice(0, 40);
      expect([name.length, email.length, location.length]).toEqual([60, 60, 40]);
      const own = await createOwnListings(playwright, {
        count: 3,
        sellerName: name,
        sellerEmail: email,
        location,
      });
      await page.setViewportSize({ width, height: 900 });
      await signInViaApi(page, email, testPassword);

      await page.goto(`/category/${own.category.id}`);
      const cards = page.getByTestId('listing-card');
      await expect(cards).toHaveCount(3);
      await expectNoSidewaysScroll(page);

      // The navigation: the long name and address end in an ellipsis, with a tooltip, and never
      // cover the links.
      const user = page.getByTestId('navbar-user');
      if (width >= 1024) {
        const nameText = user.getByTitle(name);
        await expect(nameText).toBeVisible();
        await expect(user.getByTitle(email)).toBeVisible();
        const links = page.getByRole('navigation', { name: 'Main' }).getByRole('list');
        const linksBox = (await links.boundingBox())!;
        const nameBox = (await nameText.boundingBox())!;
        expect(nameBox.x).toBeGreaterThanOrEqual(linksBox.x + linksBox.width);
        expect(await nameText.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      }
      const userBox = (await user.boundingBox())!;
      expect(userBox.x + userBox.width).toBeLessThanOrEqual(width);

      // Each card keeps its text inside; the price rows of one grid row line up.
      const priceTops: number[] = [];
      for (const card of await cards.all()) {
        const cardBox = (await card.boundingBox())!;
        const place = card.getByText(location);
        const placeBox = (await place.boundingBox())!;
        expect(placeBox.x + placeBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
        const seller = card.getByTitle(name);
        const sellerBox = (await seller.boundingBox())!;
        expect(sellerBox.x + sellerBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
        priceTops.push((await card.getByText(/^\$1,00\d$/).boundingBox())!.y);
      }
      if (width >= 1024) expect(new Set(priceTops.map(Math.round)).size).toBe(1);
      await expectAxeClean(page, `category page with long text at ${width}px`);
    });
  }
});

test.describe('Honest states', () => {
  test('an unknown route answers HTTP 404 with the Uh-oh! page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Uh-oh!' })).toBeVisible();
    await expect(page.getByText('We can not find that page.')).toBeVisible();
    expect((await page.goto('/blogs'))?.status()).toBe(200);
  });

  for (const width of [360, 1440]) {
    test(`the footer links to real pages at ${width}px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/blogs');
      const pages = [
        ['Selling', '/about#selling', 'About us'],
        ['Repairing', '/about#repairing', 'About us'],
        ['Renting', '/about#renting', 'About us'],
        ['About us', '/about', 'About us'],
        ['Contact', '/contact', 'Contact'],
        ['Career', '/contact#career', 'Contact'],
        ['Terms', '/terms', 'Terms of use'],
        ['Privacy', '/privacy', 'Privacy'],
        ['Accessibility', '/accessibility', 'Accessibility statement'],
        ['Short-message network', '/contact#social', 'Contact'],
        ['Video site', '/contact#social', 'Contact'],
        ['Social network', '/contact#social', 'Contact'],
      ] as const;
      for (const [label, href, heading] of pages) {
        await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
        await expect(page).toHaveURL(href);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // A link to a section lands on it, from another page or from the same one.
        const section = href.split('#')[1];
        if (section) await expect(page.locator(`[id="${section}"]`)).toBeInViewport();
      }
      await expectAxeClean(page, `/contact at ${width}px`);
      await page.goto(width === 360 ? '/about' : '/terms');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAxeClean(page, `${page.url()} at ${width}px`);
    });
  }

  for (const width of [360, 1440]) {
    test(`an empty category says so and the breadcrumb names it at ${width}px`, async ({
      page,
      playwright,
    }) => {
      const { category } = await createOwnListings(playwright, { count: 0 });
      await page.setViewportSize({ width, height: 900 });
      await signInViaApi(page, DEMO_BUYER.email);
      await page.goto(`/category/${category.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'All Product' })).toBeVisible();
      await expect(page.getByText('No products in this category yet.')).toBeVisible();
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb).toContainText(category.name);
      await expectAxeClean(page, `empty category page at ${width}px`);
      await breadcrumb.getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL('/');
    });
  }

  test('registration with a file that is not an image, or too large, stops before the account exists', async ({
    page,
  }) => {
    const email = uniqueEmail('not-an-image');
    await page.goto('/registration');
    await expect(page.getByText('JPEG, PNG, WebP, GIF or AVIF, at most 5 MB')).toBeVisible();
    await page.getByLabel('Name').fill('Nora Image');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByLabel('Photo').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 not a photo'),
    });
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(
      page.getByText(
        'Photo must be an image (JPEG, PNG, WebP, GIF or AVIF, at most 5 MB); notes.pdf is not',
      ),
    ).toBeVisible();

    await page.getByLabel('Photo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Photo must be at most 5 MB; huge.png is 6.0 MB')).toBeVisible();
    await expectAxeClean(page, 'registration with a refused photo');
    await expect(page).toHaveURL('/registration');

    // No account was made: signing in with the address fails.
    const signIn = await page.request.post(authPaths.signIn, {
      data: { email, password: testPassword },
    });
    expect(signIn.status()).toBe(401);
  });

  test('the carousel dots are 24 × 24 px targets', async ({ page, playwright }) => {
    await createOwnListings(playwright, { count: 1, promote: true });
    await page.goto('/');
    const bullet = page
      .getByRole('region', { name: 'Sponsored products' })
      .getByRole('button', { name: 'Go to slide 1', exact: true });
    await expect(bullet).toBeVisible();
    const box = (await bullet.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await expectAxeClean(page, 'home');
  });
});
