/// <reference lib="dom" />
/**
 * Favourites and reviews in the browser, at 360 px and 1440 px: a signed-in buyer hearts a listing on its page
 * and finds it on /favourites (reached from the navbar), and un-hearting it there removes it; a buyer who paid
 * for an order with the sandbox card writes a review from My Orders and sees it, with the
 * seller's average, on /seller/{uid} (reached from the listing page's seller link). Every test
 * makes its own seller, listing and buyer through the API.
 */
import { expect, test, type Browser } from '@playwright/test';
import { readMailLink } from './support/accounts.js';
import { postListingAs } from './support/listings.js';
import { newSignedInUser, unique } from './support/users.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'fav-reviews');

for (const width of [360, 1440]) {
  test.describe(`Favourites and reviews at ${width} px`, () => {
    test('a buyer hearts a listing and finds it on /favourites', async ({ browser }) => {
      const seller = await newUser(browser, 'seller', width);
      const buyer = await newUser(browser, 'buyer', width);
      const listing = await postListingAs(seller, { name: 'Favourite hatchback', price: 7200 });

      const { page } = buyer;
      await page.goto(`/listing/${listing.id}`);
      await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
      const heart = page.getByRole('button', { name: 'Save to favourites' });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await heart.click();
      const saved = page.getByRole('button', { name: 'Remove from favourites' });
      await expect(saved).toHaveAttribute('aria-pressed', 'true');

      if (width < 640) {
        // Below `sm` the bar holds Messages and the photo only; Favourites is in the menu.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Favourites', exact: true })
          .click();
      } else {
        await page.getByTestId('favourites-link').click();
      }
      await expect(page).toHaveURL(/\/favourites$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
      const card = page.getByTestId('listing-card').filter({ hasText: listing.name });
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('link', { name: 'View listing' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );

      // Un-hearting here takes the card off the list, also after a reload.
      await card.getByRole('button', { name: 'Remove from favourites' }).click();
      await expect(card).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
      await expect(page.getByTestId('listing-card').filter({ hasText: listing.name })).toHaveCount(
        0,
      );
      await seller.page.context().close();
      await page.context().close();
    });

    test('a paid buyer reviews the seller and sees it on /seller/{uid}', async ({ browser }) => {
      const seller = await newUser(browser, 'seller', width);
      const buyer = await newUser(browser, 'buyer', width);
      const listing = await postListingAs(seller, { name: 'Favourite hatchback', price: 7200 });
      const booked = await buyer.page.request.post(apiUrl(apiRoutes.createOrder), {
        headers: buyer.headers,
        data: {
          customer_info: { customer_phone: '01899999999', meeting_location: 'Zindabazar' },
          product_info: { product_id: listing.id },
        },
      });
      expect(booked.status(), 'POST /api/orders').toBe(201);
      const orderId = ((await booked.json()) as { insertedId: string }).insertedId;

      const { page } = buyer;
      await page.goto(`/payment/${orderId}`);
      await page.getByPlaceholder('Card number').fill('4242 4242 4242 4242');
      await page.getByPlaceholder('MM / YY').fill('1234');
      await page.getByPlaceholder('CVC').fill('123');
      await page.getByPlaceholder('ZIP').fill('12345');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(page.getByText('Congrats! your payment completed')).toBeVisible();

      await page.goto('/user/buyer');
      const row = page.getByTestId('order-row').filter({ hasText: listing.name });
      await expect(row).toContainText('PAID');
      await row.getByRole('button', { name: `Write a review of ${listing.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Review: ${listing.name}` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('radio', { name: '4 stars' }).check();
      const text = `Honest seller, smooth handover ${unique()}`;
      await dialog.getByLabel('Your review').fill(text);
      await dialog.getByRole('button', { name: 'Submit review' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Reviewed')).toBeVisible();
      // The order says so after a reload too: no second review is offered.
      await page.reload();
      await expect(row.getByText('Reviewed')).toBeVisible();
      await expect(row.getByRole('button', { name: /Write a review/ })).toHaveCount(0);

      await page.goto(`/listing/${listing.id}`);
      await expect(page.getByTestId('seller-rating')).toContainText('4.0');
      await page.getByTestId('seller-profile-link').click();
      await expect(page).toHaveURL(new RegExp(`/seller/${seller.uid}$`));
      await expect(page.getByRole('heading', { level: 1, name: seller.name })).toBeVisible();
      await expect(page.getByTestId('seller-rating')).toHaveText(/4\.0\s*\(1 review\)/);
      const review = page.getByTestId('review').filter({ hasText: text });
      await expect(review).toHaveCount(1);
      await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await seller.page.context().close();
      await page.context().close();
    });
  });
}

test('a price drop mails the watcher, whose link unsubscribes after one click', async ({
  browser,
}) => {
  const seller = await newUser(browser, 'seller', 360);
  const buyer = await newUser(browser, 'buyer', 360);
  const listing = await postListingAs(seller, { name: 'Favourite hatchback', price: 7200 });
  const hearted = await buyer.page.request.put(
    apiUrl(apiRoutes.addFavourite, { params: { productId: listing.id } }),
    { headers: buyer.headers },
  );
  expect(hearted.ok(), 'PUT /api/favourites/{id}').toBe(true);
  const cheaper = await seller.page.request.patch(
    apiUrl(apiRoutes.updateProduct, { params: { id: listing.id } }),
    { data: { resell_price: 6500 }, headers: seller.headers },
  );
  expect(cheaper.status(), 'PATCH /api/product/{id}').toBe(200);

  const link = await readMailLink(buyer.email, /https?:\/\/\S+\/unsubscribe\?token=\S+/);
  const { page } = buyer;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  // The page's own status (the header has one too while it checks the session).
  await expect(page.getByRole('status').filter({ hasText: 'Done.' })).toHaveText(
    'Done. You will no longer receive price-drop e-mails for your favourites.',
  );

  // A link without its token says so.
  await page.goto('/unsubscribe');
  await expect(page.getByRole('alert')).toHaveText('This unsubscribe link is not valid.');
});
