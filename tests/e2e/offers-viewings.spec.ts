/// <reference lib="dom" />
/**
 * Arranging the viewing and agreeing the price inside Second Gear (decision 0034), at 360 px and
 * 1440 px, a buyer and a seller in two browsers: the buyer books with a viewing time, the seller
 * proposes another, the buyer confirms and both see it confirmed; the buyer offers less than the
 * asking price, the seller counters, the buyer accepts and pays the agreed price on a button that
 * says it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.js';
import { postListingAs } from './support/listings.js';
import { newSignedInUser } from './support/users.js';
import { openMoreActions } from './support/controls.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'deal');

/** Tomorrow and the day after as `YYYY-MM-DD` in the browser's time zone. */
function days(): [string, string] {
  const day = (offset: number) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    const month = String(date.getMonth() + 1).padStart(2, '0');
    return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
  };
  return [day(1), day(2)];
}

/** Accepts a SweetAlert2 confirmation and closes the success dialog that follows. */
async function confirmAndAcknowledge(page: Page, success: string) {
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText(success, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
}

for (const width of [360, 1440]) {
  test.describe(`Viewing times and offers at ${width} px`, () => {
    test('the buyer books with a viewing time, the seller proposes another, the buyer confirms', async ({
      browser,
    }) => {
      const [first, second] = days();
      const seller = await newUser(browser, 'seller', width);
      const buyer = await newUser(browser, 'buyer', width);
      const listing = await postListingAs(seller, { name: 'Viewing wagon', price: 4200 });

      await buyer.page.goto(`/listing/${listing.id}`);
      await buyer.page.getByRole('button', { name: /Book Now/ }).click();
      const modal = buyer.page.getByRole('dialog', { name: listing.name });
      await modal.getByLabel('Phone number').fill('01811111111');
      await modal.getByLabel('Meeting location').fill('Central station');
      await modal.getByLabel('Day').fill(first);
      await modal.getByLabel('Time').selectOption('17:30');
      await modal.getByRole('button', { name: 'Submit' }).click();
      await expect(modal).toBeHidden();

      await seller.page.goto('/user/seller/bookings');
      const booking = seller.page.getByTestId('booking').filter({ hasText: listing.name });
      await expect(booking.getByText('Proposed by the buyer')).toBeVisible();
      await expect(booking.getByTestId('viewing').locator('time')).toContainText('5:30');
      await openMoreActions(booking);
      await booking
        .getByRole('button', { name: `Propose another time for ${listing.name}` })
        .click();
      await booking.getByLabel('Day').fill(second);
      await booking.getByLabel('Time').selectOption('10:00');
      await booking.getByRole('button', { name: 'Send' }).click();
      await expect(seller.page.getByText('Viewing time proposed', { exact: true })).toBeVisible();
      await seller.page.getByRole('button', { name: 'OK' }).click();
      await expect(booking.getByText('Waiting for the buyer')).toBeVisible();
      await expectAxeClean(seller.page, 'seller page');

      await buyer.page.goto('/user/buyer');
      const row = buyer.page.getByTestId('order-row').filter({ hasText: listing.name });
      await expect(row.getByText('Proposed by the seller')).toBeVisible();
      await expect(row.getByTestId('viewing').locator('time')).toContainText('10:00');
      await row.getByRole('button', { name: `Confirm the viewing of ${listing.name}` }).click();
      await expect(buyer.page.getByText('Viewing confirmed', { exact: true })).toBeVisible();
      await buyer.page.getByRole('button', { name: 'OK' }).click();
      await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
      await expectAxeClean(buyer.page, 'buyer page');

      await seller.page.reload();
      await expect(
        seller.page
          .getByTestId('booking')
          .filter({ hasText: listing.name })
          .getByText('Confirmed', { exact: true }),
      ).toBeVisible();
      // Nothing is wider than the screen.
      for (const page of [buyer.page, seller.page]) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await seller.page.context().close();
      await buyer.page.context().close();
    });

    test('the buyer offers, the seller counters, the buyer accepts and pays the agreed price', async ({
      browser,
    }) => {
      const seller = await newUser(browser, 'seller', width);
      const buyer = await newUser(browser, 'buyer', width);
      const listing = await postListingAs(seller, { name: 'Offer hatchback', price: 4200 });

      await buyer.page.goto(`/listing/${listing.id}`);
      await buyer.page.getByRole('button', { name: 'Make an offer' }).click();
      const dialog = buyer.page.getByRole('dialog', { name: /^Make an offer/ });
      await dialog.getByLabel('Your offer (US dollars)').fill('3800');
      await dialog.getByLabel(/^Phone number/).fill('01822222222');
      await dialog.getByLabel(/^Meeting location/).fill('Market square');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await expect(
        dialog.getByText('Your offer of $3,800 was sent.', { exact: false }),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'OK' }).click();

      await seller.page.goto('/user/seller/offers');
      await expect(seller.page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
      const card = seller.page.getByTestId('offer').filter({ hasText: listing.name });
      await expect(card.getByText('$3,800')).toBeVisible();
      await openMoreActions(card);
      await card.getByRole('button', { name: `Counter the offer on ${listing.name}` }).click();
      await card.getByLabel('Your counter-offer (US dollars)').fill('4000');
      await card.getByRole('button', { name: 'Send counter-offer' }).click();
      await expect(seller.page.getByText('Counter-offer sent', { exact: true })).toBeVisible();
      await seller.page.getByRole('button', { name: 'OK' }).click();
      await expect(card.getByText('Countered', { exact: true })).toBeVisible();
      await expectAxeClean(seller.page, 'seller page');

      await buyer.page.goto('/user/buyer/offers');
      const mine = buyer.page.getByTestId('offer').filter({ hasText: listing.name });
      await expect(mine.getByText('$4,000')).toBeVisible();
      await mine
        .getByRole('button', { name: `Accept the counter-offer on ${listing.name}` })
        .click();
      await confirmAndAcknowledge(buyer.page, 'Counter-offer accepted');
      await expect(mine.getByText('Accepted', { exact: true })).toBeVisible();
      await expectAxeClean(buyer.page, 'buyer page');

      await mine.getByRole('link', { name: 'Pay $4,000' }).click();
      await expect(
        buyer.page.getByRole('heading', { name: `Payment for ${listing.name}` }),
      ).toBeVisible();
      await expect(buyer.page.getByTestId('sandbox-note')).toContainText('no real card is charged');
      const pay = buyer.page.getByRole('button', { name: 'Pay $4,000.00' });
      await buyer.page.getByPlaceholder('Card number').fill('4242424242424242');
      await buyer.page.getByPlaceholder('MM / YY').fill('1234');
      await buyer.page.getByPlaceholder('CVC').fill('123');
      await buyer.page.getByPlaceholder('ZIP').fill('12345');
      await expect(pay).toBeEnabled();
      await pay.click();
      await expect(buyer.page.getByText(/Your transaction id: pi_\w+/)).toBeVisible();

      await buyer.page.goto('/user/buyer');
      const row = buyer.page.getByTestId('order-row').filter({ hasText: listing.name });
      await expect(row).toContainText('$4,000');
      await expect(row).toContainText('PAID');
      await seller.page.context().close();
      await buyer.page.context().close();
    });
  });
}
