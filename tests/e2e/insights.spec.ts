/// <reference lib="dom" />
/**
 * Seller insights at 360 and 1440 px: a new seller's listing, visited by the seller (not
 * counted) and by two other browsers, shows 2 views on Seller dashboard → Insights; the chart of
 * daily views is drawn and its numbers are in a table for screen readers; nothing is wider than
 * the screen. Each test makes its own seller and listing through the API.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.js';
import { postListingAs } from './support/listings.js';
import { newSignedInUser } from './support/users.js';

/** Opens the listing page in `page` and waits until it has told the server it was seen. */
async function visit(page: Page, listing: { id: string; name: string }) {
  const beacon = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/product/${listing.id}/view`) && response.status() === 202,
  );
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
  await beacon;
}

/** A visit by someone else, in a browser of their own (their own local storage). */
async function visitAsStranger(
  browser: Browser,
  width: number,
  listing: { id: string; name: string },
) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  try {
    await visit(await context.newPage(), listing);
  } finally {
    await context.close();
  }
}

for (const width of [360, 1440]) {
  test.describe(`Insights at ${width} px`, () => {
    test('counts two other browsers as 2 views and draws the chart with its table', async ({
      browser,
    }) => {
      const seller = await newSignedInUser(browser, 'seller', width, 'insights');
      const listing = await postListingAs(seller, { name: 'Insight Hatchback', price: 6400 });
      await visit(seller.page, listing);
      await visitAsStranger(browser, width, listing);
      await visitAsStranger(browser, width, listing);

      const page = seller.page;
      if (width >= 1024) {
        await page.goto('/user/seller/all-products');
        await page.getByRole('link', { name: 'Insights', exact: true }).click();
      } else {
        await page.goto('/user/seller/insights');
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
      const card = page.getByTestId('insights-listing').filter({ hasText: listing.name });
      // Views are written in batches every second: look again until they are in.
      await expect(async () => {
        await page.reload();
        await expect(card.getByTestId('total-views')).toHaveText('2', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(card.getByText('Days on market')).toBeVisible();

      await expect(page.getByLabel('Listing', { exact: true })).toHaveValue(listing.id);
      await expect(page.getByTestId('views-chart').locator('canvas')).toBeVisible();
      const table = page.getByRole('table', {
        name: `Daily views and search impressions of ${listing.name}`,
      });
      await expect(table.getByRole('row')).toHaveCount(31);
      await expect(table.getByRole('row').last().getByRole('cell').first()).toHaveText('2');

      const noOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      );
      expect(noOverflow, 'nothing wider than the viewport').toBe(true);
      await expectAxeClean(page, 'Insights');
      await page.context().close();
    });
  });
}
