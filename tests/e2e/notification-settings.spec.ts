/// <reference lib="dom" />
/**
 * The notification settings (`NotificationSettings`, placed on the profile page
 * `/user/profile`), at 360 px and 1440 px: every kind is listed with its label, payment receipts
 * are checked and cannot be changed, unticking "New messages" saves at once with a toast, and the
 * choice is still there after a reload and in the API.
 */
import { expect, test, type Browser } from '@playwright/test';
import { newSignedInUser } from './support/users.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

const profilePath = '/user/profile';

const newUser = (browser: Browser, width: number) =>
  newSignedInUser(browser, 'buyer', width, 'notification-settings');

for (const width of [360, 1440]) {
  test(`notification settings save each change at once (${width} px)`, async ({ browser }) => {
    test.slow();
    const user = await newUser(browser, width);
    const { page } = user;
    await page.goto(profilePath);
    const settings = page.getByRole('region', { name: 'E-mail notifications' });
    await expect(settings.getByRole('checkbox')).toHaveCount(5);
    const receipts = settings.getByRole('checkbox', { name: 'Payment receipts' });
    await expect(receipts).toBeChecked();
    await expect(receipts).toBeDisabled();

    const messages = settings.getByRole('checkbox', { name: 'New messages' });
    await expect(messages).toBeChecked();
    await messages.scrollIntoViewIfNeeded();
    // A click, then a retrying check: the optimistic update lands a tick after the click (its
    // onMutate first cancels the settings query), which `uncheck()` would take for a no-op.
    await messages.click();
    await expect(messages).not.toBeChecked();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'E-mail notifications' })
        .getByRole('checkbox', { name: 'New messages' }),
    ).not.toBeChecked();
    const answer = await page.request.get(apiUrl(apiRoutes.getNotificationSettings), {
      headers: user.headers,
    });
    const { settings: kinds } = (await answer.json()) as {
      settings: { kind: string; enabled: boolean }[];
    };
    expect(kinds.find((kind) => kind.kind === 'message')?.enabled).toBe(false);
  });
}
