/**
 * An axe check with the WCAG 2.2 AA tags ("axe clean on every page they visit"),
 * failing with one line per violation and node.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Waits for the page's running finite animations to end, for at most 2 s; endless ones (a
 * spinner) are left running. Call before an axe check: axe measures colour contrast on what is
 * painted, and a toast still fading in or out has half-transparent text, which fails it (CI saw
 * it once).
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().endTime !== Infinity,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

export async function expectAxeClean(page: Page, label: string) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}
