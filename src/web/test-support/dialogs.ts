/**
 * The SweetAlert2 dialogs of the component tests (src/web/components/dialogs.ts): found by their
 * accessible name (the title), as a person reads them, and waited out once answered.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The open dialog titled `name`, once it shows. */
export function dialogNamed(name: string | RegExp): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name });
}

/**
 * SweetAlert2's delay (ms) between removing a closed dialog and returning the focus to the element
 * focused before it opened, or to the body (its `returnFocus`, on by default).
 */
const SWAL_RETURN_FOCUS_MS = 100;

/**
 * Resolves once no SweetAlert2 dialog is on the page (the last one answered has closed) and the
 * dialog has returned the focus. Without the second wait, that late focus lands in whatever runs
 * next: on a busy machine, the next test's form field lost its focus between `clear` and `paste`.
 * The timer set here fires after SweetAlert2's, which it set earlier for the same delay.
 */
export async function settleDialogs(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
  await new Promise((resolve) => setTimeout(resolve, SWAL_RETURN_FOCUS_MS));
}
