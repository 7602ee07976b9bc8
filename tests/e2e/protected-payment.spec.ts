/// <reference lib="dom" />
/**
 * Protected payment in the browser (decision 0042), at 360 and 1440 px: a seller buys another
 * seller's car, pays by card (sandbox, Stripe's test card) and sees the handover code on My
 * Orders; the selling seller enters it in Bookings; both download the bill of sale (a PDF); and a
 * refund asked for on My Orders puts the car back on the market. Each test makes its own two
 * accounts and listing through the API.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { postListingAs } from './support/listings.js';
import { measureOverflow } from './support/settle.js';
import { newSignedInUser, type SignedInUser } from './support/users.js';

const texts = {
  paid: 'Congrats! your payment completed',
  buyerHeld: 'Held by Second Gear until the handover',
  buyerReleased: 'Paid to the seller',
  buyerRefunded: 'Refunded to your card',
  sellerHeld: 'Paid and held by Second Gear until the handover',
  sellerReleased: 'Paid out to you',
  sellerRefunded: 'Refunded to the buyer',
  released: 'Handover confirmed: the money is on its way to you.',
  refunded: 'Refunded. The listing is back on the market.',
} as const;

const newUser = (browser: Browser, width: number) =>
  newSignedInUser(browser, 'seller', width, 'protected-payment');

/** A 17-character VIN of the allowed characters (no I, O, Q), new for every listing. */
function randomVin(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  return Array.from({ length: 17 }, () => alphabet[Math.floor(Math.random() * 33)]).join('');
}

/**
 * A car of `seller` (a 2015 Toyota Corolla, 85,000 km) booked by `buyer`, the seller's payout
 * details given. Returns the listing and the order id.
 */
async function bookedCar(seller: SignedInUser, buyer: SignedInUser) {
  const listing = await postListingAs(seller, { name: 'Protected Corolla', price: 13200 });
  const edited = await seller.page.request.patch(
    apiUrl(apiRoutes.updateProduct, { params: { id: listing.id } }),
    {
      data: {
        make: 'Toyota',
        model: 'Corolla',
        model_year: 2015,
        mileage_km: 85000,
        vin: randomVin(),
      },
      headers: seller.headers,
    },
  );
  expect(edited.status(), 'PATCH /api/product/{id}').toBe(200);
  const payout = await seller.page.request.put(apiUrl(apiRoutes.putPayout), {
    data: { account_holder: seller.name, iban: 'DE89370400440532013000' },
    headers: seller.headers,
  });
  expect(payout.status(), 'PUT /api/profile/payout').toBe(200);
  const booked = await buyer.page.request.post(apiUrl(apiRoutes.createOrder), {
    headers: buyer.headers,
    data: {
      customer_info: { customer_phone: '01899999999', meeting_location: 'GEC Circle' },
      product_info: { product_id: listing.id },
    },
  });
  expect(booked.status(), 'POST /api/orders').toBe(201);
  return { listing, orderId: ((await booked.json()) as { insertedId: string }).insertedId };
}

/** Pays the order on the payment page with Stripe's test card 4242 4242 4242 4242. */
async function payInPage(page: Page, orderId: string) {
  await page.goto(`/payment/${orderId}`);
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await page.getByPlaceholder('Card number').fill('4242424242424242');
  await page.getByPlaceholder('MM / YY').fill('1234');
  await page.getByPlaceholder('CVC').fill('123');
  await page.getByPlaceholder('ZIP').fill('12345');
  await pay.click();
  await expect(page.getByText(texts.paid)).toBeVisible();
}

/** Pays the order through the API as the sandbox payment page would. */
async function payViaApi(buyer: SignedInUser, productId: string) {
  const intent = await buyer.page.request.post(
    apiUrl(apiRoutes.createPaymentIntent, { params: { productId } }),
    { headers: buyer.headers },
  );
  expect(intent.status(), 'POST /api/create-payment-intent').toBe(200);
  const secret = ((await intent.json()) as { clientSecret: string }).clientSecret;
  const confirmed = await buyer.page.request.post(
    apiUrl(apiRoutes.confirmSandboxPaymentIntent, { params: { id: secret.split('_secret_')[0]! } }),
    { headers: buyer.headers, data: { client_secret: secret, payment_method: 'pm_card_visa' } },
  );
  expect(confirmed.status(), 'sandbox confirm').toBe(200);
}

async function openMyOrders(page: Page, listingName: string): Promise<Locator> {
  await page.goto('/user/buyer');
  await expect(page.getByRole('heading', { level: 1, name: 'All order List' })).toBeVisible();
  const row = page.getByTestId('order-row').filter({ hasText: listingName });
  await expect(row).toHaveCount(1);
  return row;
}

async function openBookings(page: Page, listingName: string): Promise<Locator> {
  await page.goto('/user/seller/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const booking = page.getByTestId('booking').filter({ hasText: listingName });
  await expect(booking).toHaveCount(1);
  return booking;
}

/**
 * Clicks the `Bill of sale` link of `scope` and checks what comes down: the browser's download
 * (a PDF file of the order's name) and the link's answer (`application/pdf`). @returns its bytes.
 */
async function downloadBillOfSale(page: Page, scope: Locator, orderId: string): Promise<Buffer> {
  const link = scope.getByRole('link', { name: /^Bill of sale/ });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toBe(`/api/order/${orderId}/bill-of-sale`);
  // The answer to the link, by the browser's session cookie.
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`bill-of-sale-${orderId}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.equals(await answer.body())).toBe(true);
  return bytes;
}

async function expectNoOverflow(page: Page) {
  const { excess, offenders } = await measureOverflow(page);
  expect(excess, JSON.stringify(offenders)).toBeLessThanOrEqual(0);
}

for (const width of [360, 1440]) {
  test.describe(`at ${width} px`, () => {
    test('a seller buys another seller’s car; the handover code releases the money; both download the bill of sale', async ({
      browser,
    }) => {
      const seller = await newUser(browser, width);
      const buyer = await newUser(browser, width);
      const { listing, orderId } = await bookedCar(seller, buyer);

      // The buying seller pays and finds the handover code on My Orders.
      await payInPage(buyer.page, orderId);
      let row = await openMyOrders(buyer.page, listing.name);
      await expect(row.getByText(texts.buyerHeld)).toBeVisible();
      const codeText = row.getByTestId('handover-code');
      await expect(codeText).toHaveText(/^[0-9]{6}$/);
      const code = (await codeText.textContent())!;
      await expect(row.getByRole('link', { name: /^Bill of sale/ })).toHaveCount(0);
      await expectNoOverflow(buyer.page);

      // The selling seller sees the payment held, never the code, and enters it.
      let booking = await openBookings(seller.page, listing.name);
      await expect(booking.getByText(texts.sellerHeld)).toBeVisible();
      await expect(booking).not.toContainText(code);
      await expectNoOverflow(seller.page);
      await booking.getByLabel(`Handover code: ${listing.name}`).fill(code);
      await booking.getByRole('button', { name: 'Confirm handover' }).click();
      const swal = seller.page.locator('.swal2-popup');
      await expect(swal).toContainText(texts.released);
      await swal.getByRole('button', { name: 'OK' }).click();
      await expect(swal).toBeHidden();
      booking = await openBookings(seller.page, listing.name);
      await expect(booking.getByText(texts.sellerReleased)).toBeVisible();
      const sellerCopy = await downloadBillOfSale(seller.page, booking, orderId);

      // The buyer: paid to the seller, the code gone, the same bill of sale.
      row = await openMyOrders(buyer.page, listing.name);
      await expect(row.getByText(texts.buyerReleased)).toBeVisible();
      await expect(row.getByTestId('handover-code')).toHaveCount(0);
      const buyerCopy = await downloadBillOfSale(buyer.page, row, orderId);
      expect(buyerCopy.equals(sellerCopy)).toBe(true);
      await expectNoOverflow(buyer.page);

      await seller.page.context().close();
      await buyer.page.context().close();
    });

    test('a refund asked for on My Orders puts the car back on the market', async ({ browser }) => {
      const seller = await newUser(browser, width);
      const buyer = await newUser(browser, width);
      const { listing } = await bookedCar(seller, buyer);
      await payViaApi(buyer, listing.id);

      const row = await openMyOrders(buyer.page, listing.name);
      await row.getByRole('button', { name: 'Ask for a refund' }).click();
      const dialog = buyer.page.getByRole('dialog', {
        name: `Ask for a refund: ${listing.name}?`,
      });
      await dialog.getByLabel('Reason (required)').fill('The gearbox slips, not as described');
      await expectNoOverflow(buyer.page);
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      const swal = buyer.page.locator('.swal2-popup');
      await expect(swal).toContainText(texts.refunded);
      await swal.getByRole('button', { name: 'OK' }).click();
      await expect(row.getByText(texts.buyerRefunded)).toBeVisible();
      await expect(row.getByTestId('handover-code')).toHaveCount(0);

      // The listing is on the market again: Book Now, no SOLD OUT.
      await buyer.page.goto(`/listing/${listing.id}`);
      await expect(buyer.page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
      await expect(
        buyer.page.getByRole('button', { name: `Book Now: ${listing.name}` }).first(),
      ).toBeVisible();
      await expect(buyer.page.getByText('SOLD OUT')).toHaveCount(0);

      // The seller's booking says where the money went; no bill of sale for a refund.
      const booking = await openBookings(seller.page, listing.name);
      await expect(booking.getByText(texts.sellerRefunded)).toBeVisible();
      await expect(booking.getByRole('link', { name: /^Bill of sale/ })).toHaveCount(0);

      await seller.page.context().close();
      await buyer.page.context().close();
    });
  });
}
