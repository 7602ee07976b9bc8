/**
 * A listing's status for the VIN history (decision 0028), derived from the columns the listing
 * has today. The shared listing state (active/reserved/sold/unavailable/expired/removed) is being
 * built elsewhere; when it lands, this one function is replaced by it and nothing else changes.
 */
import type { ListingStatus } from '../../contract/index.js';

/** The columns the status is derived from. */
export interface ListingStatusColumns {
  /** `order_status` (spec §3): true once sold. */
  sold: boolean;
  /** Taken off the market by its seller. */
  unavailable: boolean;
  /** Set when the seller deleted it or moderation removed it. */
  deletedAt: Date | null;
}

/**
 * `removed` when deleted (by its seller or by moderation), else `sold` when sold, else
 * `unavailable` when off the market, else `active`. (`reserved` and `expired` are not derivable
 * from these columns.)
 */
export function deriveListingStatus(row: ListingStatusColumns): ListingStatus {
  if (row.deletedAt) return 'removed';
  if (row.sold) return 'sold';
  if (row.unavailable) return 'unavailable';
  return 'active';
}
