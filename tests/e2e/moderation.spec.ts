/// <reference lib="dom" />
/**
 * docs/product.md §2 Admin dashboard, §5 Confirmations, §6, §8: the demo admin verifies a seller
 * (the badge shows on the category page), sees reports as "N User", marks a reported product safe,
 * deletes one, deletes a buyer, and a declined confirmation changes nothing; non-admins land on
 * "You Are Not An Admin". Every test makes its own sellers, buyers, products and reports through
 * the API and removes its users afterwards; demo accounts and listings are only read.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './support/axe.js';
import {
  expect,
  request as requestFactory,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { moderationMessages, type ModeratedUser } from '../../src/contract/moderation.js';
import { authPaths } from '../../src/contract/paths.js';
import {
  DEMO_ADMIN,
  DEMO_BUYER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  signInViaApi,
  smallPng,
  testPassword,
  uniqueEmail,
} from './support/accounts.js';
import { e2eBaseURL } from './support/server-env.js';
import { openAccountMenu } from './support/navigation.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { proofOfWork } from './support/proof-of-work.js';

/** An account made for one test, with its own API context (session cookie) and bearer token. */
interface Actor {
  uid: string;
  role: 'buyer' | 'seller';
  email: string;
  name: string;
  api: APIRequestContext;
  token: string;
}

const bearer = (actor: Actor) => ({ authorization: `Bearer ${actor.token}` });

/** A fresh API context that speaks from the site's origin (the identity provider checks it). */
const newApiContext = () =>
  requestFactory.newContext({ baseURL: e2eBaseURL, extraHTTPHeaders: { origin: e2eBaseURL } });

async function issueToken(api: APIRequestContext, uid: string): Promise<string> {
  const response = await api.post(apiUrl(apiRoutes.issueToken), { data: { user: uid } });
  expect(response.status(), 'POST /api/jwt').toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Registers a new buyer or seller the way the registration page does, and keeps it signed in. */
async function register(role: 'buyer' | 'seller', name: string): Promise<Actor> {
  const api = await newApiContext();
  const email = uniqueEmail(`moderation-${role}`);
  const signUp = await api.post(authPaths.signUp, {
    data: { email, password: testPassword, name, ...(await proofOfWork(api)) },
  });
  expect(signUp.status(), `sign-up of ${email}`).toBe(200);
  // Sign-up answers without a session: sign in, as the registration page does.
  const signIn = await api.post(authPaths.signIn, { data: { email, password: testPassword } });
  expect(signIn.status(), `sign-in of ${email}`).toBe(200);
  const { user } = (await signIn.json()) as { user: { id: string } };
  const saved = await api.post(apiUrl(apiRoutes.saveUser), {
    data: { displayName: name, email, photoURL: '', role, uid: user.id, status: 'unverified' },
  });
  expect(saved.status(), `user record of ${email}`).toBe(201);
  return { uid: user.id, role, email, name, api, token: await issueToken(api, user.id) };
}

/** The demo admin, signed in through its own API context (for setup and cleanup only). */
async function demoAdminApi(): Promise<Actor> {
  const api = await newApiContext();
  const signIn = await api.post(authPaths.signIn, {
    data: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD },
  });
  expect(signIn.status(), 'sign-in of the demo admin').toBe(200);
  return {
    uid: DEMO_ADMIN.uid,
    role: DEMO_ADMIN.role,
    email: DEMO_ADMIN.email,
    name: DEMO_ADMIN.displayName,
    api,
    token: await issueToken(api, DEMO_ADMIN.uid),
  };
}

/** A unique product name, e.g. "Moderation Hatchback k3j9x1". */
const uniqueName = (kind: string) => `Moderation ${kind} ${Math.random().toString(36).slice(2, 8)}`;

/** Adds an unsold product of `seller` in the first demo category; returns its id. */
async function addProduct(seller: Actor, categoryId: string, productName: string) {
  const upload = await seller.api.post(apiUrl(apiRoutes.uploadImage), {
    headers: bearer(seller),
    multipart: { image: { name: 'car.png', mimeType: 'image/png', buffer: smallPng() } },
  });
  expect(upload.status(), 'POST /api/images').toBe(201);
  const { data } = (await upload.json()) as { data: { url: string } };
  const created = await seller.api.post(apiUrl(apiRoutes.createProduct), {
    headers: bearer(seller),
    data: {
      product_name: productName,
      product_description: 'Set up by the moderation browser test.',
      product_image: data.url,
      category_id: categoryId,
      condition: 'Good',
      resell_price: 4200,
      original_price: 9800,
      year_of_used: 4,
      seller_location: 'Austin, TX',
      seller_phone: '+1 512 555 0199',
    },
  });
  expect(created.status(), 'POST /api/products').toBe(201);
  return ((await created.json()) as { insertedId: string }).insertedId;
}

/** `buyer` reports the product, with a reason and note or none (the spec's call). */
async function report(buyer: Actor, productId: string, notice?: { reason: string; note?: string }) {
  const response = await buyer.api.patch(
    apiUrl(apiRoutes.reportProduct, { query: { id: productId } }),
    {
      headers: bearer(buyer),
      ...(notice ? { data: notice } : {}),
    },
  );
  expect(response.status(), 'PATCH /api/report-product').toBe(200);
}

/** A user's record `_id` as the admin's list gives it. */
async function userIdOf(admin: Actor, actor: Actor) {
  const response = await admin.api.get(
    apiUrl(apiRoutes.listUsersByRole, {
      params: { uid: admin.uid },
      query: { role: actor.role, limit: 100 },
    }),
    {
      headers: bearer(admin),
    },
  );
  expect(response.status()).toBe(200);
  const users = (await response.json()) as ModeratedUser[];
  const found = users.find((user) => user.uid === actor.uid);
  expect(found, `${actor.email} in the ${actor.role} list`).toBeTruthy();
  return found!._id;
}

async function isVerified(api: APIRequestContext, sellerUid: string) {
  const response = await api.get(apiUrl(apiRoutes.sellerVerification, { params: { sellerUid } }));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { isVerified: boolean }).isVerified;
}

/** The accounts a test made; `afterEach` deletes them through the admin API. */
let madeActors: Actor[] = [];
const make = async (role: 'buyer' | 'seller', name: string) => {
  const actor = await register(role, name);
  madeActors.push(actor);
  return actor;
};

test.afterEach(async () => {
  const actors = madeActors;
  madeActors = [];
  if (actors.length === 0) return;
  const admin = await demoAdminApi();
  for (const actor of actors) {
    const list = await admin.api.get(
      apiUrl(apiRoutes.listUsersByRole, {
        params: { uid: admin.uid },
        query: { role: actor.role, limit: 100 },
      }),
      {
        headers: bearer(admin),
      },
    );
    const user = ((await list.json()) as ModeratedUser[]).find((u) => u.uid === actor.uid);
    if (user)
      await admin.api.delete(
        apiUrl(apiRoutes.deleteUser, { params: { uid: admin.uid }, query: { id: user._id } }),
        { headers: bearer(admin) },
      );
    await actor.api.dispose();
  }
  await admin.api.dispose();
});

const dialog = (page: Page) => page.getByRole('dialog');
const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });
const productRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** Answers the open confirmation (docs/product.md §5: "Confirm" or "Don't Confirm"). */
async function answerConfirmation(page: Page, answer: 'Confirm' | "Don't Confirm") {
  await expect(dialog(page).getByRole('button', { name: "Don't Confirm" })).toBeVisible();
  await dialog(page).getByRole('button', { name: answer, exact: true }).click();
}

/** Waits for a message dialog with `text` and closes it with OK. */
async function expectMessage(page: Page, text: string) {
  await expect(dialog(page)).toContainText(text);
  await dialog(page).getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
}

/**
 * A category of this test's own, added by `seller`: the other spec files read the demo
 * categories while this one runs, so its listings must not appear in theirs.
 */
async function ownCategoryId(seller: Actor) {
  const response = await seller.api.post(apiUrl(apiRoutes.createCategory), {
    headers: bearer(seller),
    data: { category_name: uniqueName('category') },
  });
  expect(response.status(), 'POST /api/categories').toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

test.describe('All Seller (/user/admin)', () => {
  test('verifies a new seller: "Verified Success!", the Verified label, and the badge on the category page', async ({
    page,
    request,
  }) => {
    const seller = await make('seller', 'Quinn Seller');
    const categoryId = await ownCategoryId(seller);
    const productName = uniqueName('Hatchback');
    await addProduct(seller, categoryId, productName);

    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto(`/category/${categoryId}`);
    const card = page.getByTestId('listing-card').filter({ hasText: productName });
    await expect(card).toContainText(seller.name);
    await expect(card.getByRole('img', { name: /verified/i })).toHaveCount(0);

    // Into the dashboard without reloading, so the catalogue's cached listing is in play.
    await (await openAccountMenu(page)).getByRole('link', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL('/user/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'All Seller' })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Admin dashboard' });
    await expect(sidebar.getByRole('link')).toHaveText([
      'All Seller',
      'All Buyer',
      'Reported Product',
      'Appeals',
      'Risk',
      'Categories',
      'Deposit disputes',
      'Payment disputes',
      'Audit log',
    ]);
    const badge = page.getByTestId('user-badge').last();
    await expect(badge).toContainText(DEMO_ADMIN.displayName);
    await expect(badge).toContainText(DEMO_ADMIN.email);
    await expect(badge.getByRole('img', { name: DEMO_ADMIN.displayName })).toBeVisible();

    const row = userRow(page, seller.email);
    await expect(row).toContainText(seller.name);
    await expect(row.getByRole('img', { name: seller.name })).toBeVisible();
    await expect(row).not.toContainText('Verified');
    await row.getByRole('button', { name: 'Verify' }).click();
    await answerConfirmation(page, 'Confirm');
    await expectMessage(page, moderationMessages.verified);
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    await expect(row.getByRole('img', { name: 'Verified seller' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    expect(await isVerified(request, seller.uid)).toBe(true);

    // Back on the category page: the seller's card carries the verified badge at once.
    await page.goBack();
    await expect(page).toHaveURL(`/category/${categoryId}`);
    await expect(card.getByRole('img', { name: /verified/i })).toBeVisible();
  });

  test('a declined confirmation changes nothing: "Changes are not saved"', async ({
    page,
    request,
  }) => {
    const seller = await make('seller', 'Riley Seller');
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin');
    const row = userRow(page, seller.email);

    await row.getByRole('button', { name: 'Verify' }).click();
    await answerConfirmation(page, "Don't Confirm");
    await expectMessage(page, 'Changes are not saved');
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirmation(page, "Don't Confirm");
    await expectMessage(page, 'Changes are not saved');

    expect(await isVerified(request, seller.uid)).toBe(false);
    await page.reload();
    await expect(row).toContainText(seller.name);
    await expect(row.getByRole('button', { name: 'Verify' })).toBeVisible();
    await expect(row).not.toContainText('Verified');
  });

  test('the admin cannot delete themselves; a failed action shows "Something Went Wrong, Please Try Again"', async ({
    page,
  }) => {
    const seller = await make('seller', 'Sage Seller');
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin/buyers');
    // The demo admin registered as a buyer: listed, but without Delete.
    const self = userRow(page, DEMO_ADMIN.email);
    await expect(self).toContainText('You');
    await expect(self.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await page.goto('/user/admin');
    const row = userRow(page, seller.email);
    await expect(row.getByRole('button', { name: 'Verify' })).toBeVisible();
    // Another admin removes the seller meanwhile: verifying now fails (404).
    const admin = await demoAdminApi();
    const removed = await admin.api.delete(
      apiUrl(apiRoutes.deleteUser, {
        params: { uid: admin.uid },
        query: { id: await userIdOf(admin, seller) },
      }),
      { headers: bearer(admin) },
    );
    expect(removed.status()).toBe(200);
    await admin.api.dispose();

    await row.getByRole('button', { name: 'Verify' }).click();
    await answerConfirmation(page, 'Confirm');
    await expectMessage(page, moderationMessages.failed);
    // The list refreshes: the deleted seller is gone.
    await expect(row).toHaveCount(0);
  });
});

test.describe('All Buyer (/user/admin/buyers)', () => {
  test('deletes a new buyer: "Deleted Successfully!" and the row leaves', async ({ page }) => {
    const buyer = await make('buyer', 'Taylor Buyer');
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin');
    await page
      .getByRole('navigation', { name: 'Admin dashboard' })
      .getByRole('link', { name: 'All Buyer' })
      .click();
    await expect(page).toHaveURL('/user/admin/buyers');
    await expect(page.getByRole('heading', { level: 1, name: 'All Buyer' })).toBeVisible();

    const row = userRow(page, buyer.email);
    await expect(row).toContainText(buyer.name);
    await expect(row.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirmation(page, 'Confirm');
    await expectMessage(page, moderationMessages.deleted);
    await expect(row).toHaveCount(0);
    // The deleted buyer's token stops working at once.
    const orders = await buyer.api.get(apiUrl(apiRoutes.listOwnOrders), { headers: bearer(buyer) });
    expect(orders.status()).toBe(401);
  });

  test('says "No user was deleted." when the buyer was already deleted', async ({ page }) => {
    const buyer = await make('buyer', 'Morgan Buyer');
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin/buyers');
    const row = userRow(page, buyer.email);
    await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible();

    const admin = await demoAdminApi();
    const removed = await admin.api.delete(
      apiUrl(apiRoutes.deleteUser, {
        params: { uid: admin.uid },
        query: { id: await userIdOf(admin, buyer) },
      }),
      { headers: bearer(admin) },
    );
    expect(removed.status()).toBe(200);
    await admin.api.dispose();

    await row.getByRole('button', { name: 'Delete' }).click();
    await answerConfirmation(page, 'Confirm');
    await expectMessage(page, moderationMessages.noUserDeleted);
    await expect(row).toHaveCount(0);
  });
});

test.describe('Reported Product (/user/admin/reported-product)', () => {
  test('shows "N User" and the reasons, marks one safe, deletes another with a statement the seller then sees', async ({
    page,
  }) => {
    const seller = await make('seller', 'Casey Seller');
    const categoryId = await ownCategoryId(seller);
    const [first, second] = [await make('buyer', 'Drew Buyer'), await make('buyer', 'Eli Buyer')];
    const safeName = uniqueName('Coupe');
    const badName = uniqueName('Pickup');
    const safeId = await addProduct(seller, categoryId, safeName);
    const badId = await addProduct(seller, categoryId, badName);
    await report(first, safeId);
    await report(second, safeId);
    await report(first, badId, {
      reason: 'Prohibited item',
      note: 'Sells a stolen catalytic converter.',
    });

    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin/reported-product');
    await expect(page.getByRole('heading', { level: 1, name: 'Reported Product' })).toBeVisible();
    const safeRow = productRow(page, safeName);
    const badRow = productRow(page, badName);
    await expect(safeRow).toContainText(seller.name);
    await expect(safeRow.getByRole('cell', { name: '2 User', exact: true })).toBeVisible();
    await expect(safeRow.getByRole('img', { name: safeName })).toBeVisible();
    await expect(badRow.getByRole('cell', { name: '1 User', exact: true })).toBeVisible();
    // The reasons with their counts, the notes, and a link to the listing.
    await expect(safeRow).toContainText('Other × 2');
    await expect(badRow).toContainText('Prohibited item × 1');
    await badRow.getByText('1 note').click();
    await expect(badRow).toContainText('Sells a stolen catalytic converter.');
    await expect(badRow.getByRole('link', { name: badName })).toHaveAttribute(
      'href',
      `/listing/${badId}`,
    );

    await safeRow.getByRole('button', { name: 'Mark safe' }).click();
    await answerConfirmation(page, 'Confirm');
    await expectMessage(page, moderationMessages.reportUndone);
    await expect(safeRow).toHaveCount(0);

    // DSA Art. 17: Delete asks for a statement of reasons.
    await badRow.getByRole('button', { name: 'Delete' }).click();
    await answerConfirmation(page, "Don't Confirm");
    await expectMessage(page, 'Changes are not saved');
    await expect(badRow).toHaveCount(1);
    await badRow.getByRole('button', { name: 'Delete' }).click();
    const statement = page.getByRole('dialog', { name: `Delete ${badName}?` });
    await expect(statement.getByLabel('Rule broken')).toHaveValue('Prohibited item');
    await statement.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(statement.getByRole('alert')).toHaveText('Facts are required');
    await statement
      .getByLabel('Facts')
      .fill('The photos show a catalytic converter cut from a car.');
    await statement.getByRole('radio', { name: 'No' }).check();
    await statement.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectMessage(page, moderationMessages.deleted);
    await expect(badRow).toHaveCount(0);

    // The safe product stays on the market, the deleted one leaves it.
    await page.goto(`/category/${categoryId}`);
    await expect(page.getByTestId('listing-card').filter({ hasText: safeName })).toBeVisible();
    await expect(page.getByTestId('listing-card').filter({ hasText: badName })).toHaveCount(0);
    await page.goto('/user/admin/reported-product');
    await expect(page.getByRole('table', { name: 'Reported products' })).toBeVisible();
    await expect(productRow(page, safeName)).toHaveCount(0);
    await expect(productRow(page, badName)).toHaveCount(0);

    // The seller sees the statement in My Products, with the Appeal button.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInViaApi(page, seller.email, testPassword);
    await page.goto('/user/seller/all-products');
    const removed = page.getByRole('article', { name: `Removed by moderation: ${badName}` });
    await expect(removed).toContainText('Prohibited item');
    await expect(removed).toContainText('The photos show a catalytic converter cut from a car.');
    await expect(removed).toContainText('No, a person decided');
    await expect(removed.getByRole('button', { name: 'Appeal' })).toBeVisible();
  });
});

test.describe('Admin guards (docs/product.md §6)', () => {
  test('a buyer opening /user/admin lands on "You Are Not An Admin"', async ({ page }) => {
    await signInViaApi(page, DEMO_BUYER.email);
    await page.goto('/user/admin');
    await expect(page).toHaveURL('/admin-not-found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(moderationMessages.notAdmin);
  });

  test('a seller and a visitor land on "You Are Not An Admin" too', async ({ page }) => {
    await page.goto('/user/admin/reported-product');
    await expect(page).toHaveURL('/admin-not-found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(moderationMessages.notAdmin);

    await signInViaApi(page, DEMO_SELLER.email);
    await page.goto('/user/admin/buyers');
    await expect(page).toHaveURL('/admin-not-found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(moderationMessages.notAdmin);
  });
});

test.describe('Admin pages: small screens and accessibility', () => {
  test('at 360px the links drop down, the admin badge shows and the table scrolls in its box', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInViaApi(page, DEMO_ADMIN.email);
    await page.goto('/user/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'All Seller' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'All sellers' })).toBeVisible();
    const badge = page.getByTestId('user-badge').first();
    await expect(badge).toBeVisible();
    await expect(badge).toContainText(DEMO_ADMIN.email);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Admin dashboard' });
    await expect(menu.getByRole('link')).toHaveText([
      'All Seller',
      'All Buyer',
      'Reported Product',
      'Appeals',
      'Risk',
      'Categories',
      'Deposit disputes',
      'Payment disputes',
      'Audit log',
    ]);
    await menu.getByRole('link', { name: 'Reported Product' }).click();
    await expect(page).toHaveURL('/user/admin/reported-product');
    await expect(page.getByRole('heading', { level: 1, name: 'Reported Product' })).toBeVisible();
  });

  test('the three admin pages pass an axe check at 1440px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInViaApi(page, DEMO_ADMIN.email);
    for (const [path, heading] of [
      ['/user/admin', 'All Seller'],
      ['/user/admin/buyers', 'All Buyer'],
      ['/user/admin/reported-product', 'Reported Product'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await settleAnimations(page);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
        path,
      ).toEqual([]);
    }
  });
});
