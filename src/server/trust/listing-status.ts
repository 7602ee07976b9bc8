/**
 * A listing's status as the VIN history shows it (decision 0028): the listing state of decision
 * 0027, except that a listing its seller deleted counts as `removed` too (it left the market and
 * its page is gone).
 */
import { effectiveListingStatus, type ListingStatus } from '../../contract/listing-state.js';

/** The columns the status is read from. */
export interface ListingStatusColumns {
  /** `products.listing_status` (decision 0027). */
  listingStatus: ListingStatus;
  /** Set when the seller deleted it or moderation removed it. */
  deletedAt: Date | null;
}

/** `removed` when deleted (by its seller or by moderation), else the listing's own state. */
export function deriveListingStatus(row: ListingStatusColumns): ListingStatus {
  return effectiveListingStatus(row.listingStatus, row.deletedAt !== null);
}
