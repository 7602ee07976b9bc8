/**
 * The navigation bar's menus (decision 0038): from `lg` the dashboards and the user's own pages
 * are in the "Account menu" beside the user; below `lg` every link is in the "Open menu" dropdown.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens whichever of the two menus the page's width shows and returns the opened list. Waits for
 * the signed-in bar first (its Messages link shows once the roles are known).
 */
export async function openAccountMenu(page: Page): Promise<Locator> {
  await expect(page.getByTestId('messages-link')).toBeVisible();
  const account = page.getByRole('button', { name: 'Account menu' });
  const button = (await account.isVisible())
    ? account
    : page.getByRole('button', { name: 'Open menu' });
  // A click that lands while the sign-in's navigation settles can be undone by the route change
  // that closes menus: click again until the menu stays open.
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass();
  return page.locator(`#${await button.getAttribute('aria-controls')}`);
}
