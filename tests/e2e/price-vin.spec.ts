/// <reference lib="dom" />
/**
 * Fair-price guidance and VIN decoding. At 360 px, Add A Product shows what similar
 * cars are listed for while the seller fills make, model, year and mileage, and `Decode VIN`
 * fills the details from the NHTSA example VIN. At 1440 px, a listing priced under its
 * comparables shows `Great price`, already in the server-rendered page. Both axe-clean. Each test makes its own
 * seller, vehicle category and listings (a make of its own) through the API.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './support/axe.js';
import { expect, test, type Page } from '@playwright/test';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import {
  createAccount,
  signInViaApi,
  smallPng,
  testPassword,
  uniqueEmail,
} from './support/accounts.js';
import { e2eBaseURL } from './support/server-env.js';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Comparables {
  categoryName: string;
  make: string;
  /** Adds one more listing of the same car at `dollars`; returns its id. */
  add: (dollars: number) => Promise<string>;
}

/**
 * A new seller, signed in on `page`, with a vehicle category and six 2015 `<make> Alpha`s at
 * 100,000 km listed for $10,000 … $15,000 (25th percentile $11,250, 75th $13,750).
 */
async function sellerWithComparables(page: Page): Promise<Comparables> {
  const email = uniqueEmail('price-seller');
  const uid = await createAccount(page, { email, name: 'Pia Price', role: 'seller' });
  await signInViaApi(page, email, testPassword);
  const issued = await page.request.post(apiUrl(apiRoutes.issueToken), {
    data: { user: uid },
    headers: { origin: e2eBaseURL },
  });
  expect(issued.status(), 'POST /api/jwt').toBe(200);
  const headers = { authorization: `Bearer ${((await issued.json()) as { token: string }).token}` };
  const categoryName = `Price test ${unique()}`;
  const category = await page.request.post(apiUrl(apiRoutes.createCategory), {
    data: { category_name: categoryName },
    headers,
  });
  expect(category.status()).toBe(201);
  const categoryId = ((await category.json()) as { insertedId: string }).insertedId;
  const upload = await page.request.post(apiUrl(apiRoutes.uploadImage), {
    multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: smallPng() } },
    headers,
  });
  expect(upload.status(), 'POST /api/images').toBe(201);
  const image = ((await upload.json()) as { data: { url: string } }).data.url;
  const make = `Pricemake${unique()}`.slice(0, 30);
  const add = async (dollars: number) => {
    const created = await page.request.post(apiUrl(apiRoutes.createProduct), {
      data: {
        product_name: `${make} Alpha 2015 at ${dollars}`,
        product_description: 'A test car for price guidance.',
        product_image: image,
        category_id: categoryId,
        condition: 'Good',
        resell_price: dollars,
        original_price: 30_000,
        year_of_used: 9,
        seller_location: 'Austin, TX',
        seller_phone: '+1 512 555 0142',
        make,
        model: 'Alpha',
        model_year: 2015,
        mileage_km: 100_000,
      },
      headers,
    });
    expect(created.status(), 'POST /api/products').toBe(201);
    return ((await created.json()) as { insertedId: string }).insertedId;
  };
  for (const dollars of [10_000, 11_000, 12_000, 13_000, 14_000, 15_000]) await add(dollars);
  return { categoryName, make, add };
}

async function expectAxeClean(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

test.describe('Add A Product at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('shows what similar cars are listed for, and Decode VIN fills the details', async ({
    page,
  }) => {
    const { categoryName, make } = await sellerWithComparables(page);
    await page.goto('/user/seller');
    await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();
    await page.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
    await page.getByLabel('Make', { exact: true }).fill(make.toLowerCase());
    await page.getByLabel('Model', { exact: true }).fill('Alpha');
    await page.getByLabel('Model year').fill('2016');
    // In the viewer's unit (km or mi by locale).
    await page.getByLabel(/^Mileage \((km|mi)\)$/).fill('59000');
    await expect(
      page.getByText('Similar cars are listed for $11,250 – $13,750 (6 listings)'),
    ).toBeVisible();

    // Decode VIN offered only for a well-formed VIN: a component test (product-form.test.tsx).
    const decode = page.getByRole('button', { name: 'Decode VIN' });
    await page.getByLabel('VIN').fill('1HGCM82633A004352');
    await decode.click();
    await expect(page.getByText('Filled in from the VIN: please check')).toBeVisible();
    await expect(page.getByLabel('Make', { exact: true })).toHaveValue('Honda');
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('Accord');
    await expect(page.getByLabel('Model year')).toHaveValue('2003');
    await expect(page.getByLabel('Fuel')).toHaveValue('Petrol');
    // Too few Honda Accords: the line says nothing.
    await expect(page.getByTestId('price-guidance')).toHaveText('');
    const noOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(noOverflow, 'nothing wider than the viewport').toBe(true);
    await expectAxeClean(page);
  });
});

test.describe('Listing page at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('shows Great price for a car listed under its comparables, server-rendered', async ({
    page,
  }) => {
    const { add } = await sellerWithComparables(page);
    const cheap = await add(9_000);
    const html = await (await page.request.get(`/listing/${cheap}`)).text();
    expect(html).toContain('Great price');
    await page.goto(`/listing/${cheap}`);
    await expect(page.getByTestId('price-badge')).toContainText('Great price');
    await expectAxeClean(page);
    const fair = await add(12_500);
    await page.goto(`/listing/${fair}`);
    await expect(page.getByTestId('price-badge')).toContainText('Fair price');
  });
});
