/// <reference lib="dom" />
/**
 * Search: the navbar's search box on every page and width, `/search` with "N results",
 * result cards linking to the listing page, filters and sort in the URL (back and forward
 * restore them), the empty text, and axe (WCAG 2.2 AA) on the page.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './support/axe.js';
import { expect, test, type Page } from '@playwright/test';

const widths = [360, 1440] as const;

async function expectAccessible(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

for (const width of widths) {
  test.describe(`search at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('navbar search with a typo → results → a result opens its listing page', async ({
      page,
    }) => {
      await page.goto('/blogs');
      const box = page.getByRole('searchbox', { name: 'Search' });
      await expect(box).toBeVisible();
      await box.fill('corola');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=corola$/);
      await expect(page.getByRole('status').filter({ hasText: /^\d+ results?$/ })).toBeVisible();
      const result = page.getByTestId('listing-card').filter({ hasText: 'Toyota Corolla' }).first();
      await expect(result).toBeVisible();
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('corola');
      // Nothing wider than the window.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);

      const link = result.getByRole('heading').getByRole('link');
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/listing\/[0-9a-f-]{36}$/);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });

    test('filters and sort live in the URL; back and forward restore them', async ({ page }) => {
      await page.goto('/search?q=toyota');
      const count = page.getByRole('status').filter({ hasText: /results?$/ });
      await expect(count).toHaveText(/^\d+ results?$/);
      const all = Number((await count.textContent())!.split(' ')[0]);

      // Waits for the select to be enabled, i.e. for the server-rendered page to hydrate.
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
      await expect(page).toHaveURL(/\/search\?q=toyota&sort=price_asc$/);
      // The URL changes at once; the results follow when the sorted page has arrived.
      await expect(async () => {
        const prices = await page
          .getByTestId('listing-card')
          .getByTestId('listing-card-price')
          .allTextContents();
        const numbers = prices.map((text) => Number(text.replace(/[^0-9.]/g, '')));
        expect(numbers.length).toBeGreaterThan(1);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }).toPass();

      if (width < 1024) await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByRole('spinbutton', { name: 'Max price ($)' }).fill('1');
      await filters.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/\/search\?q=toyota&max_price=1&sort=price_asc$/);
      await expect(page.getByText('No listings match your search.')).toBeVisible();
      await expect(count).toHaveText('0 results');
      await expectAccessible(page);

      await page.goBack();
      await expect(page).toHaveURL(/\/search\?q=toyota&sort=price_asc$/);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
      await expect(count).toHaveText(`${all} ${all === 1 ? 'result' : 'results'}`);
      await page.goBack();
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
      await page.goForward();
      await page.goForward();
      await expect(page.getByText('No listings match your search.')).toBeVisible();
      // The panel stays as the user left it (open below lg).
      await expect(filters.getByRole('spinbutton', { name: 'Max price ($)' })).toHaveValue('1');
    });
  });
}
