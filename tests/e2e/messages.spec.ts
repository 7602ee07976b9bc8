/// <reference lib="dom" />
/**
 * Messages, at 360 px and 1440 px: a buyer writes to a seller about a listing; the
 * seller's navigation bar shows the unread badge, which clears once they open the conversation;
 * each side sees the other's reply appear without reloading (Server-Sent Events). Each test
 * makes its own seller, listing and buyer through the API, in two browser contexts.
 * On a phone (320 and 360 px) the list and the thread are two screens with a way back, nothing
 * is wider than the screen and a long listing title and the other party's name show in full; at
 * 1440 px both sit side by side.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expectAxeClean, settleAnimations } from './support/axe.js';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { postListingAs } from './support/listings.js';
import { newSignedInUser } from './support/users.js';
import { proofOfWork } from './support/proof-of-work.js';

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

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, 'page wider than the window').toBeLessThanOrEqual(0);
}

/** `locator` shows `text` whole: not cut by an ellipsis or its box, and inside the window. */
async function expectWhole(locator: Locator, text: string) {
  await expect(locator).toHaveText(text);
  const shown = await locator.evaluate((element) => ({
    cut:
      element.scrollWidth > element.clientWidth ||
      getComputedStyle(element).textOverflow === 'ellipsis',
    right: element.getBoundingClientRect().right,
    width: window.innerWidth,
  }));
  expect(shown.cut, `${text} is cut`).toBe(false);
  expect(shown.right).toBeLessThanOrEqual(shown.width);
}

const longTitle = 'Honda Accord Tourer 2.2 i-DTEC Executive Automatic with panoramic roof';

for (const width of [320, 360, 1440]) {
  test(`the conversation list and a thread fit the screen; a phone moves between them (${width} px)`, async ({
    browser,
  }) => {
    const seller = await newUser(browser, 'seller', width);
    const buyer = await newUser(browser, 'buyer', width);
    const listing = await postListingAs(seller, { name: longTitle, price: 9000 });
    const started = await buyer.page.request.post(apiUrl(apiRoutes.startConversation), {
      data: {
        product_id: listing.id,
        text: 'Hello, is the roof as pictured?',
        ...(await proofOfWork(buyer.page.request)),
      },
      headers: buyer.headers,
    });
    expect(started.status(), 'POST /api/conversations').toBe(201);
    const { conversation_id: id } = (await started.json()) as { conversation_id: string };

    const page = seller.page;
    await page.goto('/messages');
    const item = page.getByTestId('conversation').filter({ hasText: listing.name });
    await expect(item).toBeVisible({ timeout: 30_000 });
    await expectWhole(item.getByText(listing.name), listing.name);
    await expectWhole(item.getByText(buyer.name), buyer.name);
    // The unread badge is on screen.
    const badge = item.getByLabel('1 unread');
    await expect(badge).toBeInViewport({ ratio: 1 });
    await expectNoOverflow(page);

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/messages/${id}$`));
    await expectWhole(page.getByTestId('thread-title'), listing.name);
    await expectWhole(page.getByTestId('thread-party'), `with ${buyer.name}`);
    await expect(
      page.getByTestId('message').filter({ hasText: 'Hello, is the roof as pictured?' }),
    ).toBeVisible();
    await expectNoOverflow(page);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const back = page.getByRole('link', { name: 'Back to conversations' });

    if (width >= 1024) {
      // Side by side: the list stays on the left of the thread, and there is nothing to go back to.
      await expect(list).toBeVisible();
      await expect(back).toBeHidden();
      const listBox = (await list.boundingBox())!;
      const threadBox = (await page.getByTestId('thread-title').boundingBox())!;
      expect(threadBox.x).toBeGreaterThan(listBox.x + listBox.width);
      await expectAxeClean(page, `/messages/{id} at ${width} px`);
    } else {
      // Two screens: the thread alone, its heading focused, and a way back to the list.
      await expect(list).toBeHidden();
      await expect(page.getByTestId('thread-title')).toBeFocused();
      await expectAxeClean(page, `/messages/{id} at ${width} px`);
      await back.click();
      await expect(page).toHaveURL(/\/messages$/);
      await expect(item).toBeVisible();
      await expect(item.getByLabel('1 unread')).toHaveCount(0);
      // Back from the list does not return to the thread: the link went back in history.
      await page.goForward();
      await expect(page).toHaveURL(new RegExp(`/messages/${id}$`));
      await expect(page.getByTestId('thread-title')).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/messages$/);
      await expect(list).toBeVisible();
      // A thread opened by its address (a shared or reloaded link) goes back to the list too.
      await page.goto(`/messages/${id}`);
      await expect(list).toBeHidden();
      await back.click();
      await expect(page).toHaveURL(/\/messages$/);
      await expect(item).toBeVisible();
      await expectNoOverflow(page);
    }
    await seller.page.context().close();
    await buyer.page.context().close();
  });
}
