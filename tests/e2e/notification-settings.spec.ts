/// <reference lib="dom" />
/**
 * The notification settings (`NotificationSettings`, on the profile page `/user/profile`) at
 * 360 px and 1440 px: one table, a row per kind with what it covers and an E-mail and a Push
 * switch side by side; "—" where a kind has no switch in a channel; receipts, payments and
 * safety checked and fixed; the Push switches disabled, saying why, while this browser is not subscribed (it never
 * is here: tests/e2e/push-settings.spec.ts subscribes one). Unticking "New messages by e-mail"
 * saves at once with a toast and is still off after a reload and in the API. Nothing wider than
 * the screen, every switch at least 24 px square (WCAG 2.2 target size), axe clean.
 */
import { expect, test, type Browser } from '@playwright/test';
import { expectAxeClean } from './support/axe.js';
import { newSignedInUser } from './support/users.js';
import * as apiRoutes from '../../src/contract/route-table.js';
import { apiUrl } from '../../src/contract/routes.js';

const profilePath = '/user/profile';

/** The shape of both settings answers (e-mail and push). */
type KindsAnswer = { settings: { kind: string; enabled: boolean }[] };

const newUser = (browser: Browser, width: number) =>
  newSignedInUser(browser, 'buyer', width, 'notification-settings');

/** The rows in their order, with the switches each has. */
const rows = [
  { label: 'New messages', mail: true, push: true },
  { label: 'New bookings', mail: true, push: false },
  { label: 'Offers', mail: true, push: true },
  { label: 'Viewings', mail: true, push: true },
  { label: 'Declined or cancelled bookings', mail: true, push: false },
  { label: 'Saved-search matches', mail: false, push: true },
  { label: 'Price drops', mail: true, push: true },
  { label: 'Receipts, payments and safety', mail: true, push: false },
];

for (const width of [360, 1440]) {
  test(`notification settings: e-mail and push side by side, saved at once (${width} px)`, async ({
    browser,
  }) => {
    test.slow();
    const user = await newUser(browser, width);
    const { page } = user;
    await page.goto(profilePath);
    const settings = page.getByRole('region', { name: 'E-mail and push notifications' });
    const table = settings.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Notification', 'E-mail', 'Push']);
    const rowHeaders = table.getByRole('rowheader');
    await expect(rowHeaders).toHaveCount(rows.length);
    for (const [index, row] of rows.entries()) {
      await expect(rowHeaders.nth(index)).toContainText(row.label);
      const tableRow = table.getByRole('row').nth(index + 1);
      await expect(
        tableRow.getByRole('checkbox', { name: `${row.label} by e-mail`, exact: true }),
      ).toHaveCount(row.mail ? 1 : 0);
      await expect(
        tableRow.getByRole('checkbox', { name: `${row.label} by push`, exact: true }),
      ).toHaveCount(row.push ? 1 : 0);
      if (!row.mail) await expect(tableRow).toContainText('No e-mail switch for this kind');
      if (!row.push) await expect(tableRow).toContainText('Not sent as a push notification');
    }
    // What each switch of a shared row covers.
    await expect(rowHeaders.first()).toContainText(
      'E-mail: when a message is still unread a few minutes after it arrived.',
    );
    await expect(rowHeaders.first()).toContainText('Push: as soon as a message arrives.');
    await expect(rowHeaders.nth(5).getByRole('link', { name: 'Saved searches' })).toBeVisible();

    const receipts = settings.getByRole('checkbox', {
      name: 'Receipts, payments and safety by e-mail',
    });
    await expect(receipts).toBeChecked();
    await expect(receipts).toBeDisabled();

    // Push needs this browser subscribed first: the switches say why they are disabled.
    await expect(settings.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
    const pushMessages = settings.getByRole('checkbox', { name: 'New messages by push' });
    await expect(pushMessages).toBeDisabled();
    await expect(pushMessages).toHaveAccessibleDescription(
      /Turn push on for this device to use the Push switches\./,
    );

    // Side by side, in their columns, each at least 24 px square; nothing overflows.
    const mailMessages = settings.getByRole('checkbox', { name: 'New messages by e-mail' });
    const [mailBox, pushBox] = await Promise.all([
      mailMessages.boundingBox(),
      pushMessages.boundingBox(),
    ]);
    expect(mailBox && pushBox).toBeTruthy();
    expect(Math.abs(mailBox!.y - pushBox!.y)).toBeLessThan(2);
    expect(mailBox!.x + mailBox!.width).toBeLessThan(pushBox!.x);
    for (const box of await settings.getByRole('checkbox').all()) {
      const size = await box.boundingBox();
      expect(size!.width).toBeGreaterThanOrEqual(24);
      expect(size!.height).toBeGreaterThanOrEqual(24);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAxeClean(page, `profile notification settings at ${width} px`);

    await mailMessages.scrollIntoViewIfNeeded();
    // A click, then a retrying check: the optimistic update lands a tick after the click (its
    // onMutate first cancels the settings query), which `uncheck()` would take for a no-op.
    await mailMessages.click();
    await expect(mailMessages).not.toBeChecked();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'E-mail and push notifications' })
        .getByRole('checkbox', { name: 'New messages by e-mail' }),
    ).not.toBeChecked();
    const answer = await page.request.get(apiUrl(apiRoutes.getNotificationSettings), {
      headers: user.headers,
    });
    const { settings: kinds } = (await answer.json()) as KindsAnswer;
    expect(kinds.find((kind) => kind.kind === 'message')?.enabled).toBe(false);
    const pushAnswer = await page.request.get(apiUrl(apiRoutes.getPushSettings), {
      headers: user.headers,
    });
    const { settings: pushKinds } = (await pushAnswer.json()) as KindsAnswer;
    expect(pushKinds.find((kind) => kind.kind === 'message')?.enabled).toBe(true);
  });
}
