/** What of a seller's own listing leaves the server: docs/product.md §3 Product, prices in dollars. */
import { centsToDollars, type Product } from '#contract/index.js';
import { presentProductCard, type ProductCardRow } from '../../catalog/presenters.js';

export interface ProductRow extends ProductCardRow {
  sellerPhone: string;
  sellerEmail: string;
  reported: boolean;
  reportCount: number;
  unavailable: boolean;
  /** When the listing expires unless renewed (decision 0027). */
  expiresAt: Date;
  /** The viewing deposit in cents. */
  depositCents: number;
}

export function presentProduct(row: ProductRow): Product {
  return {
    ...presentProductCard(row),
    seller_phone: row.sellerPhone,
    seller_email: row.sellerEmail,
    reported: row.reported,
    reportCount: row.reportCount,
    unavailable: row.unavailable,
    expires_at: row.expiresAt.toISOString(),
    deposit: centsToDollars(row.depositCents),
  };
}
