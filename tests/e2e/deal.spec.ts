/// <reference lib="dom" />
/**
 * The deal where each side acts (decision 0048), at 360 px and 1440 px: a buyer's offer stays on
 * the listing page in place of `Make an offer` after a reload and is withdrawn there; the seller
 * counters and the buyer accepts inside their conversation, which is headed by its car; the
 * conversation's preview and notes say the viewing time in words, never as ISO 8601 text.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.js';
import { postListingAs } from './support/listings.js';
import { newSignedInUser } from './support/users.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'deal');

const isoTime = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Accepts a SweetAlert2 confirmation and closes the success dialog that follows. */
async function confirmAndAcknowledge(page: Page, success: string) {
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText(success, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
}

/** A viewing time `days` ahead, on a whole hour. */
function daysAhead(days: number): string {
  const at = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

for (const width of [360, 1440]) {
  test.describe(`The deal at ${width} px`, () => {
    test('an offer stays on the listing page after a reload and is withdrawn there', async ({
      browser,
    }) => {
      const seller = await newUser(browser, 'seller', width);
      const buyer = await newUser(browser, 'buyer', width);
      const listing = await postListingAs(seller, { name: 'Offer estate', price: 4200 });
      const page = buyer.page;

      await page.goto(`/listing/${listing.id}`);
      await page.getByRole('button', { name: 'Make an offer' }).click();
      const dialog = page.getByRole('dialog', { name: /^Make an offer/ });
      await dialog.getByLabel('Your offer (US dollars)').fill('3800');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await dialog.getByRole('button', { name: 'OK' }).click();

      await page.reload();
      const offer = page.getByTestId('offer');
      await expect(offer).toContainText('Your offer');
      await expect(offer).toContainText('$3,800');
      await expect(offer.getByTestId('offer-status')).toHaveText('Waiting for the seller');
      await expect(offer).toContainText(/4[78] hours left/);
      await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
      // Report is a small, quiet button, not a second Book Now.
      const report = page.getByRole('button', { name: `Report: ${listing.name}` });
      const book = page.getByRole('button', { name: `Book Now: ${listing.name}` });
      expect((await report.boundingBox())!.height).toBeLessThan((await book.boundingBox())!.height);
      await expectAxeClean(page, 'listing page with an offer');

      await offer.getByRole('button', { name: `Withdraw the offer on ${listing.name}` }).click();
      await confirmAndAcknowledge(page, 'Offer withdrawn');
      await expect(page.getByRole('button', { name: 'Make an offer' })).toBeVisible();
      await expect(page.getByTestId('offer')).toHaveCount(0);
      await seller.page.context().close();
      await page.context().close();
    });

    test('the seller counters and the buyer accepts inside the conversation, times in words', async ({
      browser,
    }) => {
      const seller = await newUser(browser, 'seller', width);
      const buyer = await newUser(browser, 'buyer', width);
      const listing = await postListingAs(seller, { name: 'Talk coupe', price: 4200 });
      // The booking, the offer and the seller's other time, through the API.
      const booked = await buyer.page.request.post('/api/orders', {
        headers: buyer.headers,
        data: {
          customer_info: { customer_phone: '01811111111', meeting_location: 'Central station' },
          product_info: { product_id: listing.id },
          viewing_at: daysAhead(1),
        },
      });
      expect(booked.status()).toBe(201);
      const orderId = ((await booked.json()) as { insertedId: string }).insertedId;
      const offered = await buyer.page.request.post('/api/offers', {
        headers: buyer.headers,
        data: { product_id: listing.id, amount: 3800 },
      });
      expect(offered.status()).toBe(201);
      const proposed = await seller.page.request.patch(`/api/order/${orderId}/viewing`, {
        headers: seller.headers,
        data: { action: 'propose', at: daysAhead(2) },
      });
      expect(proposed.status()).toBe(200);

      await seller.page.goto('/messages');
      const preview = seller.page
        .getByTestId('conversation')
        .filter({ hasText: listing.name })
        .getByTestId('preview');
      await expect(preview).toContainText('Proposed a viewing at');
      await expect(preview).not.toContainText(isoTime);
      await preview.click();
      const car = seller.page.getByTestId('thread-car');
      await expect(car).toContainText('$4,200');
      await expect(car).toContainText('On sale');
      await expect(car.getByRole('link', { name: 'See the listing' })).toBeVisible();
      const notes = seller.page.getByTestId('message');
      await expect(notes.filter({ hasText: 'Proposed a viewing at' })).not.toContainText(isoTime);

      const sellerOffer = seller.page.getByTestId('thread-deal').getByTestId('offer');
      await sellerOffer
        .getByRole('button', { name: `Counter the offer from ${buyer.name}` })
        .click();
      await sellerOffer.getByLabel('Your counter-offer (US dollars)').fill('4000');
      await sellerOffer.getByRole('button', { name: 'Send counter-offer' }).click();
      await expect(seller.page.getByText('Counter-offer sent', { exact: true })).toBeVisible();
      await seller.page.getByRole('button', { name: 'OK' }).click();
      await expect(sellerOffer.getByTestId('offer-status')).toHaveText('Countered');
      await expect(notes.filter({ hasText: 'Countered' }).first()).toBeVisible();
      await expectAxeClean(seller.page, 'seller conversation');

      await buyer.page.goto('/messages');
      await buyer.page.getByTestId('conversation').filter({ hasText: listing.name }).click();
      const buyerOffer = buyer.page.getByTestId('thread-deal').getByTestId('offer');
      await expect(buyerOffer).toContainText('$4,000');
      await expect(
        buyer.page
          .getByTestId('thread-booking')
          .getByRole('button', { name: `Confirm the viewing of ${listing.name}` }),
      ).toBeVisible();
      await buyerOffer
        .getByRole('button', { name: `Accept the counter-offer on ${listing.name}` })
        .click();
      await confirmAndAcknowledge(buyer.page, 'Counter-offer accepted');
      await expect(buyerOffer.getByTestId('offer-status')).toHaveText('Accepted');
      await expect(buyerOffer.getByRole('link', { name: 'Pay $4,000' })).toBeVisible();
      await expectAxeClean(buyer.page, 'buyer conversation');
      await seller.page.context().close();
      await buyer.page.context().close();
    });
  });
}
