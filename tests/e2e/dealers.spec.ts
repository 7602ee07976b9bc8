/// <reference lib="dom" />
/**
 * Dealers (docs/features.md "Dealers"), at 360 px and 1440 px: a seller registers as a business
 * on the profile (trader details and the self-certification), downloads the import template,
 * imports it with a dry run first (nothing saved), then for real, and the car appears in search
 * with the "Dealer · {legal name}" label and the trader details on its listing page. The
 * template's photo address is pointed at an image this seller uploaded to the test server, which
 * the server may fetch (OUTBOUND_ALLOWED_ORIGINS in playwright.config.ts).
 */
import { expect, test } from '@playwright/test';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { smallPng } from './support/accounts.js';
import { e2eBaseURL } from './support/server-env.js';
import { newSignedInUser, unique } from './support/users.js';

for (const width of [360, 1440]) {
  test(`a dealer registers as a business and imports the template at ${width} px`, async ({
    browser,
  }) => {
    const seller = await newSignedInUser(browser, 'seller', width, 'dealer');
    const { page } = seller;
    const legalName = `Motors ${unique()} LLC`;

    await page.goto('/user/profile');
    const business = page.getByRole('region', { name: 'Business seller' });
    await business.getByLabel('Legal name').fill(legalName);
    await business.getByLabel('Address').fill('100 Congress Ave, Austin, TX 78701');
    await business.getByLabel('Business phone').fill('+1 512 555 0100');
    await business.getByLabel('Business e-mail').fill('sales@motors.example');
    await business.getByLabel('Trade register').fill('Texas Secretary of State');
    await business.getByLabel('Registration number').fill('0801234567');
    await business.getByLabel(/I confirm that I offer only products/).check();
    await business.getByRole('button', { name: 'Save trader details' }).click();
    await expect(page.getByText('Trader details saved: you sell as a business')).toBeVisible();

    // The template, with this test's own car and photo.
    const upload = await page.request.post(apiUrl(apiRoutes.uploadImage), {
      multipart: { image: { name: 'car.png', mimeType: 'image/png', buffer: smallPng() } },
      headers: seller.headers,
    });
    expect(upload.status(), 'POST /api/images').toBe(201);
    const photo = `${e2eBaseURL}${((await upload.json()) as { data: { url: string } }).data.url}`;
    await page.goto('/user/seller/import');
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    const templateLink = page.getByRole('link', { name: 'Download the template' });
    const template = await page.request.get(
      new URL((await templateLink.getAttribute('href'))!, e2eBaseURL).href,
    );
    expect(template.status()).toBe(200);
    const model = `Corolla${unique()}`;
    const csv = (await template.text())
      .replace('Corolla', model)
      .replace(/https:\/\/dealer\.example\/photos\/1001-1\.jpg\|[^\n]*/, photo);
    await page.getByLabel('Inventory file (CSV or JSON)').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });

    // A dry run first (the default): nothing is saved.
    await expect(page.getByRole('checkbox', { name: /Dry run/ })).toBeChecked();
    await page.getByRole('button', { name: 'Import' }).click();
    const report = page.getByTestId('import-report');
    await expect(report.getByRole('heading', { name: 'Dry run: nothing was saved' })).toBeVisible();
    await expect(report.getByTestId('import-created')).toHaveText('1');
    await expect(report.getByTestId('import-failed')).toHaveText('0');

    await page.getByRole('checkbox', { name: /Dry run/ }).uncheck();
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(report.getByRole('heading', { name: 'Import finished' })).toBeVisible();
    await expect(report.getByTestId('import-created')).toHaveText('1');

    // The car in search, with the Dealer label, and the trader details on its page.
    await page.goto(`/search?q=${encodeURIComponent(model)}`);
    const card = page.getByTestId('listing-card').filter({ hasText: model });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('seller-type')).toHaveText(`Dealer · ${legalName}`);
    await card
      .getByRole('link', { name: new RegExp(model) })
      .first()
      .click();
    const details = page.getByTestId('trader-details');
    await expect(details).toContainText(legalName);
    await expect(details).toContainText('Texas Secretary of State, 0801234567');
    await expect(page.getByTestId('seller-type').first()).toHaveText(`Dealer · ${legalName}`);
    await page.context().close();
  });
}
