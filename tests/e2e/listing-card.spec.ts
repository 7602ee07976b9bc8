/// <reference lib="dom" />
/**
 * The one listing card (decision 0036), at 360 px and 1440 px: the same card, with the same
 * test id and parts, on the category page, search, favourites and the seller's profile, with the
 * key facts line (year · mileage · fuel · gearbox); no seller line on the seller's own profile;
 * the photo kept whole (a 16:10 upload in a 4:3 box, contained, never cropped; the home page's
 * sponsored cards likewise); no sideways scrolling at 320 and 360 px. Mileage and distance in
 * the viewer's unit: miles for an en-US browser, and the footer's `km | mi` switch changes both
 * and survives a reload (kilometres by default for de-DE is a component test,
 * src/web/components/listing-card.test.tsx). Every test makes its own seller, listing and buyer
 * through the API.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { createAccount, signInViaApi, testPassword, uniqueEmail } from './support/accounts.js';
import { newSignedInUser, unique } from './support/users.js';

/** Denver, Colorado in the gazetteer (decision 0026). */
const DENVER = 5419384;
const MILEAGE_KM = 120_000;
const factsInMiles = '2016 · 74,565 mi · Petrol · Automatic';
const factsInKm = '2016 · 120,000 km · Petrol · Automatic';

/** A 1600 × 1000 (16:10) photo with a label at each edge, as a seller's phone might take. */
function wideJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
<rect width="1600" height="1000" fill="#30506e"/>
<text x="10" y="500" font-size="120" fill="#fff">FRONT</text>
<text x="1250" y="500" font-size="120" fill="#fff">REAR</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** A seller's vehicle listing with a 16:10 photo, in Denver; and a buyer who saved it. */
async function vehicleListing(browser: Browser, width: number, buyerPage: Page) {
  const seller = await newSignedInUser(browser, 'seller', width, 'card');
  const request = seller.page.request;
  const category = await request.post(apiUrl(apiRoutes.createCategory), {
    data: { category_name: `Card test ${unique()}` },
    headers: seller.headers,
  });
  expect(category.status(), 'POST /api/categories').toBe(201);
  const categoryId = ((await category.json()) as { insertedId: string }).insertedId;
  const upload = await request.post(apiUrl(apiRoutes.uploadImage), {
    multipart: { image: { name: 'wide.jpg', mimeType: 'image/jpeg', buffer: await wideJpeg() } },
    headers: seller.headers,
  });
  expect(upload.status(), 'POST /api/images').toBe(201);
  const name = `Cardtest estate ${unique()}`;
  const created = await request.post(apiUrl(apiRoutes.createProduct), {
    data: {
      product_name: name,
      product_description: 'A tidy estate, one careful owner.',
      product_image: ((await upload.json()) as { data: { url: string } }).data.url,
      category_id: categoryId,
      condition: 'Good',
      resell_price: 8400,
      original_price: 21000,
      year_of_used: 9,
      seller_location: 'Denver',
      seller_phone: '01712345678',
      place_id: DENVER,
      model_year: 2016,
      mileage_km: MILEAGE_KM,
      fuel_type: 'Petrol',
      transmission: 'Automatic',
    },
    headers: seller.headers,
  });
  expect(created.status(), 'POST /api/products').toBe(201);
  const id = ((await created.json()) as { insertedId: string }).insertedId;
  await seller.page.context().close();

  const email = uniqueEmail('card-buyer');
  const uid = await createAccount(buyerPage, { email, name: `Buyer ${unique()}`, role: 'buyer' });
  await signInViaApi(buyerPage, email, testPassword);
  const token = await buyerPage.request.post(apiUrl(apiRoutes.issueToken), {
    data: { user: uid },
  });
  const headers = { authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
  const saved = await buyerPage.request.put(
    apiUrl(apiRoutes.addFavourite, { params: { productId: id } }),
    { headers },
  );
  expect(saved.ok(), 'PUT /api/favourites/{productId}').toBe(true);
  return { id, name, categoryId, seller: { uid: seller.uid, name: seller.name } };
}

/**
 * Whether every picture in `images` shows the whole photo: contained in its box, or a box of the
 * photo's own shape (a cover crop of a same-shaped box cuts nothing).
 */
async function expectWholePhotos(images: Locator) {
  await expect(images.first()).toBeVisible();
  const shown = await images.evaluateAll((elements) =>
    (elements as HTMLImageElement[]).map((img) => {
      const box = img.getBoundingClientRect();
      const fit = getComputedStyle(img).objectFit;
      const sameShape =
        img.naturalWidth > 0 &&
        Math.abs(img.naturalWidth / img.naturalHeight - box.width / box.height) < 0.02;
      return { src: img.currentSrc, fit, whole: fit === 'contain' || sameShape };
    }),
  );
  for (const image of shown) expect(image, image.src).toMatchObject({ whole: true });
}

/** The card's parts, the same on every page (`seller` false on the seller's own profile). */
async function expectListingCard(
  card: Locator,
  listing: { id: string; name: string; seller: { name: string } },
  { facts, seller = true }: { facts: string; seller?: boolean },
) {
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: listing.name })).toBeVisible();
  await expect(card.getByRole('link', { name: listing.name })).toHaveAttribute(
    'href',
    `/listing/${listing.id}`,
  );
  await expect(card.getByText('$8,400', { exact: true })).toBeVisible();
  await expect(card.getByTestId('listing-card-facts')).toHaveText(facts);
  await expect(card.getByText('Good', { exact: true })).toBeVisible();
  await expect(card.locator('time')).toBeVisible();
  // The photo: a 4:3 box reserved by the picture's width and height, the photo contained in it.
  const photo = card.getByTestId('listing-card-photo');
  await expect(photo).toHaveAttribute('width', '640');
  await expect(photo).toHaveAttribute('height', '480');
  await expectWholePhotos(photo);
  if (seller) {
    await expect(card.getByTestId('listing-card-seller')).toContainText(listing.seller.name);
  } else {
    await expect(card.getByTestId('listing-card-seller')).toHaveCount(0);
    await expect(card).not.toContainText(listing.seller.name);
  }
}

/** No sideways scrolling at 320 px and at the test's own width. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  for (const narrow of width < 1024 ? [320, width] : [width]) {
    await page.setViewportSize({ width: narrow, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `page width at ${narrow}px`,
      })
      .toBeLessThanOrEqual(narrow);
  }
}

// The whole card: on a phone that is the Grid view (the List view's compact card, decision 0047,
// is tested in search-phone.spec.ts).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('second-gear:listing-view', 'grid'));
});

/** The footer's `km | mi` switch. */
const unitSwitch = (page: Page) =>
  page.getByRole('contentinfo').getByRole('group', { name: 'Units' });

for (const width of [360, 1440]) {
  test.describe(`The listing card at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: 'en-US' });

    test('is the same card on the category page, search, favourites and the seller profile', async ({
      browser,
      page,
    }) => {
      test.setTimeout(120_000);
      const listing = await vehicleListing(browser, width, page);
      const cardOf = () => page.getByTestId('listing-card').filter({ hasText: listing.name });

      await page.goto(`/category/${listing.categoryId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'All Product' })).toBeVisible();
      await expectListingCard(cardOf(), listing, { facts: factsInMiles });
      // The spec's category fields stay on this page's cards.
      await expect(cardOf()).toContainText('Original price: $21,000');
      await expect(cardOf()).toContainText('Years of use');
      await expectNoSidewaysScroll(page, width);
      await page.setViewportSize({ width, height: 900 });

      await page.goto(`/search?q=${encodeURIComponent(listing.name)}&near=${DENVER}`);
      await expectListingCard(cardOf(), listing, { facts: factsInMiles });
      await expect(cardOf().getByTestId('distance')).toHaveText(/^([\d.]+|Under 1) mi away$/);
      await expect(cardOf()).not.toContainText('Original price');
      await expectNoSidewaysScroll(page, width);
      await page.setViewportSize({ width, height: 900 });

      await page.goto('/favourites');
      await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
      await expectListingCard(cardOf(), listing, { facts: factsInMiles });
      await expect(cardOf().getByRole('link', { name: 'View listing' })).toBeVisible();
      await expectNoSidewaysScroll(page, width);
      await page.setViewportSize({ width, height: 900 });

      await page.goto(`/seller/${listing.seller.uid}`);
      await expect(
        page.getByRole('heading', { level: 1, name: listing.seller.name }),
      ).toBeVisible();
      await expectListingCard(cardOf(), listing, { facts: factsInMiles, seller: false });
      await expectNoSidewaysScroll(page, width);
      await page.setViewportSize({ width, height: 900 });

      // The home page's sponsored cards keep their photos whole too.
      await page.goto('/');
      await expectWholePhotos(page.getByTestId('sponsored-card').locator('img'));
      await expectNoSidewaysScroll(page, width);
    });

    test('the km | mi switch changes mileage and distance everywhere and survives a reload', async ({
      browser,
      page,
    }) => {
      test.setTimeout(120_000);
      const listing = await vehicleListing(browser, width, page);
      const card = page.getByTestId('listing-card').filter({ hasText: listing.name });

      await page.goto(`/search?q=${encodeURIComponent(listing.name)}&near=${DENVER}`);
      await expect(card.getByTestId('listing-card-facts')).toHaveText(factsInMiles);
      await expect(unitSwitch(page).getByRole('radio', { name: 'mi' })).toBeChecked();
      await expect(page.getByLabel('Max mileage (mi)')).toBeAttached();

      await unitSwitch(page).getByText('km', { exact: true }).click();
      await expect(unitSwitch(page).getByRole('radio', { name: 'km' })).toBeChecked();
      await expect(card.getByTestId('listing-card-facts')).toHaveText(factsInKm);
      await expect(card.getByTestId('distance')).toHaveText(/^([\d.]+|Under 1) km away$/);
      // The search page's own Units follow the same preference (on a phone, in the filters sheet).
      if (width < 1024) {
        await page.getByRole('button', { name: 'Filters', exact: true }).click();
        const sheet = page.getByRole('dialog', { name: 'Filters' });
        await expect(sheet.getByRole('combobox', { name: 'Units' })).toHaveValue('km');
        await expect(sheet.getByLabel('Max mileage (km)')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(sheet).toBeHidden();
      } else {
        await expect(page.getByRole('combobox', { name: 'Units' })).toHaveValue('km');
        await expect(page.getByLabel('Max mileage (km)')).toBeVisible();
      }

      await page.reload();
      await expect(card.getByTestId('listing-card-facts')).toHaveText(factsInKm);
      await expect(unitSwitch(page).getByRole('radio', { name: 'km' })).toBeChecked();

      // The listing page's details table uses it too.
      await page.goto(`/listing/${listing.id}`);
      const details = page.getByRole('region', { name: 'Vehicle details' });
      await expect(details).toContainText('120,000 km');
      await unitSwitch(page).getByText('mi', { exact: true }).click();
      await expect(details).toContainText('74,565 mi');
    });
  });
}
