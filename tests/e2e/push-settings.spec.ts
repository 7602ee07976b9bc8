/// <reference lib="dom" />
/**
 * The push notification settings on the profile (`PushSettings`, decision 0045) at 360 px and
 * 1440 px: under the e-mail settings, a `Turn on for this device` button and one switch per kind;
 * unticking "New messages (push)" saves at once with a toast and stays after a reload, and the
 * e-mail switch of the same name is untouched. Nothing wider than the screen.
 */
import { expect, test } from '@playwright/test';
import { newSignedInUser } from './support/users.js';

for (const width of [360, 1440]) {
  test(`push settings save each change at once (${width} px)`, async ({ browser }) => {
    test.slow();
    const { page } = await newSignedInUser(browser, 'buyer', width, 'push-settings');
    await page.goto('/user/profile');
    const push = page.getByRole('region', { name: 'Push notifications' });
    await expect(push.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
    await expect(push.getByRole('checkbox')).toHaveCount(5);
    const messages = push.getByRole('checkbox', { name: 'New messages (push)' });
    await expect(messages).toBeChecked();
    await messages.scrollIntoViewIfNeeded();
    await messages.click();
    await expect(messages).not.toBeChecked();
    await expect(page.getByText('Push settings saved')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Push notifications' })
        .getByRole('checkbox', { name: 'New messages (push)' }),
    ).not.toBeChecked();
    await expect(
      page
        .getByRole('region', { name: 'E-mail notifications' })
        .getByRole('checkbox', { name: 'New messages', exact: true }),
    ).toBeChecked();
  });
}
