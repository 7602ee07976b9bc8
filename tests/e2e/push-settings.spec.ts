/// <reference lib="dom" />
/**
 * The Push switches of the notification settings on the profile (decision 0045) at 360 px and
 * 1440 px: disabled, saying why, until "Turn on for this device" subscribes this browser; then
 * unticking "New messages by push" saves at once with a toast and stays after a reload, while the
 * E-mail switch of the same row is untouched. Where the browser has no Push API, the switches
 * stay disabled and the page says so. Nothing wider than the screen; axe clean.
 *
 * The browser's push service cannot be reached from the test machine (Chromium's is on the
 * internet), so `PushManager.subscribe`/`getSubscription` are a local stand-in that answers a
 * subscription to an endpoint on the test server's own origin (allowed by
 * OUTBOUND_ALLOWED_ORIGINS). Everything else is real: the notification permission (granted to the
 * context), the service worker registered and ready (`localStorage['second-gear:sw']`,
 * src/web/lib/pwa.ts), GET /api/push/config and POST /api/push/subscriptions, whose stored row
 * the test removes through the API at the end.
 */
import { expect, test } from '@playwright/test';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { expectAxeClean } from './support/axe.js';
import { e2eBaseURL } from './support/server-env.js';
import { newSignedInUser } from './support/users.js';

/** Installed before every page: the worker allowed under automation, the push service stand-in. */
function pushServiceStandIn() {
  localStorage.setItem('second-gear:sw', 'on');
  const stored = 'second-gear:test-push-subscription';
  type Saved = { endpoint: string; keys: { p256dh: string; auth: string } };
  const subscription = (saved: Saved) => ({
    endpoint: saved.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => ({ endpoint: saved.endpoint, expirationTime: null, keys: saved.keys }),
    unsubscribe: () => {
      localStorage.removeItem(stored);
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.getSubscription = function () {
    const saved = localStorage.getItem(stored);
    return Promise.resolve(
      saved ? (subscription(JSON.parse(saved) as Saved) as unknown as PushSubscription) : null,
    );
  };
  PushManager.prototype.subscribe = function () {
    const saved: Saved = {
      endpoint: `${location.origin}/push-stand-in/${crypto.randomUUID()}`,
      // Well-formed keys (a 65-byte P-256 point, a 16-byte secret); no push is sent here.
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    };
    localStorage.setItem(stored, JSON.stringify(saved));
    return Promise.resolve(subscription(saved) as unknown as PushSubscription);
  };
}

for (const width of [360, 1440]) {
  test(`push switches work once this device is on (${width} px)`, async ({ browser }) => {
    test.slow();
    const user = await newSignedInUser(browser, 'buyer', width, 'push-settings');
    const { page } = user;
    await page.context().grantPermissions(['notifications'], { origin: e2eBaseURL });
    await page.context().addInitScript(pushServiceStandIn);
    await page.goto('/user/profile');
    const settings = page.getByRole('region', { name: 'E-mail and push notifications' });
    const messages = settings.getByRole('checkbox', { name: 'New messages by push' });
    await expect(settings.getByRole('checkbox', { name: /by push$/ })).toHaveCount(5);
    await expect(messages).toBeChecked();
    await expect(messages).toBeDisabled();
    await expect(settings).toContainText('Turn push on for this device to use the Push switches.');

    await settings.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(settings.getByText('Push notifications are on for this device.')).toBeVisible();
    await expect(settings.getByRole('button', { name: 'Turn on for this device' })).toHaveCount(0);
    await expect(messages).toBeEnabled();
    await expect(messages).toHaveAccessibleDescription(
      /Push notifications are on for this device\./,
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAxeClean(page, `profile with push on at ${width} px`);

    await messages.scrollIntoViewIfNeeded();
    await messages.click();
    await expect(messages).not.toBeChecked();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    await page.reload();
    const after = page.getByRole('region', { name: 'E-mail and push notifications' });
    await expect(after.getByRole('checkbox', { name: 'New messages by push' })).toBeEnabled();
    await expect(after.getByRole('checkbox', { name: 'New messages by push' })).not.toBeChecked();
    await expect(after.getByRole('checkbox', { name: 'New messages by e-mail' })).toBeChecked();
    await expect(after.getByRole('checkbox', { name: 'Offers by push' })).toBeChecked();

    // The subscription reached the server: removing it finds it.
    const endpoint = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('second-gear:test-push-subscription')!) as {
            endpoint: string;
          }
        ).endpoint,
    );
    const removed = await page.request.delete(apiUrl(apiRoutes.deletePushSubscription), {
      headers: user.headers,
      data: { endpoint },
    });
    expect(await removed.json()).toEqual({ removed: true });
  });
}

test('without the Push API the push switches stay off and say why (360 px)', async ({
  browser,
}) => {
  test.slow();
  const { page } = await newSignedInUser(browser, 'buyer', 360, 'push-unsupported');
  await page.context().addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await page.goto('/user/profile');
  const settings = page.getByRole('region', { name: 'E-mail and push notifications' });
  await expect(settings.getByText('This browser cannot show push notifications.')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Turn on for this device' })).toHaveCount(0);
  const push = settings.getByRole('checkbox', { name: /by push$/ });
  await expect(push).toHaveCount(5);
  for (const box of await push.all()) await expect(box).toBeDisabled();
  await expect(settings.getByRole('checkbox', { name: 'New messages by e-mail' })).toBeEnabled();
});
