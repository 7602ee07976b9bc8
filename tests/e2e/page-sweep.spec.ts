/// <reference lib="dom" />
/**
 * The page sweep: every route of the product for a visitor and the demo buyer, seller and admin
 * (support/routes.ts), each loaded once and checked
 * - for accessibility: 0 axe violations (WCAG 2.2 AA tags) at 1440 and at 360 px, with the page's
 *   dialogs, sheets and menus open as well as closed;
 * - for phones first: no page wider than a 360 or a 320 px screen (the elements that stick out
 *   are named).
 * A few routes a test; a failure lists everything found on its routes, not only the first finding.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type ElementHandle, type Locator, type Page } from '@playwright/test';
import { settleAnimations, wcag22aa } from './support/axe.js';
import { roleState, routesOf, urlOf, type Role, type RouteName } from './support/routes.js';
import { e2eBaseURL } from './support/server-env.js';
import { measureOverflow, waitForQuiet } from './support/settle.js';

/**
 * Routes where an overflow is reported as an annotation, not a failure: none. (This sweep found
 * /messages 67–151 px wider than a 320–360 px screen; its rows wrap now.)
 */
const knownOverflow = new Set<RouteName>([]);

/** What opens a dialog, sheet or menu on a page, and who sees it at which widths. */
interface Opener {
  /** Shown in a failure: `menu`, `booking dialog`… */
  label: string;
  /** The control that opens it. */
  control: (page: Page) => Locator;
  roles: readonly Role[];
  widths: readonly number[];
  /**
   * Checked only when the page shows the control: a listing shows `Make an offer` only while
   * the viewer has no open offer on it (the demo buyer may have one, or another test made one).
   */
  optional?: true;
}

const signedIn = ['buyer', 'seller', 'admin'] as const;
const both = [1440, 360] as const;

/**
 * The openers per route. Every listed control must be there for the roles and widths listed:
 * a renamed button fails the sweep instead of silently skipping its dialog.
 */
const openers: Partial<Record<RouteName, readonly Opener[]>> = {
  home: [
    {
      label: 'phone menu',
      control: (page) => page.getByRole('button', { name: 'Open menu' }),
      roles: ['visitor', ...signedIn],
      widths: [360],
    },
    {
      label: 'account menu',
      control: (page) => page.getByRole('button', { name: 'Account menu' }),
      roles: signedIn,
      widths: [1440],
    },
  ],
  search: [
    {
      label: 'filters sheet',
      control: (page) => page.getByRole('button', { name: 'Filters', exact: true }),
      roles: ['visitor', 'buyer'],
      widths: [360],
    },
  ],
  listing: [
    {
      label: 'booking dialog',
      control: (page) => page.getByRole('button', { name: 'Book Now' }).first(),
      roles: ['buyer'],
      widths: both,
    },
    {
      label: 'offer dialog',
      control: (page) => page.getByRole('button', { name: 'Make an offer' }).first(),
      roles: ['buyer'],
      widths: both,
      optional: true,
    },
    {
      label: 'report confirmation',
      control: (page) => page.getByRole('button', { name: /^Report\b/ }).first(),
      roles: ['buyer'],
      widths: both,
    },
  ],
  sellerProducts: [
    {
      label: 'promote confirmation',
      control: (page) => page.getByRole('button', { name: 'Promote', exact: true }).first(),
      roles: ['seller'],
      widths: [1440],
    },
    {
      // On a phone Promote and the rest are under a card's "More actions" (decision 0052).
      label: 'more actions menu',
      control: (page) => page.getByRole('button', { name: /^More actions/ }).first(),
      roles: ['seller'],
      widths: [360],
    },
  ],
  sellerAddProduct: [
    {
      label: 'add-category dialog',
      control: (page) => page.getByRole('button', { name: 'Add New Category' }),
      roles: ['seller'],
      widths: both,
    },
  ],
  adminSellers: [
    {
      label: 'verify confirmation',
      control: (page) => page.getByRole('button', { name: 'Verify' }).first(),
      roles: ['admin'],
      widths: both,
    },
  ],
};

/** The violations axe finds on the page as it is now, one line per rule and element. */
async function violations(page: Page, where: string): Promise<string[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${where}: ${violation.id} ${node.target.join(' ')}`),
  );
}

/**
 * Closes whatever the opener opened: Escape, a click on the control if it stays expanded, and OK
 * on the "Changes are not saved" notice a declined confirmation shows (decision 0040).
 */
async function close(page: Page, control: ElementHandle | null) {
  await page.keyboard.press('Escape');
  if ((await control?.getAttribute('aria-expanded')) === 'true') await control?.click();
  const notice = page.getByRole('dialog').getByRole('button', { name: 'OK' });
  await expect(async () => {
    if (await notice.isVisible()) await notice.click();
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

/** Lays the page out at `width` (740 px high on a phone, 900 on a desktop) by the next frame. */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 1024 ? 740 : 900 });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** `items` in runs of `size`, in order. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    runs.push(items.slice(start, start + size));
  }
  return runs;
}

for (const role of ['visitor', 'buyer', 'seller', 'admin'] as const) {
  test.describe(`page sweep as ${role}`, () => {
    // A few routes a test, spread over the workers; each worker signs the role in once.
    test.describe.configure({ mode: 'parallel' });
    let state: Awaited<ReturnType<typeof roleState>>;
    test.beforeAll(async ({ browser }) => {
      state = await roleState(browser, role);
    });

    for (const routes of chunks(routesOf(role), 6)) {
      test(`axe-clean at 1440 and 360 px with dialogs, no wider than 320 px: ${routes.join(', ')}`, async ({
        browser,
      }, testInfo) => {
        test.setTimeout(300_000);
        const { storageState, ids } = state;
        const context = await browser.newContext({
          baseURL: e2eBaseURL,
          storageState,
          viewport: { width: 1440, height: 900 },
        });
        const page = await context.newPage();
        const found: string[] = [];
        const overflowing: string[] = [];
        for (const name of routes) {
          const url = urlOf(name, ids);
          await resize(page, 1440);
          await page.goto(url);
          await waitForQuiet(page, 300);
          for (const width of [1440, 360, 320]) {
            if (width !== 1440) await resize(page, width);
            const where = `${url} (${name}) at ${width}px`;
            if (width !== 1440) {
              const { excess, offenders } = await measureOverflow(page);
              if (excess > 0) {
                const line =
                  `${where}: ${excess}px too wide; ` +
                  offenders.map((o) => `${o.element} [${o.left}–${o.right}]`).join(', ');
                if (knownOverflow.has(name)) {
                  testInfo.annotations.push({ type: 'known overflow', description: line });
                } else {
                  overflowing.push(line);
                }
              }
            }
            if (width === 320) continue;
            found.push(...(await violations(page, where)));
            for (const opener of openers[name] ?? []) {
              if (!opener.roles.includes(role) || !opener.widths.includes(width)) continue;
              const control = opener.control(page);
              if (opener.optional && !(await control.isVisible())) continue;
              await expect(control, `${where}: the control of the ${opener.label}`).toBeVisible();
              // The element itself: once a modal dialog opens, the page behind it leaves the
              // accessibility tree, and a role locator would find the control no more.
              const element = await control.elementHandle();
              await control.click();
              const opened =
                (await element?.getAttribute('aria-expanded')) === 'true'
                  ? page.locator(`#${await element?.getAttribute('aria-controls')}`)
                  : page.getByRole('dialog');
              await expect(opened.first(), `${where}: the ${opener.label} opens`).toBeVisible();
              found.push(...(await violations(page, `${where}, ${opener.label} open`)));
              await close(page, element);
            }
          }
        }
        await context.close();
        // Both lists at once: one failure shows every overflow and every axe violation.
        expect({ overflowing, axe: found }, 'pages wider than the screen; axe violations').toEqual({
          overflowing: [],
          axe: [],
        });
      });
    }
  });
}
