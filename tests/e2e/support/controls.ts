/// <reference lib="dom" />
/**
 * What a page's controls look like once laid out: pills, badges and buttons whose text does not
 * fit inside them, touch targets smaller than 24 × 24 px (WCAG 2.2, 2.5.8 Target Size
 * (Minimum)), and the "More actions" menu of a dashboard card (decision 0052).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A control that failed a check: `tag.class… "text"` and the sizes that failed it. */
export interface ControlProblem {
  element: string;
  detail: string;
}

/**
 * The visible pills, badges and buttons inside `root` (CSS selector, default `main`) whose content
 * is wider or taller than their box (`scrollWidth > clientWidth` or `scrollHeight >
 * clientHeight`, 1 px of rounding allowed): text that leaves its pill or is cut off in its button.
 * Text cut short on purpose with an ellipsis does not count.
 */
export async function findOverflowingControls(
  page: Page,
  root = 'main',
): Promise<ControlProblem[]> {
  return page.evaluate((rootSelector) => {
    const scope = document.querySelector(rootSelector) ?? document.body;
    const problems: { element: string; detail: string }[] = [];
    const controls = scope.querySelectorAll<HTMLElement>(
      '.badge, .btn, button, [role="button"], [data-pill]',
    );
    for (const element of controls) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Deliberately cut short with an ellipsis (a long e-mail in the sidebar's badge): it stays in.
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') continue;
      const wide = element.scrollWidth - element.clientWidth;
      const tall = element.scrollHeight - element.clientHeight;
      if (wide > 1 || tall > 1) {
        const classes = [...element.classList].slice(0, 4).join('.');
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        problems.push({
          element: `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`,
          detail: `content ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}`,
        });
      }
    }
    return problems;
  }, root);
}

/**
 * The visible touch targets inside `root` (buttons, links, form fields, toggles) smaller than
 * `min` × `min` CSS px (default 24, WCAG 2.5.8). A checkbox or toggle inside a `<label>` is
 * measured by its label, which takes its taps.
 */
export async function findSmallTargets(
  page: Page,
  root = 'main',
  min = 24,
): Promise<ControlProblem[]> {
  return page.evaluate(
    ({ rootSelector, size }) => {
      const scope = document.querySelector(rootSelector) ?? document.body;
      const problems: { element: string; detail: string }[] = [];
      const targets = scope.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"]',
      );
      for (const target of targets) {
        const measured = (target.matches('input') && target.closest('label')) || target;
        const box = measured.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (getComputedStyle(target).visibility === 'hidden') continue;
        if (box.width + 0.5 < size || box.height + 0.5 < size) {
          const text = (target.getAttribute('aria-label') ?? target.textContent ?? '')
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 40);
          problems.push({
            element: `${target.tagName.toLowerCase()} "${text}"`,
            detail: `${Math.round(box.width)}×${Math.round(box.height)}`,
          });
        }
      }
      return problems;
    },
    { rootSelector: root, size: min },
  );
}

/**
 * Opens the "More actions" menu of a dashboard card (`card`), where a phone keeps its secondary
 * actions; does nothing where they stand in a row (from 1024 px) or the card has no menu.
 */
export async function openMoreActions(card: Locator): Promise<void> {
  // The card and its menu button are rendered together: once the card shows, the count is final.
  await expect(card).toBeVisible();
  const toggle = card.getByRole('button', { name: /^More actions/ });
  if ((await toggle.count()) === 0 || !(await toggle.isVisible())) return;
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}
