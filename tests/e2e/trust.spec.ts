/// <reference lib="dom" />
/**
 * Trust signals (decision 0028) at 360 px and 1440 px: a second seller lists the same VIN with a
 * lower mileage and a re-encoded copy of the first seller's photo; a buyer sees the calm notice
 * (`Before you pay`) with both flags and `This car on Second Gear` with both listings, then a
 * warning under the seller's scam message and reports it (`Report this message`); the demo admin
 * finds the listing at the top of Risk with its reasons and dismisses it with a note. Each test
 * makes its own sellers, buyer, listings and VIN through the API.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { expectedCheckDigit } from '../../src/server/vehicles/check-digit.js';
import { DEMO_ADMIN, signInViaApi } from './support/accounts.js';
import { newSignedInUser, unique, type SignedInUser } from './support/users.js';
import { proofOfWork } from './support/proof-of-work.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'trust');

/** A valid VIN of a 2003 Honda Accord with a random serial. */
function randomAccordVin(): string {
  const serial = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const draft = `1HGCM82603A${serial}`;
  return `${draft.slice(0, 8)}${expectedCheckDigit(draft)}${draft.slice(9)}`;
}

async function uploadAs(user: SignedInUser, buffer: Buffer): Promise<string> {
  const upload = await user.page.request.post(apiUrl(apiRoutes.uploadImage), {
    multipart: { image: { name: 'car.jpg', mimeType: 'image/jpeg', buffer } },
    headers: user.headers,
  });
  expect(upload.status(), 'POST /api/images').toBe(201);
  return ((await upload.json()) as { data: { url: string } }).data.url;
}

async function listCar(
  seller: SignedInUser,
  input: { image: string; vin: string; mileage: number; name: string },
): Promise<string> {
  const category = await seller.page.request.post(apiUrl(apiRoutes.createCategory), {
    data: { category_name: `Trust test ${unique()}` },
    headers: seller.headers,
  });
  expect(category.status(), 'POST /api/categories').toBe(201);
  const created = await seller.page.request.post(apiUrl(apiRoutes.createProduct), {
    data: {
      product_name: input.name,
      product_description: 'Honda Accord, runs well.',
      product_image: input.image,
      category_id: ((await category.json()) as { insertedId: string }).insertedId,
      condition: 'Good',
      resell_price: 4200,
      original_price: 21000,
      year_of_used: 20,
      seller_location: 'Austin, TX',
      seller_phone: '+1 512 555 0142',
      make: 'Honda',
      model: 'Accord',
      model_year: 2003,
      mileage_km: input.mileage,
      vin: input.vin,
    },
    headers: seller.headers,
  });
  expect(created.status(), 'POST /api/products').toBe(201);
  return ((await created.json()) as { insertedId: string }).insertedId;
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [360, 1440]) {
  test(`a buyer sees the car's history, its flags and a scam warning; an admin works Risk (${width} px)`, async ({
    browser,
  }) => {
    const first = await newUser(browser, 'seller', width);
    const second = await newUser(browser, 'seller', width);
    const buyer = await newUser(browser, 'buyer', width);
    const vin = randomAccordVin();
    const photo = readFileSync(
      new URL('../../src/web/public/carousel/car-1.webp', import.meta.url),
    );
    const original = await uploadAs(first, await sharp(photo).jpeg({ quality: 90 }).toBuffer());
    await listCar(first, { image: original, vin, mileage: 182_000, name: `Accord ${unique()}` });
    const copy = await uploadAs(
      second,
      await sharp(photo).resize(800).jpeg({ quality: 60 }).toBuffer(),
    );
    const name = `Accord low miles ${unique()}`;
    const productId = await listCar(second, { image: copy, vin, mileage: 95_000, name });

    // The listing page: the calm notice and the car's history on Second Gear.
    await buyer.page.goto(`/listing/${productId}`);
    await expect(buyer.page.getByRole('heading', { level: 1, name })).toBeVisible({
      timeout: 30_000,
    });
    const notice = buyer.page.getByTestId('trust-notice');
    await expect(notice.getByRole('heading', { name: 'Before you pay' })).toBeVisible();
    // The figures in the viewer's unit (the browser's locale is en-US: miles; the API says km).
    await expect(notice).toContainText('stated 113,090 mi; this one states 59,030 mi');
    await expect(notice).toContainText(
      'looks the same as one another seller uploaded or listed first',
    );
    const history = buyer.page.getByTestId('vin-history');
    await expect(history.getByRole('heading', { name: 'This car on Second Gear' })).toBeVisible();
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history).toContainText('113,090 mi');
    await expect(history).toContainText('This listing');
    expect(await noOverflow(buyer.page), 'nothing wider than the viewport').toBe(true);

    // A scam message from the seller: a warning under it, for the buyer, with Report.
    const started = await buyer.page.request.post(apiUrl(apiRoutes.startConversation), {
      data: {
        product_id: productId,
        text: 'Hi, can I see it on Saturday?',
        ...(await proofOfWork(buyer.page.request)),
      },
      headers: buyer.headers,
    });
    const conversationId = ((await started.json()) as { conversation_id: string }).conversation_id;
    const scam = 'I am abroad. Pay the deposit with Steam gift cards and my agent brings the car.';
    const sent = await second.page.request.post(
      apiUrl(apiRoutes.sendMessage, { params: { id: conversationId } }),
      {
        data: { text: scam, ...(await proofOfWork(second.page.request)) },
        headers: second.headers,
      },
    );
    expect(sent.status()).toBe(201);
    await buyer.page.goto(`/messages/${conversationId}`);
    const message = buyer.page.getByTestId('message').filter({ hasText: scam });
    const warning = message.getByTestId('message-warning');
    await expect(warning).toContainText('“steam gift cards”', { timeout: 30_000 });
    await expect(warning).toContainText('Pay only through Second Gear');
    await warning.getByRole('button', { name: 'Report this message' }).click();
    await warning.getByLabel('Note for the moderators (optional)').fill('Asked for gift cards');
    await warning.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(warning.getByRole('status')).toHaveText(
      'Thanks: our moderators will look at this message.',
    );
    expect(await noOverflow(buyer.page), 'nothing wider than the viewport').toBe(true);
    // The sender sees no warning under their own message.
    await second.page.goto(`/messages/${conversationId}`);
    await expect(second.page.getByTestId('message').filter({ hasText: scam })).toBeVisible({
      timeout: 30_000,
    });
    await expect(second.page.getByTestId('message-warning')).toHaveCount(0);

    // The admin's Risk page: the listing with its reasons; dismissed with a note.
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const admin = await context.newPage();
    await signInViaApi(admin, DEMO_ADMIN.email);
    await admin.goto('/user/admin/risk');
    await expect(admin.getByRole('heading', { level: 1, name: 'Risk' })).toBeVisible({
      timeout: 30_000,
    });
    const card = admin.getByRole('article', { name: `Risk: ${name}` });
    await expect(card).toContainText('another seller uploaded or listed first', {
      timeout: 30_000,
    });
    await expect(card).toContainText("seller's messages about this listing was reported");
    await card.getByText('Reported message: Scam or fraud').click();
    await expect(card).toContainText(scam);
    expect(await noOverflow(admin), 'nothing wider than the viewport').toBe(true);
    await card.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Note (why it is fine)').fill('Spoke to both sellers: a family car');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(dialog).toContainText('Dismissed');
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(card).toHaveCount(0);
    await context.close();
  });
}
