/// <reference lib="dom" />
/**
 * Phones first: no page is wider than a 320 or 360 px screen. Every route for a visitor and for
 * the demo buyer, seller and admin (support/routes.ts): each loads at 360 px, is measured, then
 * the same page is narrowed to 320 px and measured again. A failure names the elements that
 * stick out.
 */
import { expect, test } from '@playwright/test';
import { contextOf, routesOf, urlOf, type RouteName } from './support/routes.js';
import { measureOverflow, waitForQuiet } from './support/settle.js';

/**
 * Routes where an overflow is reported as an annotation, not a failure: none. (This sweep found
 * /messages 67–151 px wider than a 320–360 px screen; its rows wrap now.)
 */
const knownOverflow = new Set<RouteName>([]);

for (const role of ['visitor', 'buyer', 'seller', 'admin'] as const) {
  test(`no page is wider than a 320 or 360 px screen: ${role}`, async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const { context, ids } = await contextOf(browser, role);
    const page = await context.newPage();
    const failures: string[] = [];
    const routes = routesOf(role);
    for (const name of routes) {
      const url = urlOf(name, ids);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(url);
      await waitForQuiet(page, 300);
      for (const width of [360, 320]) {
        if (width !== 360) {
          await page.setViewportSize({ width, height: 740 });
          // The narrower layout is laid out by the next frame.
          await page.evaluate(
            () =>
              new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
        }
        const { excess, offenders } = await measureOverflow(page);
        if (excess <= 0) continue;
        const line =
          `${url} (${name}) at ${width}px: ${excess}px too wide; ` +
          offenders.map((o) => `${o.element} [${o.left}–${o.right}]`).join(', ');
        if (knownOverflow.has(name)) {
          testInfo.annotations.push({ type: 'known overflow', description: line });
        } else {
          failures.push(line);
        }
      }
    }
    await context.close();
    expect(failures, 'pages wider than the screen').toEqual([]);
  });
}
