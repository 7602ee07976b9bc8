/// <reference lib="dom" />
/**
 * Saved searches: at 360 px, a signed-in buyer saves a search on `/search`
 * (`Save this search`: name and alert frequency), finds it in `/saved-searches` (navbar link)
 * with its filters and new-match count, renames it, and opens it as a search again; axe clean
 * and nothing wider than the window. A saved search with a centre (decision 0026) is summarised
 * by its place's name and radius, and its mileage, in the viewer's unit, at 360 and 1440 px.
 */
import { expect, test } from '@playwright/test';
import { expectAxeClean } from './support/axe.js';
import { newSignedInUser, unique } from './support/users.js';

test('save a search on /search and find it in /saved-searches (360 px)', async ({ browser }) => {
  const buyer = await newSignedInUser(browser, 'buyer', 360, 'saved-searches');
  const { page } = buyer;
  await page.goto('/search?make=Toyota&max_price=15000');
  await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog).toBeVisible();
  const name = `Cheap Toyotas ${unique()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('E-mail alerts').selectOption('daily');
  await expectAxeClean(page, 'save dialog');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The navbar's menu (collapsed at 360 px) leads to the page.
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('link', { name: 'Saved searches' }).click();
  await expect(page).toHaveURL(/\/saved-searches$/);
  const item = page.getByTestId('saved-search').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Make: Toyota');
  await expect(item).toContainText('Max price: 15000');
  await expect(item.getByTestId('new-matches')).toHaveText('0 new matches');
  await expect(item.getByLabel('E-mail alerts')).toHaveValue('daily');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAxeClean(page, '/saved-searches');

  await item.getByRole('button', { name: 'Rename' }).click();
  // The item's heading becomes the rename form (only one is open).
  await page.getByLabel('New name').fill(`${name} renamed`);
  await page.getByRole('button', { name: 'Save name' }).click();
  const renamed = page.getByTestId('saved-search').filter({ hasText: `${name} renamed` });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/search\?make=Toyota&max_price=15000$/);
  await page.context().close();
});

const DENVER = 5419384;

for (const width of [360, 1440]) {
  test(`a saved search with a centre shows its place, radius and mileage in the viewer's unit (${width} px)`, async ({
    browser,
  }) => {
    const buyer = await newSignedInUser(browser, 'buyer', width, 'saved-near');
    const { page } = buyer;
    // 50 miles is 80.5 km, 100,000 km is 62,137 miles (the browser's locale is en-US).
    await page.goto(`/search?near=${DENVER}&radius_km=80.5&max_mileage=100000`);
    await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    const name = `Near Denver ${unique()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/saved-searches');
    const item = page.getByTestId('saved-search').filter({ hasText: name });
    await expect(item).toContainText('Near: Denver, Colorado');
    await expect(item).toContainText('Within: 50 mi');
    await expect(item).toContainText('Max mileage: 62,137 mi');
    await expect(item).not.toContainText('radius_km');
    await expect(item).not.toContainText(String(DENVER));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
}
