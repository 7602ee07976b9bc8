/// <reference lib="dom" />
/**
 * docs/product.md §2 Category page, Buyer dashboard and Payment page, §4 Booking modal and Payment flow, §5
 * Booking, §8: a buyer books a listing, sees it in My Orders, pays by card (sandbox
 * provider, Stripe's test cards), sees PAID and SOLD OUT; a declined card; reporting; what a
 * non-buyer sees. The booking modal's messages and its failure alert are component tests
 * (src/web/features/orders/components/booking-modal.test.tsx). Every test makes its own seller, listing and buyer through the API, so it never
 * touches the demo data other tests read, and runs in any order.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { formatDollars } from '../../src/contract/money.js';
import { authPaths } from '../../src/contract/paths.js';
import { createAccount, signInViaApi, testPassword, uniqueEmail } from './support/accounts.js';
import { getCategories, getCategoryPage } from './support/api.js';
import { e2eBaseURL } from './support/server-env.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { proofOfWork } from './support/proof-of-work.js';

const texts = {
  nonBuyer: 'Please login with buyer account for buy this product.',
  booked: 'Order Confirm - The Seller Contact you soon.',
  reported: 'Reported Success!',
  notSaved: 'Changes are not saved',
  paid: 'Congrats! your payment completed',
  orderPlaced: 'Your Order Successfully Placed',
  nextSteps:
    /What happens next: meet the seller, check the car, then give the seller your handover code/,
  noOrder: 'No order found',
  emptyOrders: 'You have not placed any order yet!',
} as const;

const originHeader = { origin: e2eBaseURL };

interface Listing {
  id: string;
  name: string;
  /** Dollars. */
  price: number;
  categoryId: string;
  sellerName: string;
  sellerEmail: string;
}

interface Buyer {
  uid: string;
  name: string;
  email: string;
}

/**
 * Registers a seller in its own API context (signed in, so it can get a bearer token) and adds a
 * listing as that seller. The listing goes to the last category by name that has products (the
 * category tests read the first ones), with an image of an existing listing.
 */
async function createListing(playwright: PlaywrightWorkerArgs['playwright']): Promise<Listing> {
  const request = await playwright.request.newContext({ baseURL: e2eBaseURL });
  try {
    const categories = await getCategories(request);
    let category: { id: string; image: string } | undefined;
    for (const candidate of [...categories].reverse()) {
      const { products } = await getCategoryPage(request, candidate._id);
      if (products[0]) {
        category = { id: candidate._id, image: products[0].product_image };
        break;
      }
    }
    expect(category, 'a category with listings in the demo data').toBeDefined();

    const sellerName = `Seller ${Math.random().toString(36).slice(2, 7)}`;
    const sellerEmail = uniqueEmail('buying-seller');
    const uid = await registerViaApi(request, {
      email: sellerEmail,
      name: sellerName,
      role: 'seller',
    });
    const token = await bearerToken(request, uid);
    const name = `Test Coupe ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const price = 12345.5;
    const created = await request.post(apiUrl(apiRoutes.createProduct), {
      headers: { authorization: `Bearer ${token}` },
      data: {
        product_name: name,
        product_description: 'A tidy test coupe, one careful owner.',
        product_image: category!.image,
        category_id: category!.id,
        condition: 'Good',
        resell_price: price,
        original_price: 20000,
        year_of_used: 3,
        seller_location: 'Chattogram',
        seller_phone: '01712345678',
      },
    });
    expect(created.status(), 'POST /api/products').toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };
    return { id: insertedId, name, price, categoryId: category!.id, sellerName, sellerEmail };
  } finally {
    await request.dispose();
  }
}

/** Signs up and saves the user record, staying signed in in `request`. Returns the uid. */
async function registerViaApi(
  request: APIRequestContext,
  input: { email: string; name: string; role: 'buyer' | 'seller' },
): Promise<string> {
  const signUp = await request.post(authPaths.signUp, {
    data: {
      email: input.email,
      password: testPassword,
      name: input.name,
      ...(await proofOfWork(request)),
    },
    headers: originHeader,
  });
  expect(signUp.status(), `sign-up of ${input.email}`).toBe(200);
  // Sign-up answers without a session: sign in, as the registration page does.
  const signIn = await request.post(authPaths.signIn, {
    data: { email: input.email, password: testPassword },
    headers: originHeader,
  });
  expect(signIn.status(), `sign-in of ${input.email}`).toBe(200);
  const { user } = (await signIn.json()) as { user: { id: string } };
  const saved = await request.post(apiUrl(apiRoutes.saveUser), {
    data: {
      displayName: input.name,
      email: input.email,
      photoURL: '',
      role: input.role,
      uid: user.id,
      status: 'unverified',
    },
    headers: originHeader,
  });
  expect(saved.status(), `user record of ${input.email}`).toBe(201);
  return user.id;
}

/** An API bearer token for the identity signed in in `request` (POST /api/jwt). */
async function bearerToken(request: APIRequestContext, uid: string): Promise<string> {
  const answer = await request.post(apiUrl(apiRoutes.issueToken), { data: { user: uid } });
  expect(answer.status(), 'POST /api/jwt').toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** Registers a new buyer and signs the page's browser context in as them. */
async function signInNewBuyer(page: Page): Promise<Buyer> {
  const name = `Buyer ${Math.random().toString(36).slice(2, 7)}`;
  const email = uniqueEmail('buying-buyer');
  const uid = await createAccount(page, { email, name, role: 'buyer' });
  await signInViaApi(page, email, testPassword);
  return { uid, name, email };
}

/** Books a listing through the API as the page's signed-in buyer; returns the order id. */
async function bookViaApi(page: Page, buyer: Buyer, listing: Listing): Promise<string> {
  const token = await bearerToken(page.request, buyer.uid);
  const answer = await page.request.post(apiUrl(apiRoutes.createOrder), {
    headers: { authorization: `Bearer ${token}` },
    data: {
      customer_info: { customer_phone: '01811111111', meeting_location: 'Agrabad' },
      product_info: { product_id: listing.id },
      order_status: false,
    },
  });
  expect(answer.status(), 'POST /api/orders').toBe(201);
  return ((await answer.json()) as { insertedId: string }).insertedId;
}

/** The order as the buyer's API sees it (GET /api/order/{id}). */
async function readOrder(page: Page, buyer: Buyer, orderId: string) {
  const token = await bearerToken(page.request, buyer.uid);
  const answer = await page.request.get(apiUrl(apiRoutes.getOrder, { params: { id: orderId } }), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status(), 'GET /api/order/{id}').toBe(200);
  return ((await answer.json()) as { data: { order_status: boolean } }).data;
}

async function openCategory(page: Page, listing: Listing): Promise<Locator> {
  await page.goto(`/category/${listing.categoryId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'All Product' })).toBeVisible();
  const card = page.getByTestId('listing-card').filter({
    has: page.getByRole('heading', { name: listing.name, exact: true }),
  });
  await expect(card).toHaveCount(1);
  return card;
}

/** Fills the sandbox card form, which mirrors Stripe's card element. */
async function fillCard(page: Page, number: string) {
  await page.getByPlaceholder('Card number').fill(number);
  await page.getByPlaceholder('MM / YY').fill('1234');
  await page.getByPlaceholder('CVC').fill('123');
  await page.getByPlaceholder('ZIP').fill('12345');
}

async function openMyOrders(page: Page) {
  await page.goto('/user/buyer');
  await expect(page.getByRole('heading', { level: 1, name: 'All order List' })).toBeVisible();
}

test.describe('Buying: booking, My Orders and card payment', () => {
  test('a buyer books a listing, pays with 4242 4242 4242 4242, sees PAID and SOLD OUT', async ({
    page,
    playwright,
  }) => {
    const listing = await createListing(playwright);
    const buyer = await signInNewBuyer(page);

    await openMyOrders(page);
    await expect(page.getByText(texts.emptyOrders)).toBeVisible();

    // Category page: the buyer's actions on the new listing.
    const card = await openCategory(page, listing);
    await expect(card.getByText(texts.nonBuyer)).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Report/ })).toBeVisible();
    await card.getByRole('button', { name: /Book Now/ }).click();

    // Booking modal: product, price, the user's name and email read-only; required fields.
    const modal = page.getByRole('dialog', { name: listing.name });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Price')).toHaveValue(formatDollars(listing.price));
    await expect(modal.getByLabel('Name')).toHaveValue(buyer.name);
    await expect(modal.getByLabel('Name')).not.toBeEditable();
    await expect(modal.getByLabel('Email')).toHaveValue(buyer.email);
    await expect(modal.getByLabel('Email')).not.toBeEditable();
    // The read-only fields look read-only (another fill than an input's).
    const fill = (label: string) =>
      modal.getByLabel(label).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await fill('Name')).not.toBe(await fill('Phone number'));
    // The required fields' messages are a component test (booking-modal.test.tsx).
    await modal.getByLabel('Phone number').fill('01812345678');
    await modal.getByLabel('Meeting location').fill('GEC Circle');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(texts.booked)).toBeVisible();
    await expect(modal).toBeHidden();

    // The card now says Booked, linking to My Orders, instead of Book Now.
    await expect(card.getByRole('button', { name: /Book Now/ })).toHaveCount(0);
    await card.getByRole('link', { name: /^Booked/ }).click();
    await expect(page).toHaveURL('/user/buyer');

    // My Orders: the order with a Pay link.
    await openMyOrders(page);
    const row = page.getByTestId('order-row').filter({ hasText: listing.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(listing.sellerName);
    await expect(row).toContainText(formatDollars(listing.price));
    await expect(row.getByRole('img', { name: listing.name })).toBeVisible();
    await expect(row).not.toContainText('PAID');
    await row.getByRole('link', { name: /Pay/ }).click();

    // Payment page.
    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Product Info' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Payment for ${listing.name}` })).toBeVisible();
    await expect(page.getByText(formatDollars(listing.price), { exact: true })).toBeVisible();
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await expect(pay).toBeEnabled();
    await fillCard(page, '4242424242424242');
    await expect(page.getByPlaceholder('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByPlaceholder('MM / YY')).toHaveValue('12 / 34');
    await pay.click();
    await expect(page.getByText(texts.paid)).toBeVisible();
    await expect(page.getByText(/Your transaction id: pi_\w+/)).toBeVisible();
    await expect(page.getByRole('heading', { name: texts.orderPlaced })).toBeVisible();
    await expect(page.getByText(texts.nextSteps)).toBeVisible();
    await expect(page.getByText('Product Shipped Soon')).toHaveCount(0);
    await expect(pay).toHaveCount(0);

    // Back to My Orders: PAID instead of Pay.
    await page.getByRole('link', { name: 'Back Order Page' }).click();
    await expect(page).toHaveURL('/user/buyer');
    const paidRow = page.getByTestId('order-row').filter({ hasText: listing.name });
    await expect(paidRow).toContainText('PAID');
    await expect(paidRow.getByRole('link', { name: /Pay/ })).toHaveCount(0);

    // The category page now shows SOLD OUT for it.
    const soldCard = await openCategory(page, listing);
    await expect(soldCard.getByText('SOLD OUT')).toBeVisible();
    await expect(soldCard.getByRole('button', { name: /Book Now/ })).toHaveCount(0);
    await expect(soldCard.getByRole('button', { name: /Report/ })).toHaveCount(0);
  });

  test('a declined card shows "Your card was declined." in red and the order stays unpaid', async ({
    page,
    playwright,
  }) => {
    const listing = await createListing(playwright);
    const buyer = await signInNewBuyer(page);
    const orderId = await bookViaApi(page, buyer, listing);

    await page.goto(`/payment/${orderId}`);
    await expect(page.getByRole('heading', { name: `Payment for ${listing.name}` })).toBeVisible();
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await expect(pay).toBeEnabled();

    // An incomplete card: the card's own message, in red.
    await pay.click();
    const cardError = page.getByTestId('card-error');
    await expect(cardError).toHaveText('Your card number is incomplete.');
    await expect(cardError).toHaveClass(/\btext-error\b/);

    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    await expect(cardError).toHaveText('Your card was declined.');
    await expect(cardError).toHaveClass(/\btext-error\b/);
    await expect(page.getByText(texts.paid)).toHaveCount(0);
    expect((await readOrder(page, buyer, orderId)).order_status).toBe(false);

    await openMyOrders(page);
    const row = page.getByTestId('order-row').filter({ hasText: listing.name });
    await expect(row.getByRole('link', { name: /Pay/ })).toBeVisible();
    await expect(row).not.toContainText('PAID');

    // The same order can still be paid with a good card.
    await row.getByRole('link', { name: /Pay/ }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByText(texts.paid)).toBeVisible();
    await expect(page.getByRole('heading', { name: texts.orderPlaced })).toBeVisible();
    expect((await readOrder(page, buyer, orderId)).order_status).toBe(true);
  });

  test('a payment page of no order of the buyer shows "No order found"', async ({ page }) => {
    await signInNewBuyer(page);
    await page.goto('/payment/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: texts.noOrder })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  });
});

test.describe('Reporting and non-buyers on the category page', () => {
  test('Report asks for a reason at 360 px: declining says "Changes are not saved", confirming "Reported Success!"', async ({
    page,
    playwright,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const listing = await createListing(playwright);
    const buyer = await signInNewBuyer(page);
    const card = await openCategory(page, listing);
    const swal = page.locator('.swal2-popup');
    const dialog = page.getByRole('dialog', { name: `Report ${listing.name}?` });

    await card.getByRole('button', { name: /Report/ }).click();
    await expect(dialog.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: "Don't Confirm" }).click();
    await expect(swal).toContainText(texts.notSaved);
    await swal.getByRole('button', { name: 'OK' }).click();
    await expect(swal).toBeHidden();

    // DSA Art. 16: a reason is required, a note is optional (≤ 1,000 characters).
    await card.getByRole('button', { name: /Report/ }).click();
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
    const reasons = dialog.getByRole('group', { name: 'Why are you reporting this listing?' });
    await expect(reasons.getByRole('radio')).toHaveCount(6);
    await reasons.getByRole('radio', { name: 'Scam or fraud' }).check();
    const note = dialog.getByLabel('Note for the moderators (optional)');
    await expect(note).toHaveAttribute('maxlength', '1000');
    await note.fill('Asked for a deposit by wire transfer.');
    await expect(dialog).toContainText('37/1000');
    // Nothing sticks out of the dialog at 360 px.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(swal).toContainText(texts.reported);
    await swal.getByRole('button', { name: 'OK' }).click();

    // The report reached the server once: a repeat through the API counts nothing new.
    const token = await bearerToken(page.request, buyer.uid);
    const repeat = await page.request.patch(
      apiUrl(apiRoutes.reportProduct, { query: { id: listing.id } }),
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(repeat.status()).toBe(200);
    expect(await repeat.json()).toMatchObject({ modifiedCount: 0, reportCount: 1 });
  });

  test('a seller sees no Book Now on their own listing, and no buyer sentence (every account buys)', async ({
    page,
    playwright,
  }) => {
    const listing = await createListing(playwright);
    await signInViaApi(page, listing.sellerEmail, testPassword);
    const card = await openCategory(page, listing);
    await expect(card.getByText('Your listing')).toBeVisible();
    await expect(card.getByText(texts.nonBuyer)).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Book Now/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /Report/ })).toHaveCount(0);
  });
});
