/// <reference lib="dom" />
/**
 * Search: the navbar's search box on every page and width, `/search` with "N results",
 * result cards linking to the listing page, filters and sort in the URL (back and forward
 * restore them), the empty text, and axe (WCAG 2.2 AA) on the page. A heading that says what
 * is shown, removable chips of the active filters, and on a phone the filters sheet with its
 * `Show N results` button.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './support/axe.js';
import { expect, test, type Page } from '@playwright/test';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';

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
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Search results for "corola"',
      );
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

      const phone = width < 1024;
      if (phone) await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByRole('spinbutton', { name: 'Max price ($)' }).fill('1');
      if (phone) await page.getByRole('button', { name: 'Show 0 results' }).click();
      else await filters.getByRole('button', { name: 'Apply filters' }).click();
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
      // The filters show the URL's values (on a phone, in the sheet).
      if (phone) await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await expect(filters.getByRole('spinbutton', { name: 'Max price ($)' })).toHaveValue('1');
    });

    test('a heading says what is shown; chips remove filters; back and forward restore them', async ({
      page,
    }) => {
      const phone = width < 1024;
      /** The API's total for a query string, the number the page must show. */
      const total = async (query: string) => {
        const answer = await page.request.get(`${apiUrl(apiRoutes.search)}?${query}`);
        expect(answer.status()).toBe(200);
        return ((await answer.json()) as { total: number }).total;
      };
      const resultsWord = (n: number) => `${n} ${n === 1 ? 'result' : 'results'}`;
      const heading = page.getByRole('heading', { level: 1 });
      const count = page.getByRole('status').filter({ hasText: /results?$/ });

      await page.goto('/search');
      await expect(heading).toHaveText('All listings');
      // Hydrated (the controls are disabled until then, decision 0015).
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeEnabled();
      await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
      const toyotas = await total('make=Toyota&max_price=15000');
      expect(toyotas).toBeGreaterThan(0);

      if (phone) {
        // The sheet: a modal dialog that takes the focus, and Escape closes it unchanged.
        const open = page.getByRole('button', { name: 'Filters', exact: true });
        await open.click();
        const sheet = page.getByRole('dialog', { name: 'Filters' });
        await expect(sheet).toBeVisible();
        await expect(sheet.getByRole('button', { name: 'Close filters' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(sheet).toBeHidden();
        await expect(open).toBeFocused();
        await expect(page).toHaveURL(/\/search$/);

        await open.click();
        await sheet.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
        await sheet.getByRole('spinbutton', { name: 'Max price ($)' }).fill('15000');
        // The button counts what the sheet has chosen, before anything is applied.
        const show = sheet.getByRole('button', { name: /^Show .* results?$/ });
        await expect(show).toHaveText(`Show ${resultsWord(toyotas)}`);
        await expect(page).toHaveURL(/\/search$/);
        await expectAccessible(page);
        await show.click();
        await expect(sheet).toBeHidden();
      } else {
        const filters = page.getByRole('form', { name: 'Filters' });
        await filters.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
        await expect(page).toHaveURL(/\/search\?make=Toyota$/);
        await filters.getByRole('spinbutton', { name: 'Max price ($)' }).fill('15000');
        await filters.getByRole('button', { name: 'Apply filters' }).click();
      }
      await expect(page).toHaveURL(/\/search\?make=Toyota&max_price=15000$/);
      await expect(heading).toHaveText('Toyota under $15,000');
      await expect(count).toHaveText(resultsWord(toyotas));
      // The results start on the first screen.
      await expect(page.getByTestId('listing-card').first()).toBeInViewport({ ratio: 0.5 });
      const chips = page.getByRole('list', { name: 'Active filters' });
      await expect(chips.getByRole('listitem')).toHaveText(['Toyota', 'Under $15,000']);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);

      const cheap = await total('max_price=15000');
      await page.getByRole('button', { name: 'Remove Toyota' }).click();
      await expect(page).toHaveURL(/\/search\?max_price=15000$/);
      await expect(heading).toHaveText('Listings under $15,000');
      await expect(count).toHaveText(resultsWord(cheap));
      await expect(chips.getByRole('listitem')).toHaveText(['Under $15,000']);

      await page.goBack();
      await expect(page).toHaveURL(/\/search\?make=Toyota&max_price=15000$/);
      await expect(heading).toHaveText('Toyota under $15,000');
      await expect(count).toHaveText(resultsWord(toyotas));
      await expect(chips.getByRole('listitem')).toHaveText(['Toyota', 'Under $15,000']);
      await page.goForward();
      await expect(heading).toHaveText('Listings under $15,000');

      await page.getByRole('button', { name: 'Clear all' }).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(heading).toHaveText('All listings');
      await expect(chips).toHaveCount(0);
      await page.goBack();
      await expect(heading).toHaveText('Listings under $15,000');
    });
  });
}
