/** Form helpers of the component tests. */
import { fireEvent } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Submits the form `button` belongs to, as pressing it does in a browser, but past happy-dom's
 * constraint validation: it takes `value % step` in floating point, so every amount of an input
 * with `step="0.01"` mismatches its step and the form never submits (8400 % 0.01 is not 0; a
 * browser computes in decimal; https://github.com/capricorn86/happy-dom/pull/2365 fixes it).
 * The form's own checks (its submit handler) still run.
 */
export function submitWith(button: HTMLElement): void {
  const form = (button as HTMLButtonElement).form;
  if (!form) throw new Error('the button belongs to no form');
  fireEvent.submit(form, { submitter: button });
}

/**
 * Puts `text` in the field `element` at once, as Playwright's `fill` does: clears it and pastes
 * (one input event, where `user.type` sends one per character and the form renders after each).
 * For a field whose behaviour depends on each key (a combobox's suggestions), type instead.
 */
export async function fill(user: UserEvent, element: HTMLElement, text: string): Promise<void> {
  await user.clear(element);
  await user.paste(text);
}
