/// <reference lib="dom" />
/** docs/product.md §2 Layout and §1 footer: navigation bar (collapsing on small screens) and footer. */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_BUYER, signInViaApi } from './support/accounts.js';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('at 1280px the links are inline and there is no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(mainNav(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Blogs', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Blogs', exact: true }).click();
  await expect(page).toHaveURL('/blogs');
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('at 360px the links collapse into a dropdown behind the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const home = mainNav(page).getByRole('link', { name: 'Home', exact: true });
  const blogs = mainNav(page).getByRole('link', { name: 'Blogs', exact: true });
  const menuButton = page.getByRole('button', { name: 'Open menu' });

  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(home).toBeHidden();
  await expect(blogs).toBeHidden();
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(home).toBeVisible();
  await expect(blogs).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(blogs).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(blogs).toBeVisible();
  await blogs.click();
  await expect(page).toHaveURL('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  await expect(blogs).toBeHidden();

  // Nothing overflows the narrow screen sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the footer has the Services, Company and Social columns of the spec', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // We add a Legal column (Terms, Privacy) beside the spec's three.
  await expect(footer.getByRole('heading')).toHaveText(['Services', 'Company', 'Legal', 'Social']);
  await expect(
    footer.getByRole('navigation', { name: 'Services' }).getByRole('listitem'),
  ).toHaveText(['Selling', 'Repairing', 'Renting']);
  await expect(
    footer.getByRole('navigation', { name: 'Company' }).getByRole('listitem'),
  ).toHaveText(['About us', 'Contact', 'Career']);
  await expect(footer.getByRole('img')).toHaveCount(3);
});

test('at 360px a signed-in bar keeps one row, with Favourites in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInViaApi(page, DEMO_BUYER.email);
  await page.goto('/');
  const messages = page.getByTestId('messages-link');
  await expect(messages).toBeVisible();
  await expect(page.getByTestId('favourites-link')).toBeHidden();
  // The bar's row: the logo, Messages and the photo on one line (a wrapped bar pushed the page
  // down by a row once the user was known, a layout shift of 0.27).
  const logo = await mainNav(page).getByRole('link', { name: 'Second Gear' }).boundingBox();
  const icon = await messages.boundingBox();
  expect(Math.abs(icon!.y + icon!.height / 2 - (logo!.y + logo!.height / 2))).toBeLessThan(4);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await mainNav(page).getByRole('link', { name: 'Favourites', exact: true }).click();
  await expect(page).toHaveURL('/favourites');
});

test('a session check refused with 429 is tried again, not taken for a sign-out', async ({
  page,
}) => {
  await signInViaApi(page, DEMO_BUYER.email);
  let refused = 0;
  await page.route('**/api/auth/get-session', async (route) => {
    if (refused < 2) {
      refused += 1;
      await route.fulfill({ status: 429, json: { message: 'Too many requests' } });
    } else {
      await route.continue();
    }
  });
  await page.goto('/');
  await expect(page.getByTestId('navbar-profile-link')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  expect(refused).toBe(2);
});
