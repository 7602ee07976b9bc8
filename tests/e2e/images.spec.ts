/// <reference lib="dom" />
/**
 * Several photos per listing: listing photos come in the width the screen needs. A search result
 * card and the listing page's gallery carry WebP and JPEG `srcset`s of the upload's 320/640/1280
 * px variants, and the browser really loads one of them (its `currentSrc`), at 360 px and
 * 1440 px. Uses the demo listings (their pictures get variants when the demo data is drawn).
 */
import { expect, test, type Locator } from '@playwright/test';
import { imageSrcSet } from '../../src/contract/images.js';
import { demoListings } from '../../src/server/db/demo/catalog.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

interface Item {
  _id: string;
  product_name: string;
  product_image: string;
}

/** Waits until `img` has loaded and answers its `currentSrc`'s path. */
async function loadedSource(img: Locator): Promise<string> {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  return img.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname);
}

for (const width of [360, 1440]) {
  test.describe(`responsive listing photos at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a result card and the gallery load a WebP variant from their srcset', async ({
      page,
    }) => {
      // A demo listing, known by its catalogue name: other tests add listings of their own at
      // any moment, some with a demo picture, and sell or remove them (a CI run picked one of
      // those, which was sold before its card was looked for).
      const demoNames = new Set(demoListings.map((listing) => listing.name));
      let item: Item | undefined;
      let cursor: string | null = null;
      do {
        const found = await page.request.get(
          `${apiUrl(apiRoutes.search)}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(found.status()).toBe(200);
        const results = (await found.json()) as { items: Item[]; next_cursor: string | null };
        item = results.items.find(
          (candidate) =>
            demoNames.has(candidate.product_name) &&
            candidate.product_image.startsWith('/uploads/'),
        );
        cursor = results.next_cursor;
      } while (!item && cursor);
      expect(item, 'a demo listing').toBeDefined();
      const { _id: id, product_name: name, product_image: image } = item!;
      const webpSet = imageSrcSet(image, 'webp');
      const jpegSet = imageSrcSet(image, 'jpeg');
      expect(webpSet, 'demo pictures are uploads with variants').not.toBeNull();
      const base = image.replace(/\.webp$/, '');
      const variant = new RegExp(`^${base}-(320|640|1280)w\\.webp$`);

      // Chromium decodes WebP: no JPEG of this picture is ever fetched (nor the original twice).
      const fetched: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith(base)) fetched.push(path);
      });

      // A search result card.
      await page.goto(`/search?q=${encodeURIComponent(name)}`);
      const card = page.getByTestId('listing-card').filter({ hasText: name }).first();
      const cardImage = card.locator('picture img');
      await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute(
        'srcset',
        webpSet!,
      );
      await expect(cardImage).toHaveAttribute('srcset', jpegSet!);
      await expect(cardImage).toHaveAttribute('sizes', /100vw/);
      await expect(cardImage).toHaveAttribute('width', /\d+/);
      await expect(cardImage).toHaveAttribute('height', /\d+/);
      expect(await loadedSource(cardImage)).toMatch(variant);

      // The listing page's gallery: the cover is a variant too.
      await page.goto(`/listing/${id}`);
      const cover = page.getByTestId('gallery').locator('picture img').first();
      await expect(cover).toHaveAttribute('srcset', jpegSet!);
      const source = await loadedSource(cover);
      expect(source).toMatch(variant);
      // On a phone the 360 px slot needs no more than the 640 px variant (device pixel ratio 1).
      if (width === 360) expect(source).not.toContain('-1280w');
      expect(fetched.filter((path) => !variant.test(path))).toEqual([]);
    });
  });
}
