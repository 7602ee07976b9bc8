/// <reference lib="dom" />
/**
 * The refundable viewing deposit (decision 0020): a buyer holds a listing's deposit
 * with the sandbox's test card from My Orders and sees its state; at 360 px the seller marks
 * `Buyer did not come` in Bookings and the deposit is captured. Each test makes its own seller,
 * listing (with a $50 deposit) and buyer through the API.
 */
import { expect, test, type Browser } from '@playwright/test';
import { postListingAs } from './support/listings.js';
import { newSignedInUser, type SignedInUser } from './support/users.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'deposits');

/** A listing of `seller` asking a $50 deposit, booked by `buyer`; returns it and the order. */
async function bookedDepositListing(seller: SignedInUser, buyer: SignedInUser) {
  const listing = await postListingAs(seller, { name: 'Deposit saloon', price: 9500 });
  const edited = await seller.page.request.patch(
    apiUrl(apiRoutes.updateProduct, { params: { id: listing.id } }),
    { data: { deposit: 50 }, headers: seller.headers },
  );
  expect(edited.status(), 'PATCH /api/product/{id}').toBe(200);
  const booked = await buyer.page.request.post(apiUrl(apiRoutes.createOrder), {
    headers: buyer.headers,
    data: {
      customer_info: { customer_phone: '01899999999', meeting_location: 'Agrabad crossing' },
      product_info: { product_id: listing.id },
    },
  });
  expect(booked.status(), 'POST /api/orders').toBe(201);
  return { listing, orderId: ((await booked.json()) as { insertedId: string }).insertedId };
}

test('the buyer holds the deposit with a card and My Orders shows its state', async ({
  browser,
}) => {
  const seller = await newUser(browser, 'seller', 1440);
  const buyer = await newUser(browser, 'buyer', 1440);
  const { listing } = await bookedDepositListing(seller, buyer);
  const page = buyer.page;

  await page.goto('/user/buyer');
  const row = page.getByTestId('order-row').filter({ hasText: listing.name });
  await expect(row.getByText('Deposit $50', { exact: true })).toBeVisible();
  await expect(row.getByText('Deposit not held yet')).toBeVisible();
  await row.getByRole('link', { name: `Hold deposit for ${listing.name}` }).click();

  await expect(page.getByRole('heading', { name: `Deposit for ${listing.name}` })).toBeVisible();
  await page.getByPlaceholder('Card number').fill('4242424242424242');
  await page.getByPlaceholder('MM / YY').fill('1234');
  await page.getByPlaceholder('CVC').fill('123');
  await page.getByPlaceholder('ZIP').fill('12345');
  await page.getByRole('button', { name: 'Hold deposit' }).click();
  await expect(page.getByText('Deposit held on your card.')).toBeVisible();

  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(row.getByText('Deposit held on your card')).toBeVisible();
  await expect(row.getByText(/^Released automatically by/)).toBeVisible();
  await seller.page.context().close();
  await buyer.page.context().close();
});

test('at 360 px the seller marks Buyer did not come and the deposit is captured', async ({
  browser,
}) => {
  const seller = await newUser(browser, 'seller', 360);
  const buyer = await newUser(browser, 'buyer', 360);
  const { listing, orderId } = await bookedDepositListing(seller, buyer);
  // The buyer's card step, as the Hold deposit page makes it (sandbox test card).
  const hold = await buyer.page.request.post(
    apiUrl(apiRoutes.createDepositHold, { params: { id: orderId } }),
    { headers: buyer.headers },
  );
  const secret = ((await hold.json()) as { clientSecret: string }).clientSecret;
  const confirmed = await buyer.page.request.post(
    apiUrl(apiRoutes.confirmSandboxPaymentIntent, { params: { id: secret.split('_secret_')[0]! } }),
    { headers: buyer.headers, data: { client_secret: secret, payment_method: 'pm_card_visa' } },
  );
  expect(confirmed.status()).toBe(200);
  const held = await buyer.page.request.post(
    apiUrl(apiRoutes.confirmDepositHold, { params: { id: orderId } }),
    { headers: buyer.headers },
  );
  expect(held.status()).toBe(200);

  const page = seller.page;
  await page.goto('/user/seller/bookings');
  const booking = page.getByTestId('booking').filter({ hasText: listing.name });
  await expect(booking.getByText("Deposit held on the buyer's card")).toBeVisible();
  const noShow = booking.getByRole('button', { name: `Buyer did not come: ${listing.name}` });
  await expect(noShow).toBeInViewport({ ratio: 1 });
  const box = await noShow.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await noShow.click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Deposit captured for you.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(booking.getByText('Deposit captured for you')).toBeVisible();
  await expect(noShow).toHaveCount(0);

  await buyer.page.goto('/user/buyer');
  const row = buyer.page.getByTestId('order-row').filter({ hasText: listing.name });
  await expect(row.getByText('Deposit kept by the seller')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Dispute' })).toBeVisible();
  await seller.page.context().close();
  await buyer.page.context().close();
});
