/**
 * Disposable e-mail domains are refused at sign-up (decision 0044): a throwaway inbox costs a
 * bot nothing, and such an account cannot be reached after the deal. The list is the community
 * list github.com/disposable-email-domains/disposable-email-domains, packaged by
 * `disposable-email-domains-js` (updated with the list); a sub-domain of a listed domain counts.
 */
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

const blocked = disposableEmailBlocklistSet();

/** The message a refused sign-up gets. */
export const disposableEmailMessage =
  'Disposable e-mail addresses cannot be used to sign up: use an address you keep';

/** True when `email`'s domain, or a domain it is under, is a disposable-mail provider. */
export function isDisposableEmail(email: string): boolean {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (blocked.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
