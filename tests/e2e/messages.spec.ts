/// <reference lib="dom" />
/**
 * Messages, at 360 px and 1440 px: a buyer writes to a seller about a listing; the
 * seller's navigation bar shows the unread badge, which clears once they open the conversation;
 * each side sees the other's reply appear without reloading (Server-Sent Events). Each test
 * makes its own seller, listing and buyer through the API, in two browser contexts.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { settleAnimations } from './support/axe.js';
import { expect, test, type Browser } from '@playwright/test';
import { postListingAs } from './support/listings.js';
import { newSignedInUser } from './support/users.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'messages');

for (const width of [360, 1440]) {
  test(`buyer and seller exchange messages live; the unread badge clears (${width} px)`, async ({
    browser,
  }) => {
    const seller = await newUser(browser, 'seller', width);
    const buyer = await newUser(browser, 'buyer', width);
    const { id: productId, name: productName } = await postListingAs(seller, {
      name: 'Messages coupe',
      price: 7000,
    });

    // The seller is on the site before anyone writes.
    await seller.page.goto('/');
    const badge = seller.page.getByTestId('unread-badge');
    await expect(seller.page.getByTestId('messages-link')).toBeVisible({ timeout: 30_000 });
    await expect(badge).toHaveCount(0);

    // The buyer writes from the listing page.
    await buyer.page.goto(`/listing/${productId}`);
    await expect(buyer.page.getByRole('heading', { level: 1, name: productName })).toBeVisible({
      timeout: 30_000,
    });
    await buyer.page.getByRole('button', { name: 'Message seller' }).click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Message seller' });
    await dialog.getByLabel('Message', { exact: true }).fill('Hello, is it still for sale?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(buyer.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/, { timeout: 30_000 });

    // Live: the seller's badge appears without a reload.
    // Generous timeouts: "live" here means without a reload, on a loaded 2-core CI machine.
    await expect(badge).toHaveText('1', { timeout: 30_000 });
    await seller.page.getByTestId('messages-link').click();
    await expect(seller.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await seller.page.getByTestId('conversation').filter({ hasText: productName }).click();
    await expect(
      seller.page.getByTestId('message').filter({ hasText: 'Hello, is it still for sale?' }),
    ).toBeVisible();
    await expect(badge).toHaveCount(0, { timeout: 30_000 });

    await expect(buyer.page.getByRole('heading', { level: 2, name: productName })).toBeVisible();

    await seller.page.getByLabel('Message', { exact: true }).fill('Yes! Come on Saturday.');
    await seller.page.getByRole('button', { name: 'Send' }).click();
    await expect(
      buyer.page.getByTestId('message').filter({ hasText: 'Yes! Come on Saturday.' }),
    ).toBeVisible({ timeout: 30_000 });

    await buyer.page.getByLabel('Message', { exact: true }).fill('<b>Great</b>, see you then.');
    await buyer.page.getByRole('button', { name: 'Send' }).click();
    await expect(
      seller.page.getByTestId('message').filter({ hasText: '<b>Great</b>, see you then.' }),
    ).toBeVisible();

    await settleAnimations(seller.page);
    const results = await new AxeBuilder({ page: seller.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    await seller.page.context().close();
    await buyer.page.context().close();
  });
}
