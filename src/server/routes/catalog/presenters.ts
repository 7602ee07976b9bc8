/** Presenters: exactly what of a catalogue row leaves the server (spec §3 field names). */
import { centsToDollars, type ProductCard, type PromotedProduct } from '../../../contract/index.js';

export interface ProductCardRow {
  id: string;
  productName: string;
  productDescription: string;
  productImage: string;
  categoryId: string;
  categoryName: string;
  condition: string;
  resellPriceCents: number;
  originalPriceCents: number;
  yearOfUsed: number;
  sellerLocation: string;
  sellerName: string;
  sellerUid: string;
  sellerImage: string;
  sellerStatus: string;
  createdAt: Date;
  sold: boolean;
  promote: boolean;
}

export function presentProductCard(row: ProductCardRow): ProductCard {
  return {
    _id: row.id,
    product_name: row.productName,
    product_description: row.productDescription,
    product_image: row.productImage,
    category_id: row.categoryId,
    category_name: row.categoryName,
    condition: row.condition as ProductCard['condition'],
    resell_price: centsToDollars(row.resellPriceCents),
    original_price: centsToDollars(row.originalPriceCents),
    year_of_used: row.yearOfUsed,
    seller_location: row.sellerLocation,
    seller_name: row.sellerName,
    seller_uid: row.sellerUid,
    seller_image: row.sellerImage,
    seller_verified: row.sellerStatus === 'verified',
    createAt: row.createdAt.toISOString(),
    order_status: row.sold,
    promote: row.promote,
  };
}

export function presentPromotedProduct(row: {
  id: string;
  productImage: string;
  productName: string;
  resellPriceCents: number;
}): PromotedProduct {
  return {
    _id: row.id,
    product_image: row.productImage,
    product_name: row.productName,
    resell_price: centsToDollars(row.resellPriceCents),
  };
}
