/// <reference lib="dom" />
/**
 * Admin dashboard → Audit log, at 360 px and 1440 px: the demo admin verifies a new seller in All
 * Seller, opens Audit log from the dashboard's links and finds the entry — who, what, the seller
 * linked to their public page, when (a `<time>`) — and the action filter keeps only
 * verifications; nothing overflows and axe finds nothing. A buyer and a visitor land on "You Are
 * Not An Admin", as on every admin page (docs/product.md §6). Each test makes its own seller.
 */
import { expect, test, type Page } from '@playwright/test';
import { moderationMessages } from '../../src/contract/moderation.js';
import { DEMO_ADMIN, DEMO_BUYER, signInViaApi } from './support/accounts.js';
import { expectAxeClean } from './support/axe.js';
import { newSignedInUser } from './support/users.js';

const dialog = (page: Page) => page.getByRole('dialog');

/** The page has no horizontal scroll (nothing overflows). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [360, 1440]) {
  test.describe(`Audit log at ${width} px`, () => {
    test('shows the seller verification the admin just made, and filters by action', async ({
      browser,
    }) => {
      const seller = await newSignedInUser(browser, 'seller', width, 'audit-log');
      await seller.page.context().close();
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await signInViaApi(page, DEMO_ADMIN.email);

      // All Seller: verify the new seller (docs/product.md §5 confirmation, §8 message).
      await page.goto('/user/admin');
      const row = page.getByTestId('user-row').filter({ hasText: seller.email });
      await row.getByRole('button', { name: 'Verify' }).click();
      await dialog(page).getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(dialog(page)).toContainText(moderationMessages.verified);
      await dialog(page).getByRole('button', { name: 'OK', exact: true }).click();
      await expect(dialog(page)).toBeHidden();

      // The dashboard's links: a drop-down below 1024 px, a sidebar above.
      if (width < 1024) await page.getByRole('button', { name: 'Dashboard menu' }).click();
      await page
        .getByRole('navigation', { name: 'Admin dashboard' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await expect(page).toHaveURL('/user/admin/audit-log');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

      const entry = page.getByTestId('audit-entry').filter({ hasText: seller.name });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText('Verified a seller');
      await expect(entry).toContainText(DEMO_ADMIN.displayName);
      await expect(entry.getByRole('link', { name: seller.name })).toHaveAttribute(
        'href',
        `/seller/${seller.uid}`,
      );
      await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
      await expectNoOverflow(page);
      await expectAxeClean(page, `audit log at ${width} px`);

      // Only verifications.
      await page.getByLabel('Action').selectOption({ label: 'Verified a seller' });
      await expect(page).toHaveURL('/user/admin/audit-log?action=seller.verify');
      await expect(entry).toHaveCount(1);
      const whats = await page.getByTestId('audit-entry').locator('th').allInnerTexts();
      expect(whats.length).toBeGreaterThan(0);
      expect(new Set(whats.map((what) => what.trim()))).toEqual(new Set(['Verified a seller']));
      await expectNoOverflow(page);
      await context.close();
    });
  });
}

test.describe('Audit log: only admins (docs/product.md §6)', () => {
  test('a buyer and a visitor land on "You Are Not An Admin"', async ({ page }) => {
    await page.goto('/user/admin/audit-log');
    await expect(page).toHaveURL('/admin-not-found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(moderationMessages.notAdmin);

    await signInViaApi(page, DEMO_BUYER.email);
    await page.goto('/user/admin/audit-log');
    await expect(page).toHaveURL('/admin-not-found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(moderationMessages.notAdmin);
  });
});
