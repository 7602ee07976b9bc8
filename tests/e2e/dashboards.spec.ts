/// <reference lib="dom" />
/**
 * Dashboards on phones (decision 0052): My Orders and My Offers of the demo buyer, My Products,
 * Bookings and Offers of the demo seller, at 360 px (then 320 px) and at 1440 px (then 1024 px).
 * On each, no text leaves its pill or button, every touch target is at least 24 × 24 px and the
 * page is no wider than the screen; on a phone My Products fits at least three cards in a
 * 780 px screen. Then the "More actions" menu of a card: a button with `aria-expanded` that opens
 * a list, closes on Escape, and whose Promote asks first and promotes.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { paths } from '#contract/spa-paths.js';
import { DEMO_BUYER, DEMO_PASSWORD, DEMO_SELLER, signInViaApi } from './support/accounts.js';
import { findOverflowingControls, findSmallTargets } from './support/controls.js';
import { postListingAs } from './support/listings.js';
import { measureOverflow, waitForQuiet } from './support/settle.js';
import { newSignedInUser } from './support/users.js';

interface Dashboard {
  path: string;
  heading: string;
  /** The test id of one order, product, booking or offer (a card, or a table row). */
  item: string;
}

const dashboards: Record<'buyer' | 'seller', { email: string; pages: Dashboard[] }> = {
  buyer: {
    email: DEMO_BUYER.email,
    pages: [
      { path: paths.buyerOrders.href(), heading: 'All order List', item: 'order-row' },
      { path: paths.buyerOffers.href(), heading: 'My Offers', item: 'offer' },
    ],
  },
  seller: {
    email: DEMO_SELLER.email,
    pages: [
      { path: paths.sellerProducts.href(), heading: 'All order List', item: 'seller-product' },
      { path: paths.sellerBookings.href(), heading: 'Bookings', item: 'booking' },
      { path: paths.sellerOffers.href(), heading: 'Offers', item: 'offer' },
    ],
  },
};

async function signedIn(browser: Browser, email: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 780 } });
  const page = await context.newPage();
  await signInViaApi(page, email, DEMO_PASSWORD);
  return { context, page };
}

/** The next frame after a viewport change, when the new layout is in place. */
const nextFrame = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

/** Every check of one laid-out page at its current width, as lines naming what failed. */
async function problemsAt(page: Page, label: string): Promise<string[]> {
  const lines: string[] = [];
  for (const problem of await findOverflowingControls(page)) {
    lines.push(`${label}: text leaves ${problem.element} (${problem.detail})`);
  }
  for (const problem of await findSmallTargets(page)) {
    lines.push(`${label}: small target ${problem.element} (${problem.detail})`);
  }
  const { excess, offenders } = await measureOverflow(page);
  if (excess > 0) {
    lines.push(`${label}: ${excess}px too wide: ${offenders.map((o) => o.element).join(', ')}`);
  }
  // A table that scrolls sideways inside its box hides columns too.
  const scrolled = await page
    .locator('main .overflow-x-auto')
    .evaluateAll((boxes) =>
      boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.scrollWidth),
    );
  if (scrolled.length > 0)
    lines.push(`${label}: a table scrolls sideways (${scrolled.join(', ')})`);
  return lines;
}

for (const [width, narrower] of [
  [360, 320],
  [1440, 1024],
] as const) {
  for (const role of ['buyer', 'seller'] as const) {
    test(`the ${role}'s dashboards fit at ${width} and ${narrower} px`, async ({ browser }) => {
      const { context, page } = await signedIn(browser, dashboards[role].email, width);
      const problems: string[] = [];
      for (const dashboard of dashboards[role].pages) {
        await page.setViewportSize({ width, height: 780 });
        await page.goto(dashboard.path);
        await expect(
          page.getByRole('heading', { level: 1, name: dashboard.heading, exact: true }),
        ).toBeVisible();
        await expect(page.getByTestId(dashboard.item).first()).toBeVisible();
        await waitForQuiet(page, 300);
        problems.push(...(await problemsAt(page, `${dashboard.path} at ${width}px`)));

        if (width < 640 && dashboard.item === 'seller-product') {
          // About 15 demo listings: at least three cards to a 780 px screen.
          const tops = await page
            .getByTestId(dashboard.item)
            .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
          expect(tops.length).toBeGreaterThanOrEqual(4);
          const pitch = (tops.at(-1)! - tops[0]!) / (tops.length - 1);
          expect(
            Math.floor(780 / pitch),
            `cards per screen (${pitch}px each)`,
          ).toBeGreaterThanOrEqual(3);
          // Each card has its one main action and the rest in its menu.
          const card = page.getByTestId(dashboard.item).first();
          await expect(card.getByRole('link', { name: /^Edit/ })).toBeVisible();
          await expect(card.getByRole('button', { name: 'Delete' })).toBeHidden();
        }

        await page.setViewportSize({ width: narrower, height: 780 });
        await nextFrame(page);
        problems.push(...(await problemsAt(page, `${dashboard.path} at ${narrower}px`)));
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }
}

test('a card’s More actions menu opens, closes on Escape and promotes after confirming', async ({
  browser,
}) => {
  const seller = await newSignedInUser(browser, 'seller', 360, 'dashboards');
  const listing = await postListingAs(seller, { name: 'Menu estate', price: 7200 });
  const { page } = seller;
  await page.goto(paths.sellerProducts.href());
  const card = page.getByTestId('seller-product').filter({ hasText: listing.name });
  await expect(card.getByText('UNSOLD', { exact: true })).toBeVisible();
  const more = card.getByRole('button', { name: `More actions for ${listing.name}` });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  const promote = card.getByRole('button', { name: 'Promote' });
  await expect(promote).toBeHidden();

  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`#${await more.getAttribute('aria-controls')}`);
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list.getByRole('button')).toContainText(['Promote', 'Reserve', 'Delete']);
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toBeFocused();
  await expect(promote).toBeHidden();

  await more.click();
  await promote.click();
  const dialog = page.locator('.swal2-popup');
  await expect(dialog).toContainText(`Promote ${listing.name}?`);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Promoted Success!')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(card.getByText('Promoted', { exact: true })).toBeVisible();
  await more.click();
  await expect(list.getByRole('button', { name: 'Reserve' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Promote' })).toHaveCount(0);
  expect(await findOverflowingControls(page)).toEqual([]);
  await page.context().close();
});
