/// <reference lib="dom" />
/**
 * docs/product.md §2 Seller dashboard, §5 Add product and New category, §8: a new seller adds a
 * category through the dialog and a product with a photo, sees it in My Products as UNSOLD,
 * promotes it and finds it in the home page's Advertisement, deletes another after confirming,
 * declines a confirmation ("Changes are not saved"), and sees a name with HTML as text (every
 * validation message of the form is a component test, product-form.test.tsx). Every test registers its own seller and makes its own categories and
 * products; demo accounts and listings are never touched.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './support/axe.js';
import { expect, test, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { formatDollars, type Product } from '../../src/contract/index.js';
import { promoteMessages } from '../../src/contract/selling.js';
import {
  createAccount,
  signInViaApi,
  smallPng,
  testPassword,
  uniqueEmail,
} from './support/accounts.js';
import { e2eBaseURL } from './support/server-env.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

/** A seller registered for one test and signed in in the page's browser context. */
interface Seller {
  uid: string;
  token: string;
}

/** A short random suffix, so names made by parallel tests never collide. */
const unique = () => Math.random().toString(36).slice(2, 8);

/** Registers a new seller through the API, signs the page in as it and gets an API token. */
async function signInAsNewSeller(page: Page): Promise<Seller> {
  const email = uniqueEmail('selling');
  const uid = await createAccount(page, { email, name: 'Sam Seller', role: 'seller' });
  await signInViaApi(page, email, testPassword);
  const response = await page.request.post(apiUrl(apiRoutes.issueToken), {
    data: { user: uid },
    headers: { origin: e2eBaseURL },
  });
  expect(response.status(), 'POST /api/jwt').toBe(200);
  return { uid, token: ((await response.json()) as { token: string }).token };
}

const bearer = (seller: Seller) => ({ authorization: `Bearer ${seller.token}` });

/** Adds a category as `seller` through the API; returns its id. */
async function addCategoryViaApi(page: Page, seller: Seller, name: string): Promise<string> {
  const response = await page.request.post(apiUrl(apiRoutes.createCategory), {
    data: { category_name: name },
    headers: bearer(seller),
  });
  expect(response.status(), `POST ${apiUrl(apiRoutes.createCategory)}`).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** Adds a product with an uploaded photo as `seller` through the API; returns its id. */
async function addProductViaApi(
  page: Page,
  seller: Seller,
  categoryId: string,
  productName: string,
): Promise<string> {
  const upload = await page.request.post(apiUrl(apiRoutes.uploadImage), {
    multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: smallPng() } },
    headers: bearer(seller),
  });
  expect(upload.status(), 'POST /api/images').toBe(201);
  const { data } = (await upload.json()) as { data: { url: string } };
  const response = await page.request.post(apiUrl(apiRoutes.createProduct), {
    data: {
      product_name: productName,
      product_description: 'Kept in a dry garage',
      product_image: data.url,
      category_id: categoryId,
      condition: 'Good',
      resell_price: 900,
      original_price: 1500,
      year_of_used: 3,
      seller_location: 'Chattogram',
      seller_phone: '01712345678',
    },
    headers: bearer(seller),
  });
  expect(response.status(), `POST ${apiUrl(apiRoutes.createProduct)}`).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** The seller's own products as the API has them. */
async function ownProducts(page: Page, seller: Seller): Promise<Product[]> {
  const response = await page.request.get(apiUrl(apiRoutes.listOwnProducts), {
    headers: bearer(seller),
  });
  expect(response.status(), `GET ${apiUrl(apiRoutes.listOwnProducts)}`).toBe(200);
  return (await response.json()) as Product[];
}

const swal = (page: Page) => page.locator('.swal2-popup');

/** Closes the SweetAlert2 message on screen after checking its title (and text). */
async function expectMessage(page: Page, title: string, text?: string) {
  await expect(swal(page).locator('.swal2-title')).toHaveText(title);
  if (text !== undefined)
    await expect(swal(page).locator('.swal2-html-container')).toHaveText(text);
  await swal(page).getByRole('button', { name: 'OK' }).click();
  // Names the popup left open (its title and classes, e.g. swal2-hide), should one stay.
  await expect
    .poll(() =>
      swal(page).evaluateAll((popups) =>
        popups.map(
          (popup) => `${popup.querySelector('.swal2-title')?.textContent} (${popup.className})`,
        ),
      ),
    )
    .toEqual([]);
}

const productRows = (page: Page) => page.getByTestId('seller-product');
const rowOf = (page: Page, name: string) =>
  productRows(page).filter({ has: page.getByRole('cell', { name, exact: true }) });

async function openMyProducts(page: Page) {
  await page.goto('/user/seller/all-products');
  await expect(page.getByRole('heading', { level: 1, name: 'All order List' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

async function openAddProduct(page: Page) {
  await page.goto('/user/seller');
  await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();
  // The category list has loaded once its placeholder says so.
  await expect(page.getByLabel('Category', { exact: true }).locator('option').first()).toHaveText(
    'Pick a category',
  );
}

test.describe('Seller dashboard (/user/seller)', () => {
  test('adds a category and a product with a photo, promotes it and sees it advertised', async ({
    page,
  }, testInfo) => {
    const seller = await signInAsNewSeller(page);
    const photo = testInfo.outputPath('sidecar.png');
    await writeFile(photo, smallPng());
    const categoryName = `sidecars ${unique()}`;
    const productName = `vintage sidecar rig ${unique()}`;

    await openMyProducts(page);
    await expect(page.getByText('You have not placed any order yet!')).toBeVisible();

    await openAddProduct(page);
    await expect(page.getByLabel('Condition')).toHaveValue('Fair');

    // The add-category dialog: a modal on this page, not a route.
    await page.getByRole('button', { name: 'Add New Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Category' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL('/user/seller');
    await dialog.getByLabel('Category Name').fill(categoryName);
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('New Category Added')).toBeVisible();
    await expect(dialog).toBeHidden();
    // docs/product.md §5: first letter capitalised; the new category is in the list and chosen at once.
    const capitalisedCategory = `S${categoryName.slice(1)}`;
    const category = page.getByLabel('Category', { exact: true });
    await expect(category.locator('option:checked')).toHaveText(capitalisedCategory);

    await page.getByLabel('Product Name').fill(productName);
    await page.getByLabel('Add photos').setInputFiles(photo);
    await expect(page.getByTestId('photo-item')).toHaveCount(1);
    await expect(page.getByRole('progressbar', { name: /Uploading photo/ })).toHaveCount(0);
    await page.getByLabel('Condition').selectOption('Good');
    await page.getByLabel('Resell Price').fill('1250.5');
    await page.getByLabel('Original Price').fill('3000');
    await page.getByLabel('Year Of Used').fill('4');
    await page.getByRole('combobox', { name: 'Location' }).fill('dhaka');
    await page.getByLabel('Phone Number').fill('01712345678');
    await page.getByLabel('Product Description').fill('runs well, new tyres');

    // Hold the save, to see the progress indicator in place of the submit button (docs/product.md §4 Forms).
    let releaseSave!: () => void;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route('**/api/products', async (route) => {
      if (route.request().method() === 'POST') await saveHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('progressbar', { name: 'Adding the product' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Product' })).toBeHidden();
    releaseSave();
    await expectMessage(page, 'Success', 'New Product Added');
    // Then the new listing's page, with its Share action.
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page).toHaveURL(/\/listing\//);

    // What reached the server: capitalised name, description and location, prices in dollars.
    const [saved] = await ownProducts(page, seller);
    const capitalisedName = `V${productName.slice(1)}`;
    expect(saved).toMatchObject({
      product_name: capitalisedName,
      product_description: 'Runs well, new tyres',
      seller_location: 'Dhaka',
      seller_phone: '01712345678',
      category_name: capitalisedCategory,
      condition: 'Good',
      resell_price: 1250.5,
      original_price: 3000,
      year_of_used: 4,
      order_status: false,
      promote: false,
    });
    expect(saved!.product_image).toMatch(/^\/uploads\/.+/);

    // From the new listing's page back to the dashboard.
    await openMyProducts(page);
    const table = page.getByRole('table', { name: 'My Products' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'No.',
      'Product Image',
      'Product Name',
      'Category Name',
      'Price',
      'Status',
      'Advertise',
      'Action',
    ]);
    const row = rowOf(page, capitalisedName);
    await expect(row.getByRole('cell')).toHaveText([
      '',
      capitalisedName,
      capitalisedCategory,
      formatDollars(1250.5),
      // The spec's status, then when the listing expires (decision 0027).
      /^UNSOLDExpires /,
      'Promote',
      // Beside the spec's Delete: Edit, the Unavailable toggle and the listing-state actions.
      'EditUnavailableReserveSold elsewhereRenewDelete',
    ]);
    await expect(row.getByRole('rowheader')).toHaveText('1');
    await expect(row.getByRole('img', { name: capitalisedName })).toHaveAttribute(
      'src',
      saved!.product_image,
    );

    // Promote, confirmed (docs/product.md §5 Confirmations, §8 "Promoted Success!").
    await row.getByRole('button', { name: 'Promote' }).click();
    await expect(swal(page)).toContainText(`Promote ${capitalisedName}?`);
    await swal(page).getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectMessage(page, 'Promoted Success!', promoteMessages.promoted);
    await expect(row.getByRole('cell').nth(5)).toHaveText('Promoted');
    await expect(row.getByRole('button', { name: 'Promote' })).toHaveCount(0);
    expect((await ownProducts(page, seller))[0]!.promote).toBe(true);

    // docs/product.md §2 Home: the Advertisement carousel shows it as a Sponsor card.
    await page.goto('/');
    const card = page.getByTestId('sponsored-card').filter({ hasText: capitalisedName });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading')).toHaveText(capitalisedName);
    await expect(card.getByText('Sponsor', { exact: true })).toHaveCount(1);
    await expect(card).toContainText(`Only ${formatDollars(1250.5)}`);
  });

  test('deletes a product after confirming; a declined confirmation changes nothing', async ({
    page,
  }) => {
    const seller = await signInAsNewSeller(page);
    const categoryId = await addCategoryViaApi(page, seller, `Tandems ${unique()}`);
    const kept = `Tandem bicycle ${unique()}`;
    const doomed = `Cargo trailer ${unique()}`;
    await addProductViaApi(page, seller, categoryId, kept);
    await addProductViaApi(page, seller, categoryId, doomed);

    await openMyProducts(page);
    // Newest first.
    await expect(productRows(page).getByRole('cell').nth(1)).toHaveText(doomed);
    await expect(productRows(page)).toHaveCount(2);

    // Declined promote and delete: "Changes are not saved", and nothing changes.
    await rowOf(page, kept).getByRole('button', { name: 'Promote' }).click();
    await swal(page).getByRole('button', { name: "Don't Confirm" }).click();
    await expectMessage(page, 'Changes are not saved');
    await rowOf(page, kept).getByRole('button', { name: 'Delete' }).click();
    await swal(page).getByRole('button', { name: "Don't Confirm" }).click();
    await expectMessage(page, 'Changes are not saved');
    await expect(productRows(page)).toHaveCount(2);
    await expect(rowOf(page, kept).getByRole('button', { name: 'Promote' })).toBeVisible();
    expect((await ownProducts(page, seller)).map((p) => [p.product_name, p.promote])).toEqual([
      [doomed, false],
      [kept, false],
    ]);

    // Confirmed delete: "Deleted Successfully!" and the row leaves the table.
    await rowOf(page, doomed).getByRole('button', { name: 'Delete' }).click();
    await expect(swal(page)).toContainText(`Delete ${doomed}?`);
    // The dialog's buttons wear the site's colours, not SweetAlert2's: a deletion's Confirm is
    // the error colour (the one confirmation pattern, decision 0040).
    const confirm = swal(page).getByRole('button', { name: 'Confirm', exact: true });
    const error = await page.evaluate(() => {
      const probe = document.createElement('button');
      probe.className = 'btn btn-error';
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    await page.mouse.move(1, 1);
    await expect
      .poll(() => confirm.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe(error);
    await confirm.click();
    await expectMessage(page, 'Deleted Successfully!');
    await expect(rowOf(page, doomed)).toHaveCount(0);
    await expect(productRows(page)).toHaveCount(1);
    await expect(rowOf(page, kept).getByRole('rowheader')).toHaveText('1');
    expect((await ownProducts(page, seller)).map((p) => p.product_name)).toEqual([kept]);

    // The last one gone, the empty text shows.
    await rowOf(page, kept).getByRole('button', { name: 'Delete' }).click();
    await swal(page).getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectMessage(page, 'Deleted Successfully!');
    await expect(page.getByText('You have not placed any order yet!')).toBeVisible();
  });

  test('refuses a category that exists, inside the dialog', async ({ page }) => {
    const seller = await signInAsNewSeller(page);
    const name = `Quad bikes ${unique()}`;
    await addCategoryViaApi(page, seller, name);
    await openAddProduct(page);
    await page.getByRole('button', { name: 'Add New Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Category' });
    await dialog.getByLabel('Category Name').fill(name.toLowerCase());
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `A category like this already exists: "${name}"`,
    );
    await expect(dialog).toBeVisible();
  });

  test('shows the docs/product.md §8 failure messages of promote and delete', async ({ page }) => {
    const seller = await signInAsNewSeller(page);
    const categoryId = await addCategoryViaApi(page, seller, `Trikes ${unique()}`);
    const name = `Touring trike ${unique()}`;
    await addProductViaApi(page, seller, categoryId, name);
    // The server refuses (as it does for a sold product) or fails; 401/403 would log out instead.
    await page.route('**/api/promote-product/**', (route) =>
      route.fulfill({
        status: 409,
        json: { statusCode: 409, error: 'Conflict', message: promoteMessages.sold },
      }),
    );
    await page.route('**/api/product-delete/**', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error' } }),
    );

    await openMyProducts(page);
    const row = rowOf(page, name);
    await row.getByRole('button', { name: 'Promote' }).click();
    await swal(page).getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectMessage(page, 'Error', promoteMessages.sold);
    await row.getByRole('button', { name: 'Delete' }).click();
    await swal(page).getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectMessage(page, 'Something went wrong, please try again');
    await expect(row.getByRole('button', { name: 'Promote' })).toBeVisible();
    expect((await ownProducts(page, seller)).map((p) => [p.product_name, p.promote])).toEqual([
      [name, false],
    ]);
  });

  test('shows a product name with HTML as text', async ({ page }) => {
    const seller = await signInAsNewSeller(page);
    const categoryId = await addCategoryViaApi(page, seller, `Scooters ${unique()}`);
    const name = `<b>Bold</b> scooter <img src=x onerror="window.__injected=1"> ${unique()}`;
    await addProductViaApi(page, seller, categoryId, name);

    await openMyProducts(page);
    const row = rowOf(page, name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(name);
    await expect(row.locator('b')).toHaveCount(0);
    // The confirmation names the product as text too.
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(swal(page).locator('.swal2-title')).toHaveText(`Delete ${name}?`);
    await expect(swal(page).locator('b, img[src="x"]')).toHaveCount(0);
    await swal(page).getByRole('button', { name: "Don't Confirm" }).click();
    await expectMessage(page, 'Changes are not saved');
    expect(
      await page.evaluate(() => (window as { __injected?: number }).__injected),
    ).toBeUndefined();
  });

  test('both seller pages pass an axe check at 360px and 1440px', async ({ page }) => {
    // Four axe runs: on a loaded 2-core machine they took more than the 60 s a test gets.
    test.slow();
    const seller = await signInAsNewSeller(page);
    const categoryId = await addCategoryViaApi(page, seller, `Campers ${unique()}`);
    await addProductViaApi(page, seller, categoryId, `Pop-up camper ${unique()}`);
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const open of [openAddProduct, openMyProducts]) {
        await open(page);
        await settleAnimations(page);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(
          results.violations.map(
            (v) =>
              `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ') + n.failureSummary).join('; ')}`,
          ),
          `${page.url()} at ${width}px`,
        ).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `horizontal scroll of ${page.url()} at ${width}px`).toBe(0);
      }
    }
  });
});
