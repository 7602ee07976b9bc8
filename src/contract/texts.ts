/**
 * Texts and limits the SPA shows, kept apart from the zod schemas of the same features (which
 * re-export them), so that a page which only shows them — the listing page's heart, price badge,
 * "Message seller" and report flow — does not load and build the schema library and the contract
 * schemas (~90 KB of JavaScript and their evaluation on the listing page). No imports but the
 * listing texts, which live in a module of their own so that the listing states' records
 * (listing-state.ts, on the home page's cards) load them without the other features' texts.
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

/** docs/product.md §8 texts of the booking and reporting flows (the SPA shows them). */
export const buyingTexts = {
  booked: 'Order Confirm - The Seller Contact you soon.',
  bookingFailed: 'Something was wrong! please try again',
  reported: 'Reported Success!',
} as const;

/** Texts of the listing page and the editing screens (listing-texts.ts). */
export { listingTexts } from './listing-texts.js';

/** Texts of the trust features (the listing page, messages, the admin's Risk page). */
export const trustTexts = {
  /**
   * The `mileage_rollback` flag (decision 0028): `listedOn` is the earlier listing's day
   * (YYYY-MM-DD), `earlier` and `stated` the two mileages already written in a unit ("182,000
   * km"): the API writes kilometres, a page the viewer's unit.
   */
  mileageRollback: (listedOn: string, earlier: string, stated: string) =>
    `An earlier listing of this car on Second Gear (${listedOn}) stated ${earlier}; this one ` +
    `states ${stated}. Mileage normally only goes up. Ask for service records or an inspection ` +
    'report that show the mileage over time, and compare them with the odometer, before you pay.',
  historyHeading: 'This car on Second Gear',
  noticeHeading: 'Before you pay',
  reportMessage: 'Report this message',
  messageReported: 'Thanks: our moderators will look at this message.',
  riskHeading: 'Risk',
  dismiss: 'Dismiss',
} as const;

/** Texts of the offer flow, shared by the server (errors, mails) and the page. */
export const offerTexts = {
  makeOffer: 'Make an offer',
  belowFloor:
    'Thank you for your offer. The seller is looking for a higher price, so it was declined ' +
    'automatically; you are welcome to offer again.',
  accepted: 'Offer accepted. The order is waiting for payment in My Orders.',
  /** The 409 of an acceptance while another buyer's accepted offer holds the listing. */
  reservedForAnotherAlready: 'This listing is already reserved for another buyer',
  /** The 409 of a new offer by the buyer whose accepted offer holds the listing. */
  alreadyAccepted: 'Your offer on this listing was accepted: its order is waiting for payment',
} as const;
