/// <reference lib="dom" />
/**
 * Mail that says what it is (decision 0049), at 360 and 1440 px: the profile's time zone is
 * filled from the browser at sign-in (this context runs in America/Chicago), changed with the
 * field and kept after a reload; the notification settings name offers, viewings and declined or
 * cancelled bookings as rows of their own, offers and viewings with both switches; the footer
 * leads to the accessibility statement, which the server sends as HTML. Nothing wider than the
 * screen, axe clean.
 */
import { expect, test } from '@playwright/test';
import { createAccount, signInViaApi, testPassword, uniqueEmail } from './support/accounts.js';
import { expectAxeClean } from './support/axe.js';
import { unique } from './support/users.js';

const fitsScreen = () => document.documentElement.scrollWidth <= window.innerWidth;

for (const width of [360, 1440]) {
  test(`time zone, mail labels and the accessibility statement (${width} px)`, async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      timezoneId: 'America/Chicago',
    });
    const page = await context.newPage();
    const email = uniqueEmail('mail-settings');
    await createAccount(page, { email, name: `Buyer ${unique()}`, role: 'buyer' });
    await signInViaApi(page, email, testPassword);

    await page.goto('/user/profile');
    const zone = page.getByRole('combobox', { name: 'Time zone', exact: true });
    await expect(zone).toHaveValue('America/Chicago');
    await expect(page.getByText('Your e-mails use America/Chicago.')).toBeVisible();
    await zone.selectOption('Europe/Berlin');
    await expect(page.getByText('Time zone saved')).toBeVisible();
    await expect(page.getByText('Your e-mails use Europe/Berlin.')).toBeVisible();

    await page.reload();
    await expect(zone).toHaveValue('Europe/Berlin');
    const settings = page.getByRole('region', { name: 'E-mail and push notifications' });
    for (const label of ['Offers', 'Viewings']) {
      for (const channel of ['e-mail', 'push']) {
        await expect(
          settings.getByRole('checkbox', { name: `${label} by ${channel}`, exact: true }),
        ).toHaveCount(1);
      }
    }
    await expect(
      settings.getByRole('checkbox', {
        name: 'Declined or cancelled bookings by e-mail',
        exact: true,
      }),
    ).toBeChecked();
    expect(await page.evaluate(fitsScreen)).toBe(true);
    await expectAxeClean(page, `profile time zone at ${width} px`);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Accessibility statement' }),
    ).toBeVisible();
    for (const heading of ['What conforms', 'Known barriers', 'Report a barrier']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    expect(await page.evaluate(fitsScreen)).toBe(true);
    await expectAxeClean(page, `accessibility statement at ${width} px`);

    // Server-rendered: the statement is in the HTML, before any script runs.
    const html = await (await page.request.get('/accessibility')).text();
    expect(html).toContain('Accessibility statement');
    expect(html).toContain('WCAG');
    await context.close();
  });
}
