/// <reference lib="dom" />
/**
 * The seller's side of a booking, at 360 px and 1440 px: a buyer books, the seller's
 * Bookings (/user/seller/bookings) show the buyer's name, phone, e-mail and meeting place; the
 * seller declines with a message and the buyer's My Orders says so instead of offering Pay; a
 * buyer cancels a booking from My Orders and the seller sees it cancelled. Every test makes its
 * own seller, listing and buyer through the API, in two browser contexts.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './support/axe.js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { postListingAs } from './support/listings.js';
import { newSignedInUser, type SignedInUser } from './support/users.js';
import { openMoreActions } from './support/controls.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'bookings');
type User = SignedInUser;

/** A listing of `seller`, in a category of its own; returns its id and name. */
const listingOf = (seller: User) => postListingAs(seller, { name: 'Bookings coupe', price: 9500 });

async function book(buyer: User, productId: string) {
  const answer = await buyer.page.request.post(apiUrl(apiRoutes.createOrder), {
    headers: buyer.headers,
    data: {
      customer_info: { customer_phone: '01899999999', meeting_location: 'Agrabad crossing' },
      product_info: { product_id: productId },
    },
  });
  expect(answer.status(), 'POST /api/orders').toBe(201);
}

async function expectAxeClean(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

for (const width of [360, 1440]) {
  test.describe(`Bookings at ${width} px`, () => {
    test('the seller sees the buyer’s contact and declines; the buyer sees the decline', async ({
      browser,
    }) => {
      const seller = await newUser(browser, 'seller', width);
      const buyer = await newUser(browser, 'buyer', width);
      const listing = await listingOf(seller);
      await book(buyer, listing.id);

      await seller.page.goto('/user/seller/bookings');
      await expect(seller.page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
      const booking = seller.page.getByTestId('booking').filter({ hasText: listing.name });
      await expect(booking).toHaveCount(1);
      await expect(booking.getByText(buyer.name)).toBeVisible();
      await expect(booking.getByRole('link', { name: '01899999999' })).toBeVisible();
      await expect(booking.getByRole('link', { name: buyer.email })).toBeVisible();
      await expect(booking.getByText('Agrabad crossing')).toBeVisible();
      await expect(booking.getByText('UNPAID')).toBeVisible();
      await expectAxeClean(seller.page);

      await openMoreActions(booking);
      await booking.getByRole('button', { name: /^Decline the booking/ }).click();
      await seller.page
        .getByRole('textbox', { name: 'A message for the buyer (optional)' })
        .fill('Sold it to my cousin.');
      await seller.page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(
        seller.page.getByText('Booking declined. The buyer has been told.'),
      ).toBeVisible();
      await seller.page.getByRole('button', { name: 'OK' }).click();
      await expect(booking.getByText('Declined')).toBeVisible();
      await expect(booking.getByRole('button', { name: /^Decline the booking/ })).toHaveCount(0);

      await buyer.page.goto('/user/buyer');
      const row = buyer.page.getByTestId('order-row').filter({ hasText: listing.name });
      await expect(row.getByText('Declined by the seller')).toBeVisible();
      await expect(row.getByText('Sold it to my cousin.')).toBeVisible();
      await expect(row.getByRole('link', { name: /^Pay for/ })).toHaveCount(0);
      // The buyer booked, so the seller's contact is theirs to see.
      await expect(row.getByRole('link', { name: seller.email })).toBeAttached();
      await seller.page.context().close();
      await buyer.page.context().close();
    });

    test('the buyer cancels a booking from My Orders; the seller sees it cancelled', async ({
      browser,
    }) => {
      const seller = await newUser(browser, 'seller', width);
      const buyer = await newUser(browser, 'buyer', width);
      const listing = await listingOf(seller);
      await book(buyer, listing.id);

      await buyer.page.goto('/user/buyer');
      const row = buyer.page.getByTestId('order-row').filter({ hasText: listing.name });
      await openMoreActions(row);
      await row.getByRole('button', { name: `Cancel the booking of ${listing.name}` }).click();
      await buyer.page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(buyer.page.getByText('Booking cancelled.')).toBeVisible();
      await buyer.page.getByRole('button', { name: 'OK' }).click();
      await expect(row).toHaveCount(0);

      await seller.page.goto('/user/seller/bookings');
      const booking = seller.page.getByTestId('booking').filter({ hasText: listing.name });
      await expect(booking.getByText('Cancelled')).toBeVisible();
      await seller.page.context().close();
      await buyer.page.context().close();
    });
  });
}
