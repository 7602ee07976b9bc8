/// <reference lib="dom" />
/**
 * Dealers (docs/features.md "Dealers"), at 360 px and 1440 px, axe clean (the shared helper) and,
 * at 360 px, nothing wider than the screen:
 * - a private seller's dashboard has no Import link but says how to become a business; the seller
 *   registers as a business on the profile (trader details, opening hours, a logo and the
 *   self-certification), the dashboard then has Import and API keys; the seller downloads the
 *   import template, imports it with a dry run first (nothing saved), then for real, sets a feed
 *   with its schedule and stops it again (the confirmation of decision 0040); the car appears in
 *   search with the "Dealer · {legal name}" label and the trader details on its listing page,
 *   and the dealer page shows the logo, address, opening hours and the car;
 * - a dealer creates an API key (shown once, copied with the Copy button), its system uses it,
 *   the page then shows when it was last used, and the dealer revokes it: the key is refused;
 * - the search's Seller filter (Dealer) puts `seller_type=business` in the URL and shows
 *   Dealer-labelled cards only;
 * - the admin records a trader check from All Seller, and the dealer reads it on the profile.
 * The template's photo address is pointed at an image this seller uploaded to the test server,
 * which the server may fetch (OUTBOUND_ALLOWED_ORIGINS in playwright.config.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { DEMO_ADMIN, signInViaApi, smallPng } from './support/accounts.js';
import { expectAxeClean } from './support/axe.js';
import { e2eBaseURL } from './support/server-env.js';
import { measureOverflow } from './support/settle.js';
import { newSignedInUser, unique, type SignedInUser } from './support/users.js';

/** Trader details as a test gives them (the legal name is the test's own). */
const traderOf = (legalName: string) => ({
  legal_name: legalName,
  address: '100 Congress Ave, Austin, TX 78701',
  phone: '+1 512 555 0100',
  email: 'sales@motors.example',
  register_name: 'Texas Secretary of State',
  register_number: '0801234567',
  self_certified: true,
  opening_hours: 'Mon–Fri 9–18, Sat 10–14',
});

/** Makes `seller` a business seller through the API. */
async function becomeBusiness(seller: SignedInUser, legalName: string) {
  const answer = await seller.page.request.put(apiUrl(apiRoutes.putTrader), {
    data: traderOf(legalName),
    headers: seller.headers,
  });
  expect(answer.status(), 'PUT /api/profile/trader').toBe(200);
}

/** Uploads a small photo as `seller`; its absolute address, which the server may fetch. */
async function uploadPhoto(seller: SignedInUser): Promise<string> {
  const upload = await seller.page.request.post(apiUrl(apiRoutes.uploadImage), {
    multipart: { image: { name: 'car.png', mimeType: 'image/png', buffer: smallPng() } },
    headers: seller.headers,
  });
  expect(upload.status(), 'POST /api/images').toBe(201);
  return `${e2eBaseURL}${((await upload.json()) as { data: { url: string } }).data.url}`;
}

/** The seller dashboard's links (on a phone, in the drawer its menu button opens). */
async function sellerMenu(page: Page, width: number) {
  if (width < 1024) await page.getByRole('button', { name: 'Dashboard menu' }).click();
  return page.getByRole('navigation', { name: 'Seller dashboard' });
}

/** At 360 px: nothing on the page reaches past the screen's right edge. */
async function expectNoOverflow(page: Page, width: number, label: string) {
  if (width !== 360) return;
  const { excess, offenders } = await measureOverflow(page);
  expect(
    excess,
    `${label}: wider than the screen by ${excess} px: ${JSON.stringify(offenders)}`,
  ).toBeLessThanOrEqual(0);
}

/**
 * Waits until no toast is left: one fading out is half transparent, which axe's colour-contrast
 * rule fails.
 */
async function waitForToasts(page: Page) {
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** Confirms the open confirmation dialog named `name` (Don't Confirm first, then Confirm). */
async function confirm(page: Page, name: string, sentence: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toContainText(sentence);
  await expect(dialog.getByRole('button', { name: /^(Confirm|Don't Confirm)$/ })).toHaveText([
    "Don't Confirm",
    'Confirm',
  ]);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const width of [360, 1440]) {
  test(`a dealer registers as a business, imports the template and sets a feed at ${width} px`, async ({
    browser,
  }) => {
    const seller = await newSignedInUser(browser, 'seller', width, 'dealer');
    const { page } = seller;
    const legalName = `Motors ${unique()} LLC`;

    // A private seller: no dealer tools, a way to become a business instead.
    await page.goto('/user/seller');
    const privateMenu = await sellerMenu(page, width);
    await expect(privateMenu.getByRole('link', { name: 'My Products' })).toBeVisible();
    await expect(privateMenu.getByRole('link', { name: 'Import' })).toHaveCount(0);
    await expect(page.getByTestId('become-business')).toContainText('Selling as a business?');
    await page.getByRole('link', { name: 'Add your trader details' }).click();
    await expect(page).toHaveURL(/\/user\/profile#business-seller$/);

    const business = page.getByRole('region', { name: 'Business seller' });
    await business.getByLabel('Legal name').fill(legalName);
    await business.getByLabel('Address').fill('100 Congress Ave, Austin, TX 78701');
    await business.getByLabel('Business phone').fill('+1 512 555 0100');
    await business.getByLabel('Business e-mail').fill('sales@motors.example');
    await business.getByLabel('Trade register').fill('Texas Secretary of State');
    await business.getByLabel('Registration number').fill('0801234567');
    await business.getByLabel('Opening hours (optional)').fill('Mon–Fri 9–18, Sat 10–14');
    await business.getByLabel('Logo (optional)').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: smallPng(),
    });
    await expect(business.getByRole('img', { name: 'Your logo' })).toBeVisible();
    await business.getByLabel(/I confirm that I offer only products/).check();
    await business.getByRole('button', { name: 'Save trader details' }).click();
    await expect(page.getByText('Trader details saved: you sell as a business')).toBeVisible();

    // A business seller: Import and API keys in the dashboard.
    await page.goto('/user/seller');
    const menu = await sellerMenu(page, width);
    await expect(menu.getByRole('link')).toHaveText([
      'Add A Product',
      'My Products',
      'Bookings',
      'Offers',
      'Insights',
      'Import',
      'API keys',
    ]);
    await expect(page.getByTestId('become-business')).toHaveCount(0);
    await menu.getByRole('link', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();

    // The template, with this test's own car and photo.
    const photo = await uploadPhoto(seller);
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
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-report');
    await expect(report.getByRole('heading', { name: 'Dry run: nothing was saved' })).toBeVisible();
    await expect(report.getByTestId('import-created')).toHaveText('1');
    await expect(report.getByTestId('import-failed')).toHaveText('0');
    const dryRunSearch = await page.request.get(
      `${apiUrl(apiRoutes.search)}?q=${encodeURIComponent(model)}`,
    );
    // None of this car (the search is fuzzy: the other width's car, imported the same
    // minute, has a model that differs in a few letters only).
    const found = (await dryRunSearch.json()) as { items: { product_name: string }[] };
    expect(found.items.filter((item) => item.product_name.includes(model))).toEqual([]);

    await page.getByRole('checkbox', { name: /Dry run/ }).uncheck();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(report.getByRole('heading', { name: 'Import finished' })).toBeVisible();
    await expect(report.getByTestId('import-created')).toHaveText('1');

    // The feed: its address and schedule, then stopped (it asks first).
    const feed = page.getByRole('region', { name: 'Feed' });
    await feed.getByLabel('Feed address (URL)').fill(`${e2eBaseURL}/stock/feed.csv`);
    await feed.getByLabel('How often').selectOption({ label: 'Every 6 hours' });
    await feed.getByRole('button', { name: 'Save feed' }).click();
    await expect(page.getByText('Feed saved')).toBeVisible();
    const status = feed.getByTestId('feed-status');
    await expect(status).toContainText('Every 6 hours');
    await expect(status).toContainText('Next import');
    await waitForToasts(page);
    await expectAxeClean(page, 'Import page with a report and a feed');
    await expectNoOverflow(page, width, 'Import page');
    await page.reload();
    await expect(feed.getByLabel('Feed address (URL)')).toHaveValue(`${e2eBaseURL}/stock/feed.csv`);
    await expect(feed.getByLabel('How often')).toHaveValue('6');
    await feed.getByRole('button', { name: 'Stop the feed' }).click();
    await confirm(
      page,
      'Stop the feed?',
      'We stop fetching this address. Your imported cars stay as they are.',
    );
    await expect(page.getByText('Feed stopped')).toBeVisible();
    await expect(status).toHaveCount(0);
    await expect(feed.getByLabel('Feed address (URL)')).toHaveValue('');

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

    // The dealer page: logo, address, opening hours and the stock.
    await page.goto(`/seller/${seller.uid}`);
    await expect(page.getByRole('img', { name: `${legalName} logo` })).toBeVisible();
    const dealerDetails = page.getByTestId('trader-details');
    await expect(dealerDetails).toContainText('100 Congress Ave, Austin, TX 78701');
    await expect(dealerDetails).toContainText('Mon–Fri 9–18, Sat 10–14');
    await expect(page.getByTestId('listing-card').filter({ hasText: model })).toHaveCount(1);
    await expectAxeClean(page, 'Dealer page');
    await expectNoOverflow(page, width, 'Dealer page');
    await page.context().close();
  });

  test(`a dealer creates an API key, its system uses it, and the dealer revokes it at ${width} px`, async ({
    browser,
  }) => {
    const seller = await newSignedInUser(browser, 'seller', width, 'dealer-key');
    const { page } = seller;
    await becomeBusiness(seller, `Keys ${unique()} LLC`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2eBaseURL,
    });

    await page.goto('/user/seller/api-keys');
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    await page.getByLabel('Key name').fill('Stock system');
    await page.getByRole('button', { name: 'Create key' }).click();
    const made = page.getByRole('region', { name: 'Your new key' });
    await expect(made).toContainText('Copy it now: it is shown only once.');
    const keyField = made.getByRole('textbox', { name: 'New API key' });
    await expect(keyField).toHaveValue(/^sgk_[A-Za-z0-9_-]{20,}$/);
    const key = await keyField.inputValue();
    await made.getByRole('button', { name: 'Copy' }).click();
    await expect(made.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const listed = page.getByTestId('api-key').filter({ hasText: 'Stock system' });
    await expect(listed).toContainText('Never used');
    await expect(listed).toContainText(`${key.slice(0, 8)}`);
    await expectAxeClean(page, 'API keys with a new key');
    await expectNoOverflow(page, width, 'API keys page');

    // The dealer's system puts a car with the key.
    const car = {
      category: 'Sedan',
      make: 'Honda',
      model: `Civic${unique()}`,
      year: 2019,
      mileage: 30000,
      price: 15000,
      description: 'Like new.',
      place: 'Austin, TX',
      photo_urls: [await uploadPhoto(seller)],
    };
    const inventory = apiUrl(apiRoutes.putInventory, { params: { external_id: 'KEY-1' } });
    const put = await page.request.put(inventory, { data: car, headers: { 'x-api-key': key } });
    expect(put.status(), await put.text()).toBe(201);

    // Shown once: after a reload only the list, now with the key's last use.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your new key' })).toHaveCount(0);
    await expect(listed).toContainText('Last used');
    await expect(page.getByText(key)).toHaveCount(0);

    await listed.getByRole('button', { name: 'Revoke Stock system' }).click();
    await confirm(
      page,
      'Revoke Stock system?',
      'Requests with this key are refused from now on; this cannot be undone.',
    );
    await expect(page.getByText('API key revoked')).toBeVisible();
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    const refused = await page.request.put(inventory, {
      data: car,
      headers: { 'x-api-key': key },
    });
    expect(refused.status()).toBe(401);
    await page.context().close();
  });

  test(`the search's Seller filter shows dealers' cards only at ${width} px`, async ({
    browser,
  }) => {
    // A dealer with a car, so the filter has something to find.
    const dealer = await newSignedInUser(browser, 'seller', width, 'dealer-filter');
    const legalName = `Filter ${unique()} LLC`;
    await becomeBusiness(dealer, legalName);
    const key = await dealer.page.request.post(apiUrl(apiRoutes.createApiKey), {
      data: { name: 'Filter test' },
      headers: dealer.headers,
    });
    expect(key.status()).toBe(201);
    const put = await dealer.page.request.put(
      apiUrl(apiRoutes.putInventory, { params: { external_id: 'FILTER-1' } }),
      {
        data: {
          category: 'Sedan',
          make: 'Mazda',
          model: 'Mazda3',
          year: 2020,
          mileage: 20000,
          price: 17000,
          description: 'From the filter test.',
          place: 'Austin, TX',
          photo_urls: [await uploadPhoto(dealer)],
        },
        headers: { 'x-api-key': ((await key.json()) as { key: string }).key },
      },
    );
    expect(put.status(), await put.text()).toBe(201);
    await dealer.page.context().close();

    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto('/search');
    // Hydrated (the controls are disabled until then, decision 0015).
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeEnabled();
    if (width < 1024) {
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.getByRole('combobox', { name: 'Seller' }).selectOption({ label: 'Dealer' });
      await sheet.getByRole('button', { name: /^Show .* results?$/ }).click();
      await expect(sheet).toBeHidden();
    } else {
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByRole('combobox', { name: 'Seller' }).selectOption({ label: 'Dealer' });
    }
    await expect(page).toHaveURL(/\/search\?seller_type=business$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Listings from dealers');
    await expect(
      page.getByRole('list', { name: 'Active filters' }).getByRole('listitem'),
    ).toHaveText(['Dealers']);
    const labels = page.getByTestId('listing-card').getByTestId('seller-type');
    await expect(labels.first()).toBeVisible();
    await expect(page.getByTestId('listing-card').filter({ hasText: legalName })).not.toHaveCount(
      0,
    );
    const texts = await labels.allTextContents();
    expect(texts.length).toBe(await page.getByTestId('listing-card').count());
    for (const text of texts) expect(text).toMatch(/^Dealer · /);
    await expectAxeClean(page, 'Search filtered to dealers');
    await expectNoOverflow(page, width, 'Search filtered to dealers');

    // Private sellers only: no Dealer label at all.
    await page.goto('/search?seller_type=private');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Listings from private sellers',
    );
    await expect(labels.first()).toBeVisible();
    for (const text of await labels.allTextContents()) expect(text).toBe('Private seller');
    await context.close();
  });

  test(`an admin records a trader check and the dealer reads it at ${width} px`, async ({
    browser,
  }) => {
    const dealer = await newSignedInUser(browser, 'seller', width, 'dealer-check');
    const legalName = `Checked ${unique()} LLC`;
    await becomeBusiness(dealer, legalName);

    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin');
    const row = page.getByTestId('user-row').filter({ hasText: dealer.email });
    await expect(row).toContainText(`Dealer · ${legalName}`);
    await expect(row).toContainText('Not checked');
    await row.getByRole('button', { name: `Trader check of ${dealer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Trader check of ${legalName}?` });
    await expect(dialog.getByTestId('trader-details')).toContainText('0801234567');
    await dialog.getByRole('radio', { name: 'Passed' }).check();
    await expectAxeClean(page, 'Trader check dialog');
    await expectNoOverflow(page, width, 'Trader check dialog');
    await confirm(
      page,
      `Trader check of ${legalName}?`,
      'The result is recorded in the audit log and the dealer sees it with their trader details.',
    );
    const done = page.getByRole('dialog', { name: `Check passed: ${legalName}` });
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(row).toContainText('Check passed');
    await expectNoOverflow(page, width, 'All Seller');
    await context.close();

    await dealer.page.goto('/user/profile');
    await expect(dealer.page.getByTestId('trader-check')).toHaveText(
      'Second Gear has checked your trader details.',
    );
    await dealer.page.context().close();
  });
}
