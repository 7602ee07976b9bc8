/**
 * Texts and limits the SPA shows, kept apart from the zod schemas of the same features (which
 * re-export them), so that a page which only shows them — the listing page's heart, price badge,
 * "Message seller" and report flow — does not load and build the schema library and the contract
 * schemas (~90 KB of JavaScript and their evaluation on the listing page). No imports.
 */

/** Texts the SPA shows. */
export const favouriteTexts = {
  save: 'Save to favourites',
  remove: 'Remove from favourites',
  soldOut: 'SOLD OUT',
  noLongerAvailable: 'No longer available',
  empty: 'No favourites yet. Tap the heart on a listing to keep it here.',
  title: 'Favourites',
} as const;

/** Texts the SPA shows and the server answers. */
export const vehicleTexts = {
  vinInvalid: 'must be 17 characters: digits and capital letters except I, O and Q',
  checkDigit: (expected: string, actual: string) =>
    `Check digit (position 9) is ${actual} but should be ${expected}: the VIN may be mistyped`,
  notDecoded: 'This VIN is not in the NHTSA vehicle data: fill in the details yourself',
  decodeVin: 'Decode VIN',
  decoding: 'Decoding…',
  decoded: 'Filled in from the VIN: please check',
  guidance: (low: string, high: string, count: number) =>
    `Similar cars are listed for ${low} – ${high} (${count} listings)`,
  badge: { great: 'Great price', fair: 'Fair price', high: 'High price' },
} as const;

/** The longest message (characters, after trimming). */
export const messageMaxLength = 2000;

/** Texts the SPA shows. */
export const messageTexts = {
  messageSeller: 'Message seller',
  empty: 'No messages yet.',
  blocked: 'This conversation is blocked.',
  send: 'Send',
} as const;

/** Spec §8 texts of the booking and reporting flows (the SPA shows them). */
export const buyingTexts = {
  booked: 'Order Confirm - The Seller Contact you soon.',
  bookingFailed: 'Something was wrong! please try again',
  reported: 'Reported Success!',
} as const;
