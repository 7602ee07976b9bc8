/**
 * The most common passwords (OWASP ASVS 5.0 §6.2.4 "checked against a set of
 * at least the top 3000 passwords"): zxcvbn-ts's list of ~49,000 passwords seen most often in
 * breaches (@zxcvbn-ts/language-common), loaded once on the server. The spec's own rule (at
 * least 6 characters, docs/product.md §5) still comes first, with its message.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

/** The refusal's message (shown by the SPA as the provider's message, docs/product.md §8). */
export const commonPasswordMessage =
  'This password is one of the most common ones and easy to guess. Please choose another.';

let common: Set<string> | null = null;

/** True when `password` (ignoring case) is on the list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
