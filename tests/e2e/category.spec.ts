/// <reference lib="dom" />
/**
 * docs/product.md §2 Category page: "All Product" and the category's product cards, newest first. The page
 * needs a signed-in user (docs/product.md §2): the demo seller, who is not a buyer.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  formatDollars,
  nextCursorHeader,
  type Category,
  type ProductCard,
} from '../../src/contract/index.js';
import { demoCategories } from '../../src/server/db/demo/catalog.js';
import { DEMO_SELLER, signInViaApi } from './support/accounts.js';
import { getCategories, getCategoryPage } from './support/api.js';
import { createOwnListings } from './support/listings.js';

const demoCategoryNames = new Set<string>(demoCategories);

/**
 * The demo data's categories with at least one product, each with its first page. Only the demo
 * categories: other spec files add categories of their own, and the admin's Categories test
 * merges and deletes its own while this runs.
 */
async function categoriesWithProducts(request: APIRequestContext) {
  const categories = (await getCategories(request)).filter((category) =>
    demoCategoryNames.has(category.category_name),
  );
  const pages = await Promise.all(
    categories.map(async (category: Category) => ({
      category,
      ...(await getCategoryPage(request, category._id)),
    })),
  );
  return pages.filter((entry) => entry.products.length > 0);
}

test.describe('Category page (/category/{id})', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, DEMO_SELLER.email);
  });

  test('a category tile on the home page leads to its product cards', async ({ page, request }) => {
    const listed = await categoriesWithProducts(request);
    const total = listed.reduce((sum, entry) => sum + entry.products.length, 0);
    expect(total, 'demo data has at least 40 listings').toBeGreaterThanOrEqual(40);
    const [{ category, products }] = listed as [(typeof listed)[number]];

    await page.goto('/');
    await page
      .getByTestId('category-tile')
      .filter({ hasText: category.category_name.toUpperCase() })
      .click();
    await expect(page).toHaveURL(`/category/${category._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'All Product' })).toBeVisible();

    const cards = page.getByTestId('listing-card');
    await expect(cards).toHaveCount(products.length);
    for (const [index, product] of products.slice(0, 6).entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading')).toHaveText(product.product_name);
      await expect(card.getByRole('img', { name: product.product_name })).toHaveAttribute(
        'src',
        product.product_image,
      );
      await expect(card).toContainText(product.seller_name);
      await expect(card).toContainText(product.condition);
      await expect(card).toContainText(product.seller_location);
      await expect(card).toContainText(String(product.year_of_used));
      await expect(card).toContainText(formatDollars(product.resell_price));
      await expect(card).toContainText(formatDollars(product.original_price!));
      await expect(card.getByRole('img', { name: 'Verified seller' })).toHaveCount(
        product.seller_verified ? 1 : 0,
      );
      await expect(card.locator('time')).toHaveAttribute('datetime', product.createAt);
      if (product.order_status) {
        await expect(card).toContainText('SOLD OUT');
      } else if (product.seller_uid === DEMO_SELLER.uid) {
        await expect(card).toContainText('Your listing');
      } else {
        // Every account buys (decision 0042): a seller books another seller's listing.
        await expect(card).toContainText(/Book Now|Booked/);
      }
    }
  });

  test('shows the posting date and time in medium date, short time format', async ({
    page,
    request,
  }) => {
    const [{ category, products }] = (await categoriesWithProducts(request)) as [
      Awaited<ReturnType<typeof categoriesWithProducts>>[number],
    ];
    await page.goto(`/category/${category._id}`);
    const expected = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    }).format(new Date(products[0]!.createAt));
    await expect(page.getByTestId('listing-card').first().locator('time')).toHaveText(expected);
  });

  test('lays cards out in 1, 2 or 3 columns by width', async ({ page, playwright }) => {
    const { category } = await createOwnListings(playwright, { count: 3 });
    await page.goto(`/category/${category.id}`);
    const columnsAt = async (width: number) => {
      await page.setViewportSize({ width, height: 900 });
      const cards = page.getByTestId('listing-card');
      await expect(cards.nth(2)).toBeVisible();
      const tops = await cards.evaluateAll((elements) =>
        elements.slice(0, 3).map((element) => Math.round(element.getBoundingClientRect().top)),
      );
      return tops.filter((top) => top === tops[0]).length;
    };
    expect(await columnsAt(360)).toBe(1);
    expect(await columnsAt(800)).toBe(2);
    expect(await columnsAt(1280)).toBe(3);
  });

  test('"Load more" appends the next page (pages of 2 products)', async ({
    page,
    request,
    playwright,
  }) => {
    const own = await createOwnListings(playwright, { count: 3 });
    const category = { _id: own.category.id };
    // Let the page ask for pages of 2, so that the category's 3 products make a next page.
    await page.route(`**/api/category/${category._id}*`, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '2');
      return route.continue({ url: url.toString() });
    });
    const first = await request.get(`/api/category/${category._id}?limit=2`);
    const firstPage = (await first.json()) as ProductCard[];
    const cursor = first.headers()[nextCursorHeader];
    expect(cursor, 'the API gives a next-page cursor').toBeTruthy();
    const second = await request.get(`/api/category/${category._id}?limit=2&cursor=${cursor}`);
    const secondPage = (await second.json()) as ProductCard[];

    await page.goto(`/category/${category._id}`);
    const cards = page.getByTestId('listing-card');
    await expect(cards.getByRole('heading')).toHaveText(firstPage.map((p) => p.product_name));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards.getByRole('heading')).toHaveText(
      [...firstPage, ...secondPage].map((p) => p.product_name),
    );
  });

  test('an unknown category shows the not-found page', async ({ page }) => {
    await page.goto('/category/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Uh-oh!' })).toBeVisible();
    await expect(page.getByText('We can not find that page.')).toBeVisible();
    await page.goto('/category/not-an-id');
    await expect(page.getByRole('heading', { name: 'Uh-oh!' })).toBeVisible();
  });
});
