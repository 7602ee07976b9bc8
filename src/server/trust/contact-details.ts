/**
 * Contact details in a message (decision 0044): links, e-mail addresses and phone numbers, which
 * an account without a verified phone number may not put in its first message of a conversation
 * (the way scam bots take a buyer off the site at once). Links and e-mail addresses are found by
 * linkify-it (the linkifier of markdown-it: schemes, `www.`, and bare host names with a known
 * top-level domain such as `bit.ly/x`); phone numbers by libphonenumber-js, which finds only
 * numbers valid in their country (national form read in `country`), so years, prices and
 * mileages are not taken for one.
 */
import LinkifyIt from 'linkify-it';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';

const linkify = new LinkifyIt();

/** What kind of contact detail a message carries, in the order they are reported. */
export type ContactDetail = 'link' | 'email' | 'phone';

/**
 * The kinds of contact details in `text` (each at most once, links first).
 * @param country where a national phone number is read (ISO 3166-1 alpha-2), e.g. 'US'
 */
export function contactDetailsIn(text: string, country: CountryCode = 'US'): ContactDetail[] {
  const found = new Set<ContactDetail>();
  for (const match of linkify.match(text) ?? []) {
    found.add(match.schema === 'mailto:' ? 'email' : 'link');
  }
  // Digits spelled with separators ("4 1 5 - 5 5 5 …") are read as one number.
  const compact = text.replace(/(?<=\d)[\s.\-/]+(?=\d)/g, '');
  if (
    findPhoneNumbersInText(text, country).length > 0 ||
    findPhoneNumbersInText(compact, country).length > 0
  ) {
    found.add('phone');
  }
  return (['link', 'email', 'phone'] as const).filter((kind) => found.has(kind));
}
