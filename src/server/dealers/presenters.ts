/** `seller_type` and `trader` of a seller as every seller profile and listing answers them. */
import type { SellerType, Trader, TraderDetails } from '#contract/index.js';
import { users } from '../db/schema.js';

/** The user columns `presentSellerType` reads; spread into a select that joins `users`. */
export const sellerTypeColumns = {
  sellerType: users.sellerType,
  trader: users.trader,
  traderCheck: users.traderCheck,
};

export interface SellerTypeRow {
  sellerType: SellerType;
  trader: TraderDetails | null;
  traderCheck: Trader['check'];
}

/** `{seller_type, trader}`: the trader details only for a business seller. */
export function presentSellerType(row: SellerTypeRow): {
  seller_type: SellerType;
  trader: Trader | null;
} {
  if (row.sellerType !== 'business' || !row.trader) return { seller_type: 'private', trader: null };
  return {
    seller_type: 'business',
    trader: {
      legal_name: row.trader.legal_name,
      address: row.trader.address,
      phone: row.trader.phone,
      email: row.trader.email,
      register_name: row.trader.register_name,
      register_number: row.trader.register_number,
      self_certified: true,
      opening_hours: row.trader.opening_hours ?? null,
      logo_url: row.trader.logo_url ?? null,
      check: row.traderCheck ?? null,
    },
  };
}
