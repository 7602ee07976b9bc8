/// <reference lib="dom" />
/** docs/product.md §2 Home: picture carousel, Advertisement (promoted products) and the category grid. */
import { expect, test } from '@playwright/test';
import { formatDollars, imageSrcSet } from '../../src/contract/index.js';
import { getCategories, getPromotedProducts, renderedQueryData } from './support/api.js';
import { createOwnListings } from './support/listings.js';

test.describe('Home (/)', () => {
  test('shows the three car pictures of the carousel', async ({ page }) => {
    await page.goto('/');
    const pictures = page.getByRole('region', { name: 'Cars' }).getByRole('img');
    await expect(pictures).toHaveCount(3);
    for (const [index, picture] of (await pictures.all()).entries()) {
      await expect(picture).toHaveAttribute('src', `/carousel/car-${index + 1}.webp`);
      await expect(picture).toHaveAttribute('alt', /\w+/);
    }
  });

  test('shows every category as an uppercase tile linking to /category/{id}', async ({
    page,
    request,
  }) => {
    // Other spec files add categories while this one runs: compare the page with the data it was
    // rendered from (server rendering, decision 0015), and that with the demo data read before.
    const before = await getCategories(request);
    expect(before.length, 'demo data has at least 6 categories').toBeGreaterThanOrEqual(6);
    await page.goto('/');
    const categories = await renderedQueryData<typeof before>(page, ['catalog', 'categories']);
    expect(categories.map((c) => c._id)).toEqual(expect.arrayContaining(before.map((c) => c._id)));
    await expect(page.getByRole('heading', { name: 'Browse items by category' })).toBeVisible();
    const tiles = page.getByTestId('category-tile');
    await expect(tiles).toHaveText(categories.map((c) => c.category_name.toUpperCase()));
    for (const [index, category] of categories.entries()) {
      await expect(tiles.nth(index)).toHaveAttribute('href', `/category/${category._id}`);
    }
  });

  test('lays categories out in 2 columns, and 3 from the small breakpoint', async ({ page }) => {
    const columnsAt = async (width: number) => {
      await page.setViewportSize({ width, height: 900 });
      const tiles = page.getByTestId('category-tile');
      await expect(tiles.nth(3)).toBeVisible();
      const tops = await tiles.evaluateAll((elements) =>
        elements.slice(0, 4).map((element) => Math.round(element.getBoundingClientRect().top)),
      );
      return tops.filter((top) => top === tops[0]).length;
    };
    await page.goto('/');
    expect(await columnsAt(360)).toBe(2);
    expect(await columnsAt(1280)).toBe(3);
  });

  test('advertises promoted products with a Sponsor badge and "Only $" price', async ({
    page,
    request,
  }) => {
    // Other spec files promote and sell products while this one runs: compare the page with the
    // data it was rendered from.
    expect(
      (await getPromotedProducts(request)).length,
      'demo data has promoted products',
    ).toBeGreaterThan(0);
    await page.goto('/');
    const promoted = await renderedQueryData<Awaited<ReturnType<typeof getPromotedProducts>>>(
      page,
      ['catalog', 'promoted-products'],
    );
    expect(promoted.length).toBeGreaterThan(0);
    const cards = page.getByTestId('sponsored-card');
    await expect(cards).toHaveCount(promoted.length);
    for (const [index, product] of promoted.entries()) {
      const card = cards.nth(index);
      await expect(card.getByText('Sponsor', { exact: true })).toHaveCount(1);
      await expect(card.getByRole('heading')).toHaveText(product.product_name);
      await expect(card).toContainText(`Only ${formatDollars(product.resell_price)}`);
      // The product image fills the card behind its text, in the width the card needs.
      const picture = card.locator('img');
      const jpeg = imageSrcSet(product.product_image, 'jpeg');
      if (jpeg) await expect(picture).toHaveAttribute('srcset', jpeg);
      else await expect(picture).toHaveAttribute('src', product.product_image);
    }
  });

  test('shows 1 sponsored card, 2 from 720px and 3 from 1024px, with clickable pagination', async ({
    page,
    playwright,
  }) => {
    // More promoted products than the widest layout shows, whatever the demo data holds.
    await createOwnListings(playwright, { count: 4, promote: true });

    const visibleCards = () =>
      page.getByTestId('sponsored-card').evaluateAll(
        (cards) =>
          cards.filter((card) => {
            const box = card.getBoundingClientRect();
            return box.left >= -1 && box.right <= window.innerWidth + 1 && box.width > 0;
          }).length,
      );
    /** The cards in view at `width`, once the carousel has laid itself out again. */
    const expectCardsInView = async (width: number, count: number) => {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(visibleCards, { message: `sponsored cards in view at ${width}px` })
        .toBe(count);
    };
    await page.goto('/');
    await expect(page.getByTestId('sponsored-card').first()).toBeVisible();
    await expectCardsInView(1280, 3);
    await expectCardsInView(800, 2);
    await expectCardsInView(400, 1);

    const carousel = page.getByRole('region', { name: 'Sponsored products' });
    const dots = carousel.getByRole('button', { name: /^Go to slide \d+$/ });
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Go to slide 2', exact: true }).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(dots.first()).not.toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('sponsored-card').nth(1)).toBeInViewport({ ratio: 0.9 });

    // Arrow keys move it while focus is inside (as Swiper's Keyboard module did).
    await dots.nth(1).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('sponsored-card').first()).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press('ArrowRight');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  });
});
