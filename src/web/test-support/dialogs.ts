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

/** Resolves once no SweetAlert2 dialog is on the page (the last one answered has closed). */
export async function settleDialogs(): Promise<void> {
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
}
