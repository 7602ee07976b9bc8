/// <reference lib="dom" />
/**
 * One listing state (decision 0027), at 360 px and 1440 px: the seller reserves a listing in My
 * Products and sees `Reserved` on its page; a buyer sees it reserved, has no Book Now and the
 * booking call is refused (409); the seller marks it sold elsewhere with a price and the page
 * says SOLD OUT. A listing that is gone says `This listing is no longer available` and shows
 * similar listings. Each test makes its own seller, buyer and listing through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';
import { postListingAs } from './support/listings.js';
import { newSignedInUser } from './support/users.js';
import { openMoreActions } from './support/controls.js';

const swal = (page: Page) => page.locator('.swal2-popup');

/** The page has no horizontal scroll (nothing overflows at 360 px). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [360, 1440]) {
  test.describe(`Listing state at ${width} px`, () => {
    test('the seller reserves, the buyer cannot book, the seller marks it sold elsewhere', async ({
      browser,
    }) => {
      const seller = await newSignedInUser(browser, 'seller', width, 'listing-state');
      const buyer = await newSignedInUser(browser, 'buyer', width, 'listing-state');
      const listing = await postListingAs(seller, { name: 'Reservable hatch', price: 6400 });

      // My Products: Reserve.
      await seller.page.goto('/user/seller/all-products');
      // A table from 1280 px; below, cards with the state actions under "More actions".
      const products = seller.page.getByRole(width < 1280 ? 'list' : 'table', {
        name: 'My Products',
      });
      const row = products.getByTestId('seller-product').filter({ hasText: listing.name });
      await openMoreActions(row);
      await row.getByRole('button', { name: 'Reserve', exact: true }).click();
      await expect(row.getByTestId('listing-state')).toHaveText('Reserved');
      await openMoreActions(row);
      await expect(row.getByRole('button', { name: 'Unreserve' })).toBeVisible();
      await expectNoOverflow(seller.page);

      // The listing page says Reserved, to the seller and to a buyer, who cannot book.
      await seller.page.goto(`/listing/${listing.id}`);
      await expect(
        seller.page.getByRole('status').getByText('Reserved', { exact: true }),
      ).toBeVisible();
      await buyer.page.goto(`/listing/${listing.id}`);
      await expect(buyer.page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
      await expect(buyer.page.getByText('This listing is reserved for a buyer.')).toBeVisible();
      await expect(buyer.page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
      await expectNoOverflow(buyer.page);
      const booking = await buyer.page.request.post(apiUrl(apiRoutes.createOrder), {
        headers: buyer.headers,
        data: {
          customer_info: { customer_phone: '01899999999', meeting_location: 'Agrabad crossing' },
          product_info: { product_id: listing.id },
        },
      });
      expect(booking.status(), 'POST /api/orders').toBe(409);
      expect(((await booking.json()) as { message: string }).message).toBe(
        'This listing is reserved: it cannot be booked right now.',
      );

      // Sold elsewhere, with what it went for.
      await seller.page.goto('/user/seller/all-products');
      await openMoreActions(row);
      await row.getByRole('button', { name: 'Sold elsewhere' }).click();
      await expect(swal(seller.page).locator('.swal2-title')).toHaveText('Mark as sold elsewhere?');
      await swal(seller.page).locator('input.swal2-input').fill('6100');
      await swal(seller.page).getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(row.getByText('SOLD', { exact: true })).toBeVisible();
      await seller.page.goto(`/listing/${listing.id}`);
      await expect(seller.page.getByText('SOLD OUT')).toBeVisible();
      const answer = await seller.page.request.get(
        apiUrl(apiRoutes.getListing, { params: { id: listing.id } }),
      );
      expect(await answer.json()).toMatchObject({
        listing_status: 'sold',
        order_status: true,
        sold_price: 6100,
      });

      await seller.page.context().close();
      await buyer.page.context().close();
    });

    test('a listing that is gone says so and shows similar listings', async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto('/listing/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { level: 1, name: 'Uh-oh!' })).toBeVisible();
      await expect(page.getByText('This listing is no longer available')).toBeVisible();
      const similar = page.getByRole('region', { name: 'Similar listings' });
      await expect(similar.getByRole('link').first()).toBeVisible();
      await expectNoOverflow(page);
      await context.close();
    });
  });
}
