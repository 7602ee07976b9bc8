/// <reference lib="dom" />
/**
 * The home page for a visitor (decision 0040), at 360 and 1440 px: each carousel slide has a
 * headline and a call to action in the server's HTML; "Recently listed" cards are
 * server-rendered, newest first, live listings only; a category tile leads to /login, which
 * says why, and signing in goes on to that category.
 */
import { expect, test } from '@playwright/test';
import type { SearchResult } from '#contract/search.js';
import { DEMO_BUYER, DEMO_PASSWORD, submitLogin } from './support/accounts.js';
import { renderedQueryData } from './support/api.js';
import { expectAxeClean } from './support/axe.js';
import { createOwnListings } from './support/listings.js';

for (const width of [360, 1440]) {
  test.describe(`Home for a visitor at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('slides carry a headline and a call to action, with JavaScript off', async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/');
      const slides = page.getByTestId('hero-slide');
      await expect(slides).toHaveCount(3);
      const expected = [
        { headline: 'Find your next car', action: 'Search cars', href: '/search?kind=vehicles' },
        {
          headline: 'Sell your car for free',
          action: 'Sell your car',
          // Registration with the seller role preset and the way back to the listing form.
          href: '/registration?role=seller&next=%2Fuser%2Fseller',
        },
        {
          headline: 'Buy from verified sellers',
          action: 'See verified sellers',
          href: '/search?kind=vehicles&verified=true',
        },
      ];
      for (const [index, slide] of expected.entries()) {
        const item = slides.nth(index);
        await expect(item.getByRole('heading', { level: 2 })).toHaveText(slide.headline);
        await expect(item.getByRole('link', { name: slide.action })).toHaveAttribute(
          'href',
          slide.href,
        );
      }
      // The first slide's words are on screen at once, inside the picture.
      const picture = await slides.first().locator('img').boundingBox();
      const headline = await slides.first().getByRole('heading').boundingBox();
      expect(picture && headline).toBeTruthy();
      expect(headline!.y + headline!.height).toBeLessThanOrEqual(picture!.y + picture!.height);
      expect(headline!.x + headline!.width).toBeLessThanOrEqual(picture!.x + picture!.width);
      await context.close();
    });

    test('"Recently listed" cards are in the server HTML, newest first', async ({
      browser,
      playwright,
    }) => {
      await createOwnListings(playwright, { count: 2 });
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/');
      const answer = await renderedQueryData<SearchResult>(page, ['search', 'recent']);
      expect(answer.items.length).toBeGreaterThan(0);
      const posted = answer.items.map((item) => Date.parse(item.createAt));
      expect(posted).toEqual([...posted].sort((a, b) => b - a));
      for (const item of answer.items) {
        expect(item.order_status, `${item.product_name} is unsold`).toBe(false);
        expect(['active', 'reserved']).toContain(item.listing_status);
      }
      const section = page.getByRole('region', { name: 'Recently listed' });
      await expect(section.getByRole('heading', { name: 'Recently listed' })).toBeVisible();
      await expect(section.getByTestId('listing-card').getByRole('heading')).toHaveText(
        answer.items.map((item) => item.product_name),
      );
      await expect(
        section.getByRole('link', { name: answer.items[0]!.product_name }),
      ).toHaveAttribute('href', `/listing/${answer.items[0]!._id}`);
      await context.close();
    });

    test('the home page passes axe and nothing overflows', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Recently listed' })).toBeVisible();
      await expectAxeClean(page, 'home');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('a category tile asks a visitor to sign in, then opens the category', async ({
      page,
      playwright,
    }) => {
      const own = await createOwnListings(playwright, { count: 1 });
      await page.goto('/');
      await page
        .getByTestId('category-tile')
        .filter({ hasText: own.category.name.toUpperCase() })
        .click();
      await expect(page).toHaveURL('/login');
      await expect(page.getByText(`Sign in to see ${own.category.name} listings`)).toBeVisible();
      await expectAxeClean(page, 'login with a reason');
      await submitLogin(page, DEMO_BUYER.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(`/category/${own.category.id}`);
      await expect(page.getByRole('heading', { name: 'All Product' })).toBeVisible();
    });

    test('the login page shows no reason it cannot look up', async ({ page }) => {
      await page.goto('/login?from=%2Fcategory%2Fnot-a-category');
      await expect(page.getByRole('heading', { name: 'Login Now' })).toBeVisible();
      await expect(page.getByTestId('sign-in-reason')).toHaveText('');
      await page.goto('/login');
      await expect(page.getByTestId('sign-in-reason')).toHaveCount(0);
    });
  });
}
