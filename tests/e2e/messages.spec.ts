/// <reference lib="dom" />
/**
 * Issue 14, messages, at 360 px and 1440 px: a buyer writes to a seller about a listing; the
 * seller's navigation bar shows the unread badge, which clears once they open the conversation;
 * each side sees the other's reply appear without reloading (Server-Sent Events). Each test
 * makes its own seller, listing and buyer through the API, in two browser contexts.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { smallPng } from './support/accounts.js';
import { getCategories } from './support/api.js';
import { newSignedInUser, unique } from './support/users.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

const newUser = (browser: Browser, role: 'buyer' | 'seller', width: number) =>
  newSignedInUser(browser, role, width, 'messages');

for (const width of [360, 1440]) {
  test(`buyer and seller exchange messages live; the unread badge clears (${width} px)`, async ({
    browser,
  }) => {
    const seller = await newUser(browser, 'seller', width);
    const buyer = await newUser(browser, 'buyer', width);
    const [category] = await getCategories(seller.page.request);
    const upload = await seller.page.request.post(apiUrl(apiRoutes.uploadImage), {
      multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: smallPng() } },
      headers: seller.headers,
    });
    const productName = `Messages coupe ${unique()}`;
    const created = await seller.page.request.post(apiUrl(apiRoutes.createProduct), {
      data: {
        product_name: productName,
        product_description: 'A tidy test coupe.',
        product_image: ((await upload.json()) as { data: { url: string } }).data.url,
        category_id: category!._id,
        condition: 'Good',
        resell_price: 7000,
        original_price: 9000,
        year_of_used: 2,
        seller_location: 'Chattogram',
        seller_phone: '01712345678',
      },
      headers: seller.headers,
    });
    expect(created.status()).toBe(201);
    const productId = ((await created.json()) as { insertedId: string }).insertedId;

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

    const results = await new AxeBuilder({ page: seller.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    await seller.page.context().close();
    await buyer.page.context().close();
  });
}
