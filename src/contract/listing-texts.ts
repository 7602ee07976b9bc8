/**
 * The listing page's and the editing screens' texts, and the states' badges, notices and
 * refusals that listing-state.ts names. A module of its own (texts.ts re-exports it) so that the
 * home page's cards, which read the listing states' records, load these texts and no others. No
 * imports.
 */

/** Texts of the listing page and the editing screens. */
export const listingTexts = {
  notFound: 'Product not found',
  editOwnOnly: 'You can only edit your own products',
  unavailableBadge: 'Unavailable',
  offMarket: 'This listing is off the market for now.',
  /** The 409 of a booking or an offer on a listing taken off the market. */
  offMarketRefusal: 'This listing is off the market for now',
  soldOut: 'SOLD OUT',
  reservedBadge: 'Reserved',
  reservedNotice: 'This listing is reserved for a buyer.',
  expired: 'This listing has expired',
  noLongerAvailable: 'This listing is no longer available',
  similarListings: 'Similar listings',
  bookReserved: 'This listing is reserved: it cannot be booked right now.',
  /** The 409 of an offer on a listing its seller reserved. */
  reservedBySeller: 'This listing is reserved by its seller',
  /** The 409 of an offer, an acceptance or a payment while another buyer's accepted offer holds it. */
  reservedForAnotherBuyer: 'This listing is reserved for another buyer',
  /** The 409 when the seller acts on a listing an accepted offer holds (decision 0053). */
  heldForBuyer:
    'This listing is reserved for a buyer whose offer you accepted: decline their booking to release it',
  transitionRefused: 'This listing cannot be changed to that state',
  renewRefused: 'A sold or removed listing cannot be renewed',
  renewLinkUsed: 'This renew link was already used or the listing was renewed since',
  renewLinkInvalid: 'This renew link is not valid',
  renewed: 'Listing renewed',
  contactSignIn: 'Sign in to see the seller’s phone and e-mail.',
  updated: 'Product updated',
  editHeading: 'Edit Product',
} as const;
