/**
 * The admin's Categories page at 360 px and 1440 px: rename, a refused
 * delete of a category that still has a listing, merge (the listing moves), delete of an empty
 * one. The categories are this test's own (added by the demo seller through the API), so the
 * demo categories other spec files read are never touched.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './support/axe.js';
import { expect, request as requestFactory, test, type Page } from '@playwright/test';
import { authPaths } from '../../src/contract/paths.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_SELLER, signInViaApi } from './support/accounts.js';
import { e2eBaseURL } from './support/server-env.js';

/** Adds three categories (the first with one listing) as the demo seller; returns their names. */
async function seedCategories(tag: string) {
  const api = await requestFactory.newContext({
    baseURL: e2eBaseURL,
    extraHTTPHeaders: { origin: e2eBaseURL },
  });
  const signIn = await api.post(authPaths.signIn, {
    data: { email: DEMO_SELLER.email, password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  const tokenAnswer = await api.post(apiUrl(apiRoutes.issueToken), {
    data: { user: DEMO_SELLER.uid },
  });
  const { token } = (await tokenAnswer.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const names = {
    full: `Admin full ${tag}`,
    target: `Admin target ${tag}`,
    spare: `Admin spare ${tag}`,
  };
  const ids: Record<string, string> = {};
  for (const [key, name] of Object.entries(names)) {
    const created = await api.post(apiUrl(apiRoutes.createCategory), {
      headers,
      data: { category_name: name },
    });
    expect(created.status(), name).toBe(201);
    ids[key] = ((await created.json()) as { insertedId: string }).insertedId;
  }
  const product = await api.post(apiUrl(apiRoutes.createProduct), {
    headers,
    data: {
      product_name: `Admin test car ${tag}`,
      product_description: 'A car for the category test.',
      product_image: '/uploads/admin-test.webp',
      category_id: ids.full,
      condition: 'Good',
      resell_price: 1000,
      original_price: 2000,
      year_of_used: 3,
      seller_location: 'Austin, TX',
      seller_phone: '+1 512 555 0101',
    },
  });
  expect(product.status()).toBe(201);
  await api.dispose();
  return names;
}

const card = (page: Page, name: string) =>
  page
    .getByTestId('admin-category')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

async function confirm(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: "Don't Confirm" })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
}

async function expectMessage(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const width of [360, 1440]) {
  test(`an admin renames, merges and deletes categories at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const names = await seedCategories(`${width}-${Math.random().toString(36).slice(2, 7)}`);
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'All Categories' })).toBeVisible();
    await expect(card(page, names.full)).toContainText('1 listing');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Rename the spare one.
    const renamed = `${names.spare} renamed`;
    await card(page, names.spare).getByLabel('New name').fill(renamed);
    await card(page, names.spare).getByRole('button', { name: 'Rename' }).click();
    await confirm(page);
    await expectMessage(page, 'Category renamed');
    await expect(card(page, renamed)).toBeVisible();

    // A category with a listing cannot be deleted: the server's reason is shown.
    await card(page, names.full).getByRole('button', { name: 'Delete' }).click();
    await confirm(page);
    await expectMessage(page, 'still has 1 listing');
    await expect(card(page, names.full)).toBeVisible();

    // Merge it instead: its listing moves.
    await card(page, names.full).getByLabel('Merge into').selectOption({ label: names.target });
    await card(page, names.full).getByRole('button', { name: 'Merge' }).click();
    await confirm(page);
    await expectMessage(page, '1 listings moved.');
    await expect(card(page, names.full)).toHaveCount(0);
    await expect(card(page, names.target)).toContainText('1 listing');

    // An empty category can be deleted.
    await card(page, renamed).getByRole('button', { name: 'Delete' }).click();
    await confirm(page);
    await expectMessage(page, 'Deleted Successfully!');
    await expect(card(page, renamed)).toHaveCount(0);

    if (width === 1440) {
      await settleAnimations(page);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    }
  });
}

test('the Categories link sits in the Admin Dashboard sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, DEMO_ADMIN.email);
  await page.goto('/user/admin');
  await page
    .getByRole('navigation', { name: 'Admin dashboard' })
    .getByRole('link', { name: 'Categories' })
    .click();
  await expect(page).toHaveURL('/user/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'All Categories' })).toBeVisible();
});
