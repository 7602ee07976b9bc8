/// <reference lib="dom" />
/**
 * The listing page on a phone and on a desktop (decision 0035): title, price and Book Now on the
 * first screen of a 360 × 780 phone; the actions follow the scroll in a bar at the bottom once
 * scrolled past; the owner gets Edit and the listing-state actions instead of the buyer sentence;
 * a visitor gets the spec's sentence with a Login link that comes back to the listing; photos
 * are shown whole in the gallery and the full-screen viewer, whose controls stay on screen from
 * 320 to 1920 px. At 360 px and 1440 px, axe-clean, nothing wider than the screen.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import {
  createAccount,
  signInViaApi,
  submitLogin,
  testPassword,
  uniqueEmail,
} from './support/accounts.js';
import { expectAxeClean } from './support/axe.js';
import { e2eBaseURL } from './support/server-env.js';
import { unique } from './support/users.js';

const buyerSentence = 'Please login with buyer account for buy this product.';

/** A demo car on the market (the longest name, the hardest to fit): its id and name. */
async function demoListing(page: Page): Promise<{ id: string; name: string }> {
  const answer = await page.request.get(`${apiUrl(apiRoutes.search)}?q=sedan`);
  expect(answer.status(), 'GET /api/search').toBe(200);
  const { items } = (await answer.json()) as { items: { _id: string; product_name: string }[] };
  expect(items.length, 'demo sedans on the market').toBeGreaterThan(0);
  const longest = items.reduce((a, b) => (b.product_name.length > a.product_name.length ? b : a));
  return { id: longest._id, name: longest.product_name };
}

/** A new account of `role`, signed in on `page`. */
async function signedIn(page: Page, role: 'buyer' | 'seller'): Promise<void> {
  const email = uniqueEmail(`listing-page-${role}`);
  await createAccount(page, { email, name: `Lane ${role}`, role });
  await signInViaApi(page, email, testPassword);
}

/**
 * A new seller, signed in on `page`, with one car listing whose cover is a 16:10 photo (the
 * shape many cameras take; a 4:3 frame cut it) and a second, 4:3 one. @returns its id and name.
 */
async function sellerWithWidePhoto(page: Page): Promise<{ id: string; name: string }> {
  const email = uniqueEmail('listing-page-owner');
  const uid = await createAccount(page, { email, name: 'Wanda Wide', role: 'seller' });
  await signInViaApi(page, email, testPassword);
  const issued = await page.request.post(apiUrl(apiRoutes.issueToken), {
    data: { user: uid },
    headers: { origin: e2eBaseURL },
  });
  expect(issued.status(), 'POST /api/jwt').toBe(200);
  const headers = { authorization: `Bearer ${((await issued.json()) as { token: string }).token}` };
  const category = await page.request.post(apiUrl(apiRoutes.createCategory), {
    data: { category_name: `Listing test ${unique()}` },
    headers,
  });
  expect(category.status()).toBe(201);
  const photos: string[] = [];
  for (const [width, height] of [
    [1600, 1000],
    [1200, 900],
  ] as const) {
    const png = await sharp({
      create: { width, height, channels: 3, background: '#1f4e8c' },
    })
      .png()
      .toBuffer();
    const upload = await page.request.post(apiUrl(apiRoutes.uploadImage), {
      multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: png } },
      headers,
    });
    expect(upload.status(), 'POST /api/images').toBe(201);
    photos.push(((await upload.json()) as { data: { url: string } }).data.url);
  }
  const name = `Skoda Octavia 2019 estate ${unique()}`;
  const created = await page.request.post(apiUrl(apiRoutes.createProduct), {
    data: {
      product_name: name,
      product_description: 'Photographed in 16:10, front to back.',
      product_image: photos[0],
      product_images: photos,
      category_id: ((await category.json()) as { insertedId: string }).insertedId,
      condition: 'Good',
      resell_price: 9_400,
      original_price: 21_000,
      year_of_used: 6,
      seller_location: 'Leeds',
      seller_phone: '+44 113 496 0000',
      make: 'Skoda',
      model: 'Octavia',
      model_year: 2019,
      mileage_km: 98_000,
      fuel_type: 'Diesel',
      transmission: 'Manual',
    },
    headers,
  });
  expect(created.status(), 'POST /api/products').toBe(201);
  return { id: ((await created.json()) as { insertedId: string }).insertedId, name };
}

/** The bottom edge of `locator` on the page (not the screen), in CSS pixels. */
async function pageBottom(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
}

/** Whether the page is no wider than the screen (nothing overflows sideways). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The rectangle the photo's pixels are painted in (from its box, its `object-fit`, centred, and
 * its natural size), its carousel frame's, and whether the whole photo is painted (not cropped):
 * with `cover` or `fill` only when the box has the photo's own shape.
 */
function paintedPhoto(image: Locator) {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    const box = img.getBoundingClientRect();
    const fit = getComputedStyle(img).objectFit;
    const natural = img.naturalWidth / img.naturalHeight;
    const boxAspect = box.width / box.height;
    let width = box.width;
    let height = box.height;
    if (fit === 'contain' || fit === 'scale-down') {
      if (boxAspect > natural) width = box.height * natural;
      else height = box.width / natural;
    }
    const whole =
      fit === 'contain' || fit === 'scale-down' || Math.abs(boxAspect - natural) < 0.01 * natural;
    // The carousel's frame, measured in the same instant.
    const frame = img.closest('[aria-roledescription="carousel"]')!.getBoundingClientRect();
    return {
      frame: { left: frame.left, top: frame.top, right: frame.right, bottom: frame.bottom },
      whole,
      natural,
      painted: width / height,
      left: box.left + (box.width - width) / 2,
      top: box.top + (box.height - height) / 2,
      right: box.left + (box.width + width) / 2,
      bottom: box.top + (box.height + height) / 2,
    };
  });
}

for (const width of [360, 1440]) {
  const height = width === 360 ? 780 : 900;

  test.describe(`The listing page at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a buyer finds title, price and Book Now on the first screen; the actions follow the scroll', async ({
      page,
    }) => {
      const listing = await demoListing(page);
      await signedIn(page, 'buyer');
      await page.goto(`/listing/${listing.id}`);
      const title = page.getByRole('heading', { level: 1, name: listing.name });
      const bookNow = page.getByRole('button', { name: `Book Now: ${listing.name}` });
      await expect(bookNow).toBeVisible();
      await expect(page.getByTestId('key-facts')).toHaveText(
        /^\d{4} · [\d,]+ (km|mi) · .+ · .+ · .+/,
      );
      for (const [what, locator] of [
        ['title', title],
        ['price', page.getByTestId('listing-price')],
        ['Book Now', bookNow],
      ] as const) {
        expect(await pageBottom(locator), `${what} within the first ${height} px`).toBeLessThan(
          height,
        );
      }
      // The description comes before the long vehicle details table.
      expect(
        await pageBottom(page.getByRole('heading', { name: 'Description' })),
        'description above the vehicle details',
      ).toBeLessThan(await pageBottom(page.getByRole('heading', { name: 'Vehicle details' })));
      expect(await fitsWidth(page), 'nothing wider than the screen').toBe(true);
      await expectAxeClean(page, 'listing page, actions in place');

      const actions = page.getByTestId('listing-actions');
      await expect(actions).not.toHaveAttribute('data-stuck');
      // Scroll until the actions' place is just above the screen.
      const past = (await pageBottom(actions)) + 40;
      await page.evaluate((y) => window.scrollTo(0, y), past);
      expect(
        await page.evaluate(() => window.scrollY),
        'the page scrolls that far',
      ).toBeGreaterThan(past - 1);
      await expect(actions).toHaveAttribute('data-stuck', 'true');
      await expect(bookNow).toBeInViewport({ ratio: 1 });
      const bar = (await actions.boundingBox())!;
      expect(bar.y + bar.height, 'the bar sits at the bottom of the screen').toBeCloseTo(height, 0);
      // Make an offer rides in the bar beside Book Now; Report stays in the page.
      await expect(page.getByRole('button', { name: 'Make an offer' })).toBeInViewport({
        ratio: 1,
      });
      await expect(page.getByRole('button', { name: `Report: ${listing.name}` })).toBeHidden();
      expect(await fitsWidth(page), 'nothing wider than the screen with the bar').toBe(true);
      await expectAxeClean(page, 'listing page, actions in the bar');
      // At the end of the page the bar steps aside: it never covers the footer.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(actions).not.toHaveAttribute('data-stuck');
      await expect(page.getByRole('contentinfo').getByRole('link').last()).toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(actions).not.toHaveAttribute('data-stuck');
      await expect(page.getByRole('button', { name: `Report: ${listing.name}` })).toBeVisible();

      if (width === 360) {
        await page.setViewportSize({ width: 320, height: 700 });
        await expect(title).toBeVisible();
        expect(await fitsWidth(page), 'nothing wider than a 320 px screen').toBe(true);
      }
    });

    test('the owner sees Edit and the listing-state actions, not the buyer sentence', async ({
      page,
    }) => {
      const listing = await sellerWithWidePhoto(page);
      await page.goto(`/listing/${listing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
      const controls = page.getByTestId('owner-controls');
      await expect(controls.getByRole('link', { name: 'Edit' })).toBeVisible();
      await expect(page.getByText(buyerSentence)).toHaveCount(0);
      await expect(page.getByRole('button', { name: `Book Now: ${listing.name}` })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Message seller' })).toHaveCount(0);
      await expectAxeClean(page, 'own listing page');
      // My Products' Reserve works here too.
      await controls.getByRole('button', { name: 'Reserve' }).click();
      await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
      await expect(controls.getByRole('button', { name: 'Unreserve' })).toBeVisible();
      await controls.getByRole('link', { name: 'Edit' }).click();
      await expect(page).toHaveURL(`/user/seller/products/${listing.id}/edit`);
    });

    test('a visitor sees the sentence and a Login link that comes back to the listing', async ({
      page,
    }) => {
      const listing = await demoListing(page);
      await page.goto(`/listing/${listing.id}`);
      await expect(page.getByText(buyerSentence)).toBeVisible();
      const actions = page.getByTestId('listing-actions');
      await expectAxeClean(page, 'listing page, visitor');
      const email = uniqueEmail('listing-page-visitor');
      await createAccount(page, { email, name: 'Vera Visitor', role: 'buyer' });
      await actions.getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/login\?from=/);
      await submitLogin(page, email, testPassword);
      await expect(page).toHaveURL(`/listing/${listing.id}`);
      await expect(page.getByRole('button', { name: `Book Now: ${listing.name}` })).toBeVisible();
      await expect(page.getByText(buyerSentence)).toHaveCount(0);
    });

    test('a signed-in seller who is not the owner can book (every account buys)', async ({
      page,
    }) => {
      const listing = await demoListing(page);
      await signedIn(page, 'seller');
      await page.goto(`/listing/${listing.id}`);
      await expect(page.getByRole('button', { name: `Book Now: ${listing.name}` })).toBeVisible();
      await expect(page.getByText(buyerSentence)).toHaveCount(0);
      await expect(page.getByTestId('owner-controls')).toHaveCount(0);
    });

    test('photos are whole in the gallery and the full-screen viewer keeps its controls on screen', async ({
      page,
    }) => {
      const listing = await sellerWithWidePhoto(page);
      await page.goto(`/listing/${listing.id}`);
      const gallery = page.getByTestId('gallery');
      const cover = gallery.getByRole('img', { name: `${listing.name}, photo 1 of 2` });
      await expect(cover).toBeVisible();
      await expect
        .poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      const photo = await paintedPhoto(cover);
      expect(photo.natural, 'the cover is 16:10').toBeCloseTo(1.6, 1);
      expect(photo.whole, 'the whole photo is shown').toBe(true);
      expect(photo.painted, 'painted in its own shape').toBeCloseTo(photo.natural, 2);
      // All of it inside the frame.
      expect(photo.left).toBeGreaterThanOrEqual(photo.frame.left - 0.5);
      expect(photo.right).toBeLessThanOrEqual(photo.frame.right + 0.5);
      expect(photo.top).toBeGreaterThanOrEqual(photo.frame.top - 0.5);
      expect(photo.bottom).toBeLessThanOrEqual(photo.frame.bottom + 0.5);

      await page.getByRole('button', { name: 'View full screen' }).click();
      const viewer = page.getByRole('dialog', { name: `${listing.name}: photos` });
      const shown = viewer.getByRole('img', { name: `${listing.name}, photo 1 of 2` });
      await expect(shown).toBeInViewport();
      expect((await paintedPhoto(shown)).whole, 'whole in the viewer').toBe(true);
      for (const size of [
        { width: 320, height: 640 },
        { width, height },
        { width: 1920, height: 1080 },
      ]) {
        await page.setViewportSize(size);
        for (const name of ['Close', 'Previous photo', 'Next photo']) {
          await expect(
            viewer.getByRole('button', { name }),
            `${name} at ${size.width} px`,
          ).toBeInViewport({
            ratio: 1,
          });
        }
      }
      await page.setViewportSize({ width, height });
      await expectAxeClean(page, 'full-screen viewer');
      await viewer.getByRole('button', { name: 'Close' }).click();
      await expect(viewer).toBeHidden();
    });
  });
}
