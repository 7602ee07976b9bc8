/// <reference lib="dom" />
/**
 * Listing a car (docs/features.md, "Listing a car"), at 360 and 1440 px: a visitor taps `Sell
 * your car`, registers (the seller role preset), signs in and lands on the listing form; adds
 * photos in two batches (one of them an 8 MB, 12-megapixel JPEG from a phone, downscaled in the
 * browser), removes one, moves one to the cover, publishes, and the new listing's page shows the
 * chosen cover and a Share action. A buyer-only account's `Sell your car` reaches the seller
 * role's page with the way back to the form kept; `Start selling` there adds the role and the
 * account lists a car. On the edit page the seller draws a box over a photo's number plate and
 * the stored photo changes inside the box and nowhere else.
 */
import { expect, test, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { createAccount, signInViaApi, testPassword, uniqueEmail } from './support/accounts.js';

/** A `width`×`height` PNG of one colour. */
const plainPng = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * A 12-megapixel (4000×3000) JPEG of random noise of 8–10 MB, as a phone's camera makes them
 * (noise compresses badly, so the quality sets the size).
 */
async function phoneJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  for (let quality = 84; ; quality += 2) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length >= 8 * 1024 * 1024) return jpeg;
  }
}

/**
 * An 800×600 JPEG of 16-pixel squares of random colours: a blur shows plainly, and the server's
 * lossy re-encoding changes it little.
 */
function squaresJpeg(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  const colours = new Map<string, number[]>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const key = `${x >> 4},${y >> 4}`;
      let colour = colours.get(key);
      if (!colour) {
        colour = [0, 1, 2].map(() => Math.floor(Math.random() * 256));
        colours.set(key, colour);
      }
      pixels.set(colour, (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The mean absolute difference (0–255) of two RGB pictures `width` wide over `area`. */
function meanDifference(a: Buffer, b: Buffer, width: number, area: Area): number {
  let sum = 0;
  for (let y = area.top; y < area.top + area.height; y++) {
    for (let x = area.left; x < area.left + area.width; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        sum += Math.abs(a[i]! - b[i]!);
      }
    }
  }
  return sum / (area.width * area.height * 3);
}

const rgb = (bytes: Buffer) =>
  sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });

/** Types the beginning of a town's name in `Location` and chooses the suggestion `option`. */
async function chooseTown(page: Page, typed: string, option: RegExp) {
  const field = page.getByRole('combobox', { name: 'Location' });
  await field.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await expect(field).toHaveValue(option);
}

async function openHomeAndTapSell(page: Page, { signedIn = false } = {}) {
  await page.goto('/');
  // The link leads a visitor to registration and an account to the form: tap it once the
  // page knows which it has (the server renders every page as a visitor's).
  if (signedIn) await expect(page.getByRole('link', { name: /^My profile/ })).toBeVisible();
  const slide = page.getByTestId('hero-slide').filter({ hasText: 'Sell your car for free' });
  const link = slide.getByRole('link', { name: 'Sell your car' });
  // On a phone the slide is scrolled to first.
  await link.scrollIntoViewIfNeeded();
  await link.click();
}

for (const width of [360, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test('a visitor goes from Sell your car to a live listing with the chosen cover', async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const files = {
        red: testInfo.outputPath('red.png'),
        green: testInfo.outputPath('green.png'),
        blue: testInfo.outputPath('blue.png'),
        phone: testInfo.outputPath('phone.jpg'),
        face: testInfo.outputPath('face.png'),
      };
      await writeFile(files.red, await plainPng(640, 480, '#c00'));
      await writeFile(files.green, await plainPng(640, 480, '#0a0'));
      await writeFile(files.blue, await plainPng(640, 480, '#00c'));
      await writeFile(files.face, await plainPng(64, 64, '#888'));
      const phone = await phoneJpeg();
      expect(phone.length).toBeGreaterThanOrEqual(8 * 1024 * 1024);
      expect(await sharp(phone).metadata()).toMatchObject({ width: 4000, height: 3000 });
      await writeFile(files.phone, phone);

      // Sell your car → registration with the seller role preset.
      await openHomeAndTapSell(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Register Now' })).toBeVisible();
      await expect(page.getByLabel('Role')).toHaveValue('seller');
      const email = uniqueEmail('sell-car');
      await page.getByLabel('Name').fill('Casey Seller');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Photo').setInputFiles(files.face);
      await page.getByLabel('Password').fill(testPassword);
      await page.getByRole('button', { name: 'Register' }).click();

      // The spec's sequence: success dialog, signed out, the login page; then back to the form.
      await expect(page.getByRole('heading', { level: 1, name: 'Login Now' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
      await page.getByLabel('Password', { exact: true }).fill(testPassword);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page).toHaveURL(/\/user\/seller$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();

      // Photos in two batches: the second adds to the first.
      const addPhotos = page.getByLabel('Add photos');
      const items = page.getByTestId('photo-item');
      await addPhotos.setInputFiles([files.red, files.green]);
      await expect(items).toHaveCount(2);
      await addPhotos.setInputFiles([files.phone, files.blue]);
      await expect(items).toHaveCount(4);
      // Every upload finishes (the 8 MB photo downscaled first), none failed.
      await expect(page.getByRole('progressbar', { name: /Uploading photo/ })).toHaveCount(0, {
        timeout: 60_000,
      });
      await expect(items.getByRole('alert')).toHaveCount(0);
      // Remove the green one (photo 2); the phone photo becomes photo 2: make it the cover.
      await page.getByRole('button', { name: 'Remove photo 2' }).click();
      await expect(items).toHaveCount(3);
      await page.getByRole('button', { name: 'Make photo 2 the cover' }).click();
      const cover = items.first().getByRole('img');
      await expect(cover).toHaveAttribute('alt', /photo 1 \(cover\)/);

      // The rest of the form: a price, where, a phone, a description draft.
      await page.getByLabel('Product Name').fill('Honda Accord 2003');
      await page.getByLabel('Make', { exact: true }).fill('Honda');
      await page.getByLabel('Model', { exact: true }).fill('Accord');
      await page.getByLabel('Model year').fill('2003');
      await expect(page.getByTestId('years-used')).toContainText('Years of use:');
      await page.getByLabel('Resell Price').fill('3500');
      // One field for the place: the town chosen from the suggestions is the location.
      await chooseTown(page, 'Austin', /^Austin, Texas/);
      await expect(page.getByLabel('Place')).toHaveCount(0);
      await page.getByLabel('Phone Number').fill('+1 512 555 0142');
      await page.getByRole('button', { name: 'Write a draft from the details' }).click();
      await expect(page.getByLabel('Product Description')).toHaveValue(/2003 Honda Accord/);

      // The form on a phone, in the test output for review (the README's picture of it,
      // docs/screenshots/listing-form-phone.png, is taken on demo data by
      // scripts/readme-screenshots.ts).
      if (width === 360) {
        await page.getByLabel('Add photos').scrollIntoViewIfNeeded();
        await page.screenshot({ path: testInfo.outputPath('listing-form-phone.png') });
      }
      const [created] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/products') && response.request().method() === 'POST',
        ),
        page.getByRole('button', { name: 'Add Product' }).click(),
      ]);
      expect(created.status()).toBe(201);
      const sent = created.request().postDataJSON() as {
        product_images: string[];
        original_price: number | null;
        seller_location: string;
        place_id?: number;
      };
      expect(sent.product_images).toHaveLength(3);
      expect(sent.original_price ?? null).toBeNull();
      expect(sent.seller_location).toBe('Austin, Texas');
      expect(sent.place_id).toEqual(expect.any(Number));
      // The spec's success dialog; OK leads on to the new listing.
      const success = page.getByRole('dialog').filter({ hasText: 'New Product Added' });
      await expect(success).toBeVisible();
      await success.getByRole('button', { name: 'OK', exact: true }).click();

      // The listing page: the chosen cover first, and Share.
      await expect(page.getByRole('heading', { level: 1, name: 'Honda Accord 2003' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
      await expect(page.getByText('Original price: not given')).toBeVisible();
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const listing = (await (await page.request.get(`/api/product/${id}`)).json()) as {
        product_image: string;
        product_images: string[];
      };
      expect(listing.product_images).toEqual(sent.product_images);
      // The cover is the phone photo: the stored picture is the downscaled 4:3 noise, not a
      // plain colour (a plain colour's deviation is 0; downscaling averages the noise to ~19).
      const stored = await (await page.request.get(listing.product_image)).body();
      const stats = await sharp(stored).stats();
      expect(stats.channels[0]!.stdev).toBeGreaterThan(10);
      const { width: storedWidth, height: storedHeight } = await sharp(stored).metadata();
      expect((storedWidth ?? 0) / (storedHeight ?? 1)).toBeCloseTo(4 / 3, 1);
      await expect(
        page.locator(`img[src*="${listing.product_image.replace(/\.webp$/, '')}"]`).first(),
      ).toBeVisible();
      // Nothing overflows the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });

    test('a buyer-only account starts selling and lists a car', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const email = uniqueEmail('sell-buyer');
      await createAccount(page, { email, name: 'Bo Buyer', role: 'buyer' });
      await signInViaApi(page, email, testPassword);
      await openHomeAndTapSell(page, { signedIn: true });
      await expect(
        page.getByRole('heading', { level: 1, name: 'You Are Not A Seller' }),
      ).toBeVisible();
      expect(new URL(page.url()).searchParams.get('next')).toBe('/user/seller');

      // Start selling adds the role and goes on to the form it was refused.
      await page.getByRole('button', { name: 'Start selling' }).click();
      await expect(page).toHaveURL(/\/user\/seller$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();
      const photo = testInfo.outputPath('car.png');
      await writeFile(photo, await plainPng(640, 480, '#357'));
      await page.getByLabel('Add photos').setInputFiles([photo]);
      await expect(page.getByTestId('photo-item')).toHaveCount(1);
      await expect(page.getByRole('progressbar', { name: /Uploading photo/ })).toHaveCount(0, {
        timeout: 30_000,
      });
      const name = `Mazda 3 2012 ${width}`;
      await page.getByLabel('Product Name').fill(name);
      await page.getByLabel('Make', { exact: true }).fill('Mazda');
      await page.getByLabel('Model', { exact: true }).fill('3');
      await page.getByLabel('Model year').fill('2012');
      await page.getByLabel('Resell Price').fill('5200');
      // A place the town search does not know is typed as it is.
      await page.getByRole('combobox', { name: 'Location' }).fill('Rural Route 2, Travis County');
      await page.getByLabel('Phone Number').fill('+1 512 555 0143');
      await page.getByRole('button', { name: 'Write a draft from the details' }).click();
      await page.getByRole('button', { name: 'Add Product' }).click();
      const success = page.getByRole('dialog').filter({ hasText: 'New Product Added' });
      await expect(success).toBeVisible({ timeout: 20_000 });
      await success.getByRole('button', { name: 'OK', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
    });

    test('a seller blurs a number plate by drawing a box on the photo', async ({ page }) => {
      test.setTimeout(90_000);
      // A seller with a saved listing of one photo, through the API.
      const email = uniqueEmail('plate-blur');
      const uid = await createAccount(page, { email, name: 'Pia Plate', role: 'seller' });
      await signInViaApi(page, email, testPassword);
      const issued = await page.request.post(apiUrl(apiRoutes.issueToken), { data: { user: uid } });
      const headers = {
        authorization: `Bearer ${((await issued.json()) as { token: string }).token}`,
      };
      const category = await page.request.post(apiUrl(apiRoutes.createCategory), {
        data: { category_name: `Plate test ${Date.now().toString(36)}${width}` },
        headers,
      });
      expect(category.status()).toBe(201);
      const upload = await page.request.post(apiUrl(apiRoutes.uploadImage), {
        multipart: {
          image: { name: 'car.jpg', mimeType: 'image/jpeg', buffer: await squaresJpeg() },
        },
        headers,
      });
      expect(upload.status()).toBe(201);
      const photo = ((await upload.json()) as { data: { url: string } }).data.url;
      const created = await page.request.post(apiUrl(apiRoutes.createProduct), {
        data: {
          product_name: `Plate test car ${width}`,
          product_description: 'A car with its plate showing.',
          product_image: photo,
          product_images: [photo],
          category_id: ((await category.json()) as { insertedId: string }).insertedId,
          condition: 'Good',
          resell_price: 4000,
          original_price: 9000,
          year_of_used: 5,
          seller_location: 'Austin',
          seller_phone: '+1 512 555 0144',
        },
        headers,
      });
      expect(created.status()).toBe(201);
      const id = ((await created.json()) as { insertedId: string }).insertedId;
      const before = await rgb(await (await page.request.get(photo)).body());

      // The edit page: Hide plate, then draw the box with the pointer.
      await page.goto(`/user/seller/products/${id}/edit`);
      await page.getByRole('button', { name: 'Hide the number plate on photo 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Hide the number plate' });
      await expect(dialog).toBeVisible();
      const frame = dialog.getByTestId('plate-blur-frame');
      await expect
        .poll(() => frame.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await frame.scrollIntoViewIfNeeded();
      const rect = (await frame.boundingBox())!;
      const drawn = { x: 0.3, y: 0.55, width: 0.4, height: 0.2 };
      await page.mouse.move(rect.x + rect.width * drawn.x, rect.y + rect.height * drawn.y);
      await page.mouse.down();
      await page.mouse.move(
        rect.x + rect.width * (drawn.x + drawn.width),
        rect.y + rect.height * (drawn.y + drawn.height),
        { steps: 8 },
      );
      await page.mouse.up();
      const [blurred] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith(`/${id}/photos/0/blur`)),
        dialog.getByRole('button', { name: 'Blur this box' }).click(),
      ]);
      expect(blurred.status()).toBe(200);
      await expect(page.getByText('Number plate hidden')).toBeVisible();
      // The box sent is the one drawn (fractions of the photo).
      const box = blurred.request().postDataJSON() as typeof drawn;
      for (const key of ['x', 'y', 'width', 'height'] as const) {
        expect(box[key]).toBeCloseTo(drawn[key], 1);
      }
      const { product_images: photos } = (await blurred.json()) as { product_images: string[] };
      expect(photos).toHaveLength(1);
      expect(photos[0]).not.toBe(photo);
      await expect(page.getByTestId('photo-item').getByRole('img')).toHaveAttribute(
        'src',
        photos[0]!,
      );

      // The stored pixels: changed in the box, the same elsewhere but for the lossy WebP
      // re-encoding's noise (a few levels in 255; inside the box well above 30).
      const after = await rgb(await (await page.request.get(photos[0]!)).body());
      const { width: w, height: h } = before.info;
      expect(after.info).toMatchObject({ width: w, height: h });
      const inside = {
        left: Math.floor(box.x * w),
        top: Math.floor(box.y * h),
        width: Math.ceil((box.x + box.width) * w) - Math.floor(box.x * w),
        height: Math.ceil((box.y + box.height) * h) - Math.floor(box.y * h),
      };
      const changedInside = meanDifference(before.data, after.data, w, inside);
      expect(changedInside).toBeGreaterThan(30);
      const margin = 2;
      const right = inside.left + inside.width + margin;
      const bottom = inside.top + inside.height + margin;
      const outside: Area[] = [
        { left: 0, top: 0, width: w, height: inside.top - margin },
        { left: 0, top: bottom, width: w, height: h - bottom },
        { left: 0, top: inside.top, width: inside.left - margin, height: inside.height },
        { left: right, top: inside.top, width: w - right, height: inside.height },
      ];
      for (const area of outside) {
        const changed = meanDifference(before.data, after.data, w, area);
        expect(changed, JSON.stringify(area)).toBeLessThan(15);
        expect(changed, JSON.stringify(area)).toBeLessThan(changedInside / 8);
      }
    });
  });
}
