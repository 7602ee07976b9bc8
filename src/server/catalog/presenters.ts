/** Presenters: exactly what of a catalogue row leaves the server (docs/product.md §3 field names). */
import {
  centsToDollars,
  type ListingStatus,
  type ProductCard,
  type PromotedProduct,
  type VehicleDetails,
} from '#contract/index.js';
import { presentVerification } from '../trust/seller-verification.js';
import { presentPlace, type PlaceRow } from '../places/repository.js';
import { presentSellerType, type SellerTypeRow } from '../dealers/presenters.js';

/** The vehicle-detail columns of a product row, null when not given. */
export interface VehicleRow {
  make: string | null;
  model: string | null;
  modelYear: number | null;
  mileageKm: number | null;
  fuelType: string | null;
  transmission: string | null;
  bodyType: string | null;
  color: string | null;
  vin: string | null;
}

export interface ProductCardRow extends VehicleRow, SellerTypeRow {
  id: string;
  productName: string;
  productDescription: string;
  productImage: string;
  productImages: string[];
  categoryId: string;
  categoryName: string;
  condition: string;
  resellPriceCents: number;
  originalPriceCents: number | null;
  yearOfUsed: number;
  sellerLocation: string;
  sellerName: string;
  sellerUid: string;
  sellerImage: string;
  sellerStatus: string;
  /** When the seller passed each check (decision 0044); null = not passed. */
  sellerPhoneVerifiedAt: Date | null;
  sellerIdentityVerifiedAt: Date | null;
  sellerAdminVerifiedAt: Date | null;
  /** The seller's live reviews and their stars' sum. */
  sellerReviewCount: number;
  sellerRatingSum: number;
  createdAt: Date;
  sold: boolean;
  promote: boolean;
  /** The listing state (decision 0027). */
  listingStatus: ListingStatus;
  /** Where the listing stands (decision 0026), null when unknown. */
  place: PlaceRow | null;
}

/** The vehicle details of a row under their API names. */
export function presentVehicleDetails(row: VehicleRow): VehicleDetails {
  return {
    make: row.make,
    model: row.model,
    model_year: row.modelYear,
    mileage_km: row.mileageKm,
    fuel_type: row.fuelType as VehicleDetails['fuel_type'],
    transmission: row.transmission as VehicleDetails['transmission'],
    body_type: row.bodyType,
    color: row.color,
    vin: row.vin,
  };
}

/**
 * A seller's rating from the counters on their user row: the mean of `sum` over
 * `count` reviews rounded to one decimal, null when there are none.
 */
export function sellerRating(count: number, sum: number): ProductCard['seller_rating'] {
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : null, count };
}

export function presentProductCard(row: ProductCardRow): ProductCard {
  return {
    _id: row.id,
    product_name: row.productName,
    product_description: row.productDescription,
    product_image: row.productImage,
    product_images: row.productImages.length > 0 ? row.productImages : [row.productImage],
    ...presentVehicleDetails(row),
    category_id: row.categoryId,
    category_name: row.categoryName,
    condition: row.condition as ProductCard['condition'],
    resell_price: centsToDollars(row.resellPriceCents),
    original_price: row.originalPriceCents === null ? null : centsToDollars(row.originalPriceCents),
    year_of_used: row.yearOfUsed,
    seller_location: row.sellerLocation,
    seller_name: row.sellerName,
    seller_uid: row.sellerUid,
    seller_image: row.sellerImage,
    seller_verified: row.sellerStatus === 'verified',
    seller_verification: presentVerification({
      phoneVerifiedAt: row.sellerPhoneVerifiedAt,
      identityVerifiedAt: row.sellerIdentityVerifiedAt,
      adminVerifiedAt: row.sellerAdminVerifiedAt,
      status: row.sellerStatus,
    }),
    seller_rating: sellerRating(row.sellerReviewCount, row.sellerRatingSum),
    ...presentSellerType(row),
    createAt: row.createdAt.toISOString(),
    order_status: row.sold,
    promote: row.promote,
    listing_status: row.listingStatus,
    place: row.place ? presentPlace(row.place) : null,
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
