/// <reference lib="dom" />
/**
 * One confirmation pattern (docs/product.md §5 Confirmations, decision 0040), at 360 and 1440 px: every
 * confirmation shows "Don't Confirm" before "Confirm" (in the DOM and on screen), focuses
 * "Don't Confirm", paints Confirm in the error colour for destructive actions and in the primary
 * colour otherwise (never Don't Confirm), says in a sentence what will happen, passes axe while
 * open, and says "Changes are not saved" on Don't Confirm.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { DEMO_ADMIN, DEMO_BUYER, signInViaApi, testPassword } from './support/accounts.js';
import { expectAxeClean } from './support/axe.js';
import { createOwnListings } from './support/listings.js';
import { newSignedInUser } from './support/users.js';
import { openMoreActions } from './support/controls.js';

/** The computed background colours of daisyUI's error and primary buttons in this page. */
async function themeButtonColours(page: Page) {
  return page.evaluate(() => {
    const probe = (className: string) => {
      const button = document.createElement('button');
      button.className = className;
      document.body.append(button);
      const colour = getComputedStyle(button).backgroundColor;
      button.remove();
      return colour;
    };
    return { error: probe('btn btn-error'), primary: probe('btn btn-primary') };
  });
}

const background = (button: Locator) =>
  button.evaluate((element) => getComputedStyle(element).backgroundColor);

/**
 * Checks the open confirmation `dialog` against the pattern, then answers Don't Confirm and
 * waits for "Changes are not saved" (closing its dialog when it is one).
 */
async function expectConfirmation(
  page: Page,
  dialog: Locator,
  { sentence, destructive, label }: { sentence: string; destructive: boolean; label: string },
) {
  await expect(dialog, label).toBeVisible();
  await expect(dialog, `${label}: says what happens`).toContainText(sentence);
  const buttons = dialog.getByRole('button', { name: /^(Confirm|Don't Confirm)$/ });
  await expect(buttons, `${label}: button order`).toHaveText(["Don't Confirm", 'Confirm']);
  const deny = dialog.getByRole('button', { name: "Don't Confirm", exact: true });
  const confirm = dialog.getByRole('button', { name: 'Confirm', exact: true });
  await expect(deny, `${label}: the safe choice has the focus`).toBeFocused();

  // On screen too: Don't Confirm left of Confirm on one line, or above it when they wrap. Both
  // boxes are read in one frame: a dialog still running its opening transition moves between
  // two separate reads.
  await expect
    .poll(
      () =>
        dialog.evaluate((element) => {
          const [first, second] = [...element.querySelectorAll('button')]
            .filter((button) => /^(Confirm|Don't Confirm)$/.test(button.textContent?.trim() ?? ''))
            .map((button) => button.getBoundingClientRect());
          if (!first || !second) return 'missing';
          if (Math.abs(first.y - second.y) < 4) return first.x < second.x ? 'in order' : 'swapped';
          return first.y < second.y ? 'in order' : 'swapped';
        }),
      { message: `${label}: Don't Confirm is shown before Confirm` },
    )
    .toBe('in order');

  await expectAxeClean(page, `${label} dialog open`);
  // No hover colour: the pointer away from the buttons.
  await page.mouse.move(1, 1);
  const colours = await themeButtonColours(page);
  expect(colours.error).not.toBe(colours.primary);
  await expect
    .poll(() => background(confirm), { message: `${label}: Confirm colour` })
    .toBe(destructive ? colours.error : colours.primary);
  const denyColour = await background(deny);
  expect(denyColour, `${label}: Don't Confirm is neutral`).not.toBe(colours.error);
  expect(denyColour, `${label}: Don't Confirm is neutral`).not.toBe(colours.primary);

  await deny.click();
  await expect(page.getByText('Changes are not saved').first()).toBeVisible();
  const notice = page.getByRole('dialog', { name: 'Changes are not saved' });
  if (await notice.isVisible()) await notice.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/** An API bearer token for the demo admin, signed in on `page`. */
async function adminToken(page: Page): Promise<string> {
  await signInViaApi(page, DEMO_ADMIN.email);
  const issued = await page.request.post(apiUrl(apiRoutes.issueToken), {
    data: { user: DEMO_ADMIN.uid },
  });
  expect(issued.status(), 'POST /api/jwt').toBe(200);
  return ((await issued.json()) as { token: string }).token;
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
/** A product of My Products: a table row from 1280 px, a card below. */
const productOf = (page: Page, text: string) =>
  page.getByTestId('seller-product').filter({ hasText: text });

for (const width of [360, 1440]) {
  test.describe(`Confirmations at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('seller: promote, delete a listing, delete the account', async ({ page, playwright }) => {
      const own = await createOwnListings(playwright, { count: 1 });
      const [product] = own.products;
      await signInViaApi(page, own.seller.email, testPassword);
      await page.goto('/user/seller/all-products');
      const productRow = productOf(page, product!.name);

      await openMoreActions(productRow);
      await productRow.getByRole('button', { name: /^Promote/ }).click();
      await expectConfirmation(
        page,
        page.getByRole('dialog', { name: `Promote ${product!.name}?` }),
        {
          label: 'Promote',
          destructive: false,
          sentence:
            'Promoted listings are shown first, in the Sponsored section of the home page, while they are on the market. Promotion is free.',
        },
      );

      // The declined promotion's notice hands the focus back as it closes, which closes a menu
      // opened in that instant: open it again until Delete is pressed.
      await expect(async () => {
        await openMoreActions(productRow);
        await productRow.getByRole('button', { name: /^Delete/ }).click({ timeout: 2_000 });
      }).toPass();
      await expectConfirmation(
        page,
        page.getByRole('dialog', { name: `Delete ${product!.name}?` }),
        {
          label: 'Delete listing',
          destructive: true,
          sentence: 'The listing leaves the market and My Products for good.',
        },
      );

      await page.goto('/user/profile');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expectConfirmation(page, page.getByRole('dialog', { name: 'Delete your account?' }), {
        label: 'Delete account',
        destructive: true,
        sentence: 'You are signed out everywhere and cannot sign in with this account again.',
      });
    });

    test('buyer: report a listing', async ({ page, playwright }) => {
      const own = await createOwnListings(playwright, { count: 1 });
      const [product] = own.products;
      await signInViaApi(page, DEMO_BUYER.email);
      await page.goto(`/listing/${product!.id}`);
      await page.getByRole('button', { name: `Report: ${product!.name}` }).click();
      await expectConfirmation(
        page,
        page.getByRole('dialog', { name: `Report ${product!.name}?` }),
        {
          label: 'Report',
          destructive: true,
          sentence: 'An admin will review this listing and may take it off the market.',
        },
      );
    });

    // Two tests, not one: four confirmations with an axe scan each took over a minute on a
    // loaded 2-core machine.
    test('admin: verify and delete a seller', async ({ page, playwright }) => {
      const own = await createOwnListings(playwright, { count: 1 });
      await signInViaApi(page, DEMO_ADMIN.email);
      await page.goto('/user/admin');
      const sellerRow = row(page, own.seller.email);
      await sellerRow.getByRole('button', { name: /^Verify/ }).click();
      await expectConfirmation(
        page,
        page.getByRole('dialog', { name: `Verify ${own.seller.name}?` }),
        {
          label: 'Verify',
          destructive: false,
          sentence: 'Their listings show the verified badge from now on.',
        },
      );
      await sellerRow.getByRole('button', { name: /^Delete/ }).click();
      await expectConfirmation(
        page,
        page.getByRole('dialog', { name: `Delete ${own.seller.name}?` }),
        {
          label: 'Delete user',
          destructive: true,
          sentence:
            'They are signed out everywhere, cannot sign in again and their unsold listings leave the market.',
        },
      );
    });

    test('admin: mark a reported listing safe, the statement of reasons', async ({
      page,
      playwright,
      browser,
    }) => {
      const own = await createOwnListings(playwright, { count: 1 });
      const [product] = own.products;
      const buyer = await newSignedInUser(browser, 'buyer', width, 'confirmations');
      const reported = await buyer.page.request.patch(
        apiUrl(apiRoutes.reportProduct, { query: { id: product!.id } }),
        { headers: buyer.headers, data: { reason: 'Prohibited item' } },
      );
      expect(reported.status(), 'PATCH /api/report-product').toBe(200);
      await buyer.page.context().close();

      await signInViaApi(page, DEMO_ADMIN.email);
      await page.goto('/user/admin/reported-product');
      const reportedRow = row(page, product!.name);
      await reportedRow.getByRole('button', { name: /^Mark safe/ }).click();
      await expectConfirmation(
        page,
        page.getByRole('dialog', { name: `Mark ${product!.name} safe?` }),
        {
          label: 'Mark safe',
          destructive: false,
          sentence: 'Its reports are cleared and it stays on the market.',
        },
      );
      await reportedRow.getByRole('button', { name: /^Delete/ }).click();
      await expectConfirmation(
        page,
        page.getByRole('dialog', { name: `Delete ${product!.name}?` }),
        {
          label: 'Statement of reasons',
          destructive: true,
          sentence: 'The listing leaves the market for good',
        },
      );
    });

    test('appeal a removal, then uphold it', async ({ page, playwright }) => {
      const own = await createOwnListings(playwright, { count: 1 });
      const [product] = own.products;
      const token = await adminToken(page);
      const removed = await page.request.delete(
        apiUrl(apiRoutes.deleteReportedProduct, {
          params: { uid: DEMO_ADMIN.uid },
          query: { id: product!.id },
        }),
        {
          headers: { authorization: `Bearer ${token}` },
          data: {
            rule: 'Prohibited item',
            facts: 'Set up by the confirmations test.',
            automated: false,
          },
        },
      );
      expect(removed.status(), 'DELETE /api/report-product-delete').toBe(200);
      await page.context().clearCookies();

      await signInViaApi(page, own.seller.email, testPassword);
      await page.goto('/user/seller/all-products');
      const decision = page.getByRole('article', {
        name: `Removed by moderation: ${product!.name}`,
      });
      await decision.getByRole('button', { name: 'Appeal' }).click();
      const appeal = page.getByRole('dialog', { name: `Appeal: ${product!.name}?` });
      await expectConfirmation(page, appeal, {
        label: 'Appeal',
        destructive: false,
        sentence: 'An admin reviews the removal again and you get their answer.',
      });
      await decision.getByRole('button', { name: 'Appeal' }).click();
      await appeal.getByRole('textbox').fill('It was a replica, not a real part.');
      await appeal.getByRole('button', { name: 'Confirm', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await page.context().clearCookies();

      await signInViaApi(page, DEMO_ADMIN.email);
      await page.goto('/user/admin/appeals');
      const card = page.getByRole('listitem').filter({ hasText: product!.name });
      await card.getByRole('button', { name: 'Uphold' }).click();
      await expectConfirmation(
        page,
        page.getByRole('dialog', { name: `Uphold the removal of ${product!.name}?` }),
        {
          label: 'Uphold',
          destructive: false,
          sentence: 'The listing stays removed and the seller gets your reason.',
        },
      );
    });
  });
}
