/// <reference lib="dom" />
/**
 * Waiting for a page to settle, and what a page's layout looks like once it has: for the tests
 * that measure layout (the header's height, sideways overflow) rather than follow a journey.
 */
import type { Page } from '@playwright/test';

/**
 * Resolves once the page shows no progress bar or spinner and has fetched no new resource and
 * shifted nothing for `quietMs` (default 400 ms), polled every 100 ms; throws after `timeout`
 * ms. Not `networkidle`: a signed-in page keeps its message stream open.
 */
export async function waitForQuiet(page: Page, quietMs = 400, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (quiet) => {
      const state = window as unknown as { __quiet?: { count: number; since: number } };
      if (document.querySelector('progress, .loading')) {
        state.__quiet = undefined;
        return false;
      }
      const count =
        performance.getEntriesByType('resource').length +
        performance.getEntriesByType('layout-shift').length;
      const now = performance.now();
      if (!state.__quiet || state.__quiet.count !== count) state.__quiet = { count, since: now };
      return now - state.__quiet.since >= quiet;
    },
    quietMs,
    { polling: 100, timeout },
  );
}

/** An element of the page that reaches past the viewport's right edge. */
export interface Overflow {
  /** `tag#id.class…` and the start of its text, e.g. `table.table "No. Product Image"`. */
  element: string;
  /** Its left and right edges in CSS px. */
  left: number;
  right: number;
}

/**
 * How far the document is wider than the viewport (`scrollWidth - innerWidth`, ≤ 0 when nothing
 * sticks out) and the outermost elements that reach past its right edge (at most 5), for the
 * failure message.
 * Elements inside a box that clips or scrolls sideways do not count: they widen nothing.
 */
export async function measureOverflow(
  page: Page,
): Promise<{ excess: number; offenders: Overflow[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible' || style.clip !== 'auto';
    };
    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 4).join('.');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''}${text ? ` "${text}"` : ''}`;
    };
    const offenders: { element: string; left: number; right: number }[] = [];
    const walk = (element: Element) => {
      if (offenders.length >= 5) return;
      // A fixed box (a closed drawer, a toast) never widens the page.
      if (getComputedStyle(element).position === 'fixed') return;
      const box = element.getBoundingClientRect();
      const visible = box.width > 0 && box.height > 0;
      if (visible && box.right > width + 0.5) {
        offenders.push({
          element: describe(element),
          left: Math.round(box.left),
          right: Math.round(box.right),
        });
        return;
      }
      if (clips(element) && element !== document.body) return;
      for (const child of element.children) walk(child);
    };
    for (const child of document.body.children) walk(child);
    return { excess: document.documentElement.scrollWidth - width, offenders };
  });
}
