/// <reference lib="dom" />
/**
 * Notification e-mail, at 360 px and 1440 px: a buyer books a seller's listing; the
 * seller's booking mail (read from the server's outbox) carries an unsubscribe link; opening it
 * and confirming turns booking mail off, which the seller's notification settings then show.
 */
import { expect, test, type Browser } from '@playwright/test';
import { readMailLink } from './support/accounts.js';
import { postListingAs } from './support/listings.js';
import { newSignedInUser } from './support/users.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'notifications');

for (const width of [360, 1440]) {
  test(`a booking mail's unsubscribe link turns booking mail off (${width} px)`, async ({
    browser,
  }) => {
    // Two sign-ups (argon2id) and a listing before the page: slow on a shared 2-core machine.
    test.slow();
    const seller = await newUser(browser, 'seller', width);
    const buyer = await newUser(browser, 'buyer', width);
    const { id: productId } = await postListingAs(seller, {
      name: 'Notified hatchback',
      price: 7500,
    });
    const booked = await buyer.page.request.post(apiUrl(apiRoutes.createOrder), {
      headers: buyer.headers,
      data: {
        customer_info: { customer_phone: '01899999999', meeting_location: 'Zindabazar' },
        product_info: { product_id: productId },
      },
    });
    expect(booked.status(), 'POST /api/orders').toBe(201);

    const link = await readMailLink(seller.email, /https?:\/\/\S+\/unsubscribe\?token=\S+/);
    const { page } = seller;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    await expect(button).toBeInViewport();
    await button.click();
    await expect(page.getByRole('status')).toHaveText(
      'Done. You will no longer receive e-mails about new bookings of your listings.',
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    const settings = await page.request.get(apiUrl(apiRoutes.getNotificationSettings), {
      headers: seller.headers,
    });
    expect(settings.status(), 'GET /api/notification-settings').toBe(200);
    const { settings: kinds } = (await settings.json()) as {
      settings: { kind: string; enabled: boolean }[];
    };
    expect(kinds.find((kind) => kind.kind === 'booking')?.enabled).toBe(false);
    expect(kinds.find((kind) => kind.kind === 'message')?.enabled).toBe(true);
  });
}
