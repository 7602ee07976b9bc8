/**
 * Formatting and reading of the sandbox card form's fields, as Stripe's card element shows them:
 * the number in groups of four, the expiry as "MM / YY", digits-only CVC. Also the card element's
 * own completeness checks, with Stripe.js's texts (Stripe checks these in the browser, before any
 * request; the server checks number, expiry and CVC values again).
 */

/** Digits of a card number, at most 19 (the longest PAN). */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19);
}

/** "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Formats what was typed into the expiry field: "1234" → "12 / 34"; a first digit above 1 is a
 * month on its own ("4" → "04"), as Stripe's element does. Two digits stay without the slash, so
 * that deleting backwards works.
 */
export function formatExpiry(value: string): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** "12 / 34" → {month: 12, year: 34}; null while incomplete. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: Number(digits.slice(2)) };
}

/** Digits of a CVC, at most 4. */
export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

/** Stripe.js's texts for fields that are not complete yet. */
export const incompleteTexts = {
  number: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
  zip: 'Your postal code is incomplete.',
} as const;

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  zip: string;
}

/** The first incomplete field's text, in the element's order, or null when all are filled. */
export function incompleteField(fields: CardFields): string | null {
  if (cardDigits(fields.number).length < 12) return incompleteTexts.number;
  if (!parseExpiry(fields.expiry)) return incompleteTexts.expiry;
  if (fields.cvc.length < 3) return incompleteTexts.cvc;
  if (fields.zip.trim() === '') return incompleteTexts.zip;
  return null;
}
