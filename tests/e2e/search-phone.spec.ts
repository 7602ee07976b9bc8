/// <reference lib="dom" />
/**
 * The search a buyer asked for, on a phone (decision 0047): an Austin search for cars shows at
 * least three compact cards per 360 × 780 screen (List, remembered on the device; Grid shows the
 * whole card), vehicles only, nearest first without asking, every card within the radius the
 * page says ("Within 25 mi", the chip, the heading and the URL agree); at 1440 px the grid. A
 * visitor whom a category tile sends to the login page browses that category on the public
 * search through the login page's link, without signing in.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

const AUSTIN = 4671654;
const isPhone = (width: number) => width < 1024;

/** The distance a card shows, in miles (the browser's locale is en-US). */
function miles(text: string): number {
  if (text === 'Under 1 mi away') return 0;
  const match = /^([\d.,]+) mi away$/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]!.replace(',', ''));
}

/** Where the location controls are: the page, or on a phone the filters sheet (opened here). */
async function locationControls(page: Page, width: number): Promise<Page | Locator> {
  if (!isPhone(width)) return page;
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  return sheet;
}

for (const width of [360, 1440] as const) {
  test.describe(`search on a phone, at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 }, locale: 'en-US' });

    test('cars near Austin: vehicles only, nearest first, within the radius shown, three to a phone screen', async ({
      page,
    }) => {
      await page.goto('/');
      // The home page's car entry point searches vehicles only.
      const searchCars = page.getByRole('link', { name: 'Search cars' });
      await expect(searchCars).toHaveAttribute('href', '/search?kind=vehicles');
      await page.goto('/search?kind=vehicles');
      await expect(page.getByRole('button', { name: 'Vehicles', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const controls = await locationControls(page, width);
      const field = controls.getByRole('combobox', { name: 'Location' });
      await field.fill('austin');
      await expect(page.getByRole('option', { name: /^Austin, Texas/ }).first()).toBeVisible();
      await field.press('ArrowDown');
      await field.press('Enter');
      await expect(controls.getByRole('combobox', { name: 'Within' })).toHaveValue('25');
      await expect(
        controls.getByRole('combobox', { name: 'Within' }).locator('option:checked'),
      ).toHaveText('25 mi');
      if (isPhone(width)) {
        const sheet = page.getByRole('dialog', { name: 'Filters' });
        await sheet.getByRole('button', { name: /^Show .* results?$/ }).click();
        await expect(sheet).toBeHidden();
      }
      // Nearest first without asking: no sort in the URL, the radius in miles.
      await expect(page).toHaveURL(`/search?kind=vehicles&near=${AUSTIN}&radius_mi=25`);
      await expect(page.getByLabel('Sort by')).toHaveValue('distance');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Vehicles within 25 mi of Austin',
      );
      await expect(
        page.getByRole('button', { name: 'Remove Within 25 mi of Austin' }),
      ).toBeVisible();

      const cards = page.getByTestId('listing-card');
      await expect(page.getByTestId('distance').first()).toBeVisible();
      const count = await cards.count();
      expect(count).toBeGreaterThanOrEqual(3);
      const distances = (await page.getByTestId('distance').allTextContents()).map(miles);
      expect(distances).toHaveLength(count);
      for (const distance of distances) expect(distance).toBeLessThanOrEqual(25);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      // Vehicles only: every card's facts begin with its model year (parts have none).
      for (const facts of await page.getByTestId('listing-card-facts').allTextContents()) {
        expect(facts).toMatch(/^(19|20)\d\d · /);
      }

      if (!isPhone(width)) {
        // The desktop keeps the grid: three whole cards side by side.
        const [a, b] = await Promise.all([0, 1].map((i) => cards.nth(i).boundingBox()));
        expect(Math.abs(a!.y - b!.y)).toBeLessThan(1);
        await expect(page.getByRole('group', { name: 'Show listings as' })).toBeHidden();
        return;
      }
      // Three compact cards fit one 360 × 780 screen below the sticky header.
      const span = await page.evaluate(() => {
        const list = [...document.querySelectorAll('[data-testid="listing-card"]')];
        const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
        const top = list[0]!.getBoundingClientRect().top;
        const bottom = list[2]!.getBoundingClientRect().bottom;
        return { height: bottom - top, room: window.innerHeight - header };
      });
      expect(span.height).toBeLessThanOrEqual(span.room);
      const photo = cards.first().getByTestId('listing-card-photo');
      expect((await photo.boundingBox())!.width).toBeLessThan(width / 2);

      // Grid: the whole card; the choice is remembered on the device.
      await page.getByRole('button', { name: 'Grid' }).click();
      await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect.poll(async () => (await photo.boundingBox())!.width).toBeGreaterThan(300);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect.poll(async () => (await photo.boundingBox())!.width).toBeGreaterThan(300);
      await page.getByRole('button', { name: 'List' }).click();

      // Parts and accessories are one tap away.
      await page.getByRole('button', { name: 'Parts and accessories' }).click();
      await expect(page).toHaveURL(/kind=parts/);
    });

    test('a category tile sends a visitor to login, whose link opens the category on search', async ({
      page,
      request,
    }) => {
      const categories = (await (await request.get('/api/categories')).json()) as {
        _id: string;
        category_name: string;
      }[];
      const category = categories[0]!;
      await page.goto('/');
      await page
        .getByTestId('category-tile')
        .filter({ hasText: category.category_name.toUpperCase() })
        .click();
      await expect(page).toHaveURL('/login');
      await page
        .getByRole('link', { name: `Browse ${category.category_name} listings without signing in` })
        .click();
      await expect(page).toHaveURL(`/search?category=${category._id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.category_name);
      await expect(page.getByTestId('listing-card').first()).toBeVisible();
    });
  });
}
