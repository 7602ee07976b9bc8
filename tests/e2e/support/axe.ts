/**
 * An axe check with the WCAG 2.2 AA tags (issue 12: "axe clean on every page they visit"),
 * failing with one line per violation and node.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export async function expectAxeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}
