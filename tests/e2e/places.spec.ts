/// <reference lib="dom" />
/**
 * Places and distance (decision 0026): on `/search` a place chosen with the keyboard and a
 * radius keep only the cards within it, each with its distance; "Use my location" with the
 * permission granted (Playwright's geolocation; refused is a component test,
 * src/web/features/search/routes/search.test.tsx); the place survives a reload and is
 * the default centre of a later visit; a seller picks a place on Add A Product; a signed-in
 * user's home place (their profile) is the centre on another device. On a phone the location
 * sits in the filters sheet and applies with its `Show N results` button.
 */
import { writeFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  createAccount,
  signInViaApi,
  smallPng,
  testPassword,
  uniqueEmail,
} from './support/accounts.js';
import { e2eBaseURL } from './support/server-env.js';

const widths = [360, 1440] as const;
const DENVER = 5419384;
const AUSTIN_POSITION = { latitude: 30.267, longitude: -97.743 };

async function choosePlace(page: Page, label: string, typed: string, option: RegExp) {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(typed);
  await expect(page.getByRole('option', { name: option }).first()).toBeVisible();
  await field.press('ArrowDown');
  await field.press('Enter');
}

const isPhone = (width: number) => width < 1024;

/** Where the location controls are: the page, or on a phone the filters sheet (opened here). */
async function locationControls(page: Page, width: number): Promise<Page | Locator> {
  if (!isPhone(width)) return page;
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** On a phone, applies the sheet's choices (its `Show N results` button); else nothing. */
async function applyLocation(page: Page, width: number) {
  if (!isPhone(width)) return;
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('button', { name: /^Show .* results?$/ }).click();
  await expect(sheet).toBeHidden();
}

/**
 * A card's distance in miles (the browser's locale is en-US): "12 mi away", or "Under 1 mi
 * away" (read as 0) for a listing in the centre's own town.
 */
function miles(text: string): number {
  if (text === 'Under 1 mi away') return 0;
  const match = /^([\d.,]+) mi away$/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]!.replace(',', ''));
}

/** The distances the result cards show, in miles. */
async function cardDistances(page: Page): Promise<number[]> {
  return (await page.getByTestId('distance').allTextContents()).map(miles);
}

for (const width of widths) {
  test.describe(`places at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: 'en-US' });

    test('a place and a radius keep only the cards within it; the place survives a reload', async ({
      page,
    }) => {
      await page.goto('/search');
      await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toBeVisible();
      const controls = await locationControls(page, width);
      await choosePlace(page, 'Location', 'denv', /^Denver, Colorado/);
      if (!isPhone(width)) await expect(page).toHaveURL(new RegExp(`near=${DENVER}`));
      await controls.getByRole('combobox', { name: 'Within' }).selectOption('100');
      await applyLocation(page, width);
      await expect(page).toHaveURL(new RegExp(`near=${DENVER}`));
      // The radius in the viewer's unit, in the URL too; nearest first without asking.
      await expect(page).toHaveURL(/radius_mi=100/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Listings within 100 mi of Denver',
      );
      await expect(page.getByLabel('Sort by')).toHaveValue('distance');
      const cards = page.getByTestId('listing-card');
      await expect(cards.first()).toBeVisible();
      const count = await cards.count();
      const distances = await cardDistances(page);
      expect(distances).toHaveLength(count);
      for (const distance of distances) expect(distance).toBeLessThanOrEqual(100);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      // Denver and Boulder sellers only: nothing from Texas, Arizona or Oregon.
      for (const text of await cards.allTextContents()) expect(text).toMatch(/Denver|Boulder/);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Listings within 100 mi of Denver',
      );
      await expect(
        (await locationControls(page, width)).getByRole('combobox', { name: 'Location' }),
      ).toHaveValue('Denver, Colorado');
      if (isPhone(width)) await page.keyboard.press('Escape');
      await expect(page.getByTestId('distance').first()).toBeVisible();

      // A later visit to a bare /search starts from the remembered place.
      await page.goto('/search');
      await expect(page).toHaveURL(new RegExp(`near=${DENVER}`));
    });

    test('Use my location with the permission granted searches around the position', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation(AUSTIN_POSITION);
      await page.goto('/search');
      await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toBeVisible();
      const controls = await locationControls(page, width);
      await controls.getByRole('button', { name: 'Use my location' }).click();
      if (isPhone(width)) {
        // The sheet counts around the position before anything is applied.
        await expect(controls.getByRole('combobox', { name: 'Location' })).toHaveValue(
          /^Your location/,
        );
      }
      await applyLocation(page, width);
      await expect(page).toHaveURL(/lat=30\.267&lon=-97\.743/);
      await expect(page.getByTestId('distance').first()).toBeVisible();
      for (const text of await page.getByTestId('listing-card').allTextContents()) {
        expect(text).toMatch(/Austin|Round Rock/);
      }
    });
  });
}

test('a seller picks a place on Add A Product', async ({ page }, testInfo) => {
  const email = uniqueEmail('places');
  await createAccount(page, { email, name: 'Pat Placer', role: 'seller' });
  await signInViaApi(page, email, testPassword);
  const photo = testInfo.outputPath('car.png');
  await writeFile(photo, smallPng());
  await page.goto('/user/seller');
  await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();
  const category = page.getByLabel('Category', { exact: true });
  await expect(category.locator('option').nth(1)).toBeAttached();
  await category.selectOption({ index: 1 });
  const name = `Place test car ${Math.random().toString(36).slice(2, 8)}`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Add photos').setInputFiles(photo);
  await expect(page.getByRole('progressbar', { name: /Uploading photo/ })).toHaveCount(0);
  await page.getByLabel('Resell Price').fill('5000');
  await page.getByLabel('Original Price').fill('9000');
  await page.getByLabel('Year Of Used').fill('3');
  // One field: the town chosen is the location (its text and its place).
  await choosePlace(page, 'Location', 'Boulder', /^Boulder, Colorado/);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Boulder, Colorado');
  await page.getByLabel('Phone Number').fill('01712345678');
  await page.getByLabel('Product Description').fill('Runs well.');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('New Product Added')).toBeVisible();

  await page.goto(`/search?q=${encodeURIComponent(name)}&near=${DENVER}&radius_km=50`);
  const card = page.getByTestId('listing-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('distance')).toHaveText(/mi away$/);
});

/** A second browser of the same person: its own storage, this site, en-US. */
const pageOptions = { baseURL: e2eBaseURL, locale: 'en-US' };

for (const width of widths) {
  test(`a signed-in user's home place follows them to another device at ${width} px`, async ({
    browser,
  }) => {
    const email = uniqueEmail('home-place');
    const first = await browser.newPage({ ...pageOptions, viewport: { width, height: 900 } });
    await createAccount(first, { email, name: 'Hana Home', role: 'buyer' });
    await signInViaApi(first, email, testPassword);
    await first.goto('/user/profile');
    await expect(first.getByRole('heading', { name: 'Home place' })).toBeVisible();
    await choosePlace(first, 'Home place', 'denv', /^Denver, Colorado/);
    await expect(first.getByText('Home place saved')).toBeVisible();
    await first.close();

    // Another browser (nothing in its local storage) signs in: a bare /search starts at Denver.
    const second = await browser.newPage({ ...pageOptions, viewport: { width, height: 900 } });
    await signInViaApi(second, email, testPassword);
    await second.goto('/search');
    await expect(second).toHaveURL(new RegExp(`near=${DENVER}`));
    await expect(second.getByRole('heading', { level: 1 })).toHaveText(
      'Listings within 25 mi of Denver',
    );
    // Choosing another place on /search moves the home place too.
    await locationControls(second, width);
    await choosePlace(second, 'Location', 'Boulder', /^Boulder, Colorado/);
    await applyLocation(second, width);
    await expect(second.getByRole('heading', { level: 1 })).toHaveText(
      'Listings within 25 mi of Boulder',
    );
    await second.goto('/user/profile');
    await expect(second.getByRole('combobox', { name: 'Home place' })).toHaveValue(
      /^Boulder, Colorado/,
    );
    await second.close();
  });
}

const DENVER_PLACE = {
  id: DENVER,
  name: 'Denver',
  region: 'Colorado',
  country: 'United States',
  lat: 39.73915,
  lon: -104.9847,
};

for (const width of widths) {
  test(`home and seller-page cards show their distance from the remembered place, and the home page what is near it, at ${width} px`, async ({
    browser,
    request,
  }) => {
    const page = await browser.newPage({ ...pageOptions, viewport: { width, height: 900 } });
    await page.addInitScript((place) => {
      localStorage.setItem('second-gear:place', JSON.stringify({ kind: 'place', place }));
      // The cards' heights as the server drew them, by listing link, before hydration adds
      // their distances.
      document.addEventListener('DOMContentLoaded', () => {
        const cards = document.querySelectorAll('[data-testid="listing-card"]');
        (window as unknown as { serverHeights: Record<string, number> }).serverHeights =
          Object.fromEntries(
            [...cards].map((card) => [
              card.querySelector('h2 a')?.getAttribute('href') ?? '',
              card.getBoundingClientRect().height,
            ]),
          );
      });
    }, DENVER_PLACE);

    await page.goto('/');
    const near = page.getByTestId('near-you');
    await expect(near.getByRole('heading', { name: 'Near Denver, Colorado' })).toBeVisible();
    await expect(near.getByText('Newest within 50 mi')).toBeVisible();
    const nearCards = near.getByTestId('listing-card');
    await expect(nearCards.first()).toBeVisible();
    const distances = await near
      .getByTestId('distance')
      .evaluateAll((spans) => spans.map((span) => span.textContent ?? ''));
    expect(distances).toHaveLength(await nearCards.count());
    for (const text of distances) expect(miles(text)).toBeLessThanOrEqual(50);
    for (const text of await nearCards.allTextContents()) expect(text).toMatch(/Denver|Boulder/);
    // Hydration added distances without changing any server-drawn card's height.
    const server = await page.evaluate(
      () => (window as unknown as { serverHeights: Record<string, number> }).serverHeights,
    );
    const live = await page
      .getByTestId('recent-listings')
      .getByTestId('listing-card')
      .evaluateAll((cards) =>
        cards.map((card) => ({
          href: card.querySelector('h2 a')?.getAttribute('href') ?? '',
          height: card.getBoundingClientRect().height,
        })),
      );
    const drawn = live.filter((card) => card.href in server);
    expect(drawn.length).toBeGreaterThan(0);
    for (const card of drawn) expect(card.height, card.href).toBe(server[card.href]);
    await near.getByRole('link', { name: 'See all nearby' }).click();
    await expect(page).toHaveURL(new RegExp(`near=${DENVER}.*sort=distance`));

    // The seller's page (the same card as the category page's) shows how far their Denver
    // listing is.
    const answer = (await (
      await request.get(`/api/search?near=${DENVER}&radius_km=5&sort=distance&limit=1`)
    ).json()) as { items: { product_name: string; seller_uid: string }[] };
    const [listing] = answer.items;
    expect(listing).toBeDefined();
    await page.goto(`/seller/${listing!.seller_uid}`);
    const card = page
      .getByTestId('listing-card')
      .filter({ has: page.getByRole('link', { name: listing!.product_name, exact: true }) })
      .first();
    // The listing stands in Denver itself.
    await expect(card.getByTestId('distance')).toHaveText('Under 1 mi away');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });
}
