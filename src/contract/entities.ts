/**
 * Entity shapes as they leave the server (docs/product.md §3). Field names are the spec's; ids are opaque
 * strings (UUIDs here); prices are US dollars converted exactly from stored cents; dates are
 * ISO-8601 strings.
 */
import { z } from 'zod';
import { sellerVerificationSchema } from './verification.js';
import { placeSchema } from './places.js';
import { sellerTypeFields } from './trader.js';
import { listingStatuses, type ListingStatus } from './listing-state.js';
import { conditions, fuelTypes, registrationRoles, transmissions, userStatuses } from './limits.js';

/** A listing's state (decisions 0027 and 0053): what each means is src/contract/listing-state.ts. */
export { listingStatuses, type ListingStatus };
export const listingStatusSchema = z.enum(listingStatuses);

/** An entity id: a UUID. Anything else is answered with 400 before it reaches the database. */
export const idSchema = z.uuid({ message: 'must be a valid id' });

/** An identity-provider user id (docs/product.md §3 `uid`): 1–64 URL-safe characters. */
export const uidSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be a valid user id' });

export const conditionSchema = z.enum(conditions);
export const fuelTypeSchema = z.enum(fuelTypes);
export const transmissionSchema = z.enum(transmissions);

export const categorySchema = z.object({
  _id: z.string(),
  category_name: z.string(),
  holds_vehicles: z
    .boolean()
    .describe('listings are vehicles, so forms ask for the vehicle details'),
});
export type Category = z.infer<typeof categorySchema>;

export const blogSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

/** docs/product.md §3 "Promoted product": the home page's Advertisement cards. */
export const promotedProductSchema = z.object({
  _id: z.string(),
  product_image: z.string(),
  product_name: z.string(),
  resell_price: z.number().describe('US dollars'),
});
export type PromotedProduct = z.infer<typeof promotedProductSchema>;

/**
 * The vehicle details of a listing, each null when the seller did not give it.
 * `mileage_km` in kilometres; `vin` 17 characters without I, O or Q.
 */
export const vehicleDetailsSchema = z.object({
  make: z.string().nullable(),
  model: z.string().nullable(),
  model_year: z.number().int().nullable(),
  mileage_km: z.number().int().nullable().describe('kilometres'),
  fuel_type: fuelTypeSchema.nullable(),
  transmission: transmissionSchema.nullable(),
  body_type: z.string().nullable(),
  color: z.string().nullable(),
  vin: z.string().nullable(),
});
export type VehicleDetails = z.infer<typeof vehicleDetailsSchema>;

/**
 * A product as a category page shows it (docs/product.md §2 "Category page"). The seller's phone and email
 * are not part of the public card: they reach a buyer through their order (seller_info).
 * Beside the spec's fields: `product_images` (1–20 photos, the first is `product_image`) and the vehicle
 * details.
 */
export const productCardSchema = z.object({
  _id: z.string(),
  product_name: z.string(),
  product_description: z.string(),
  product_image: z.string().describe('the cover: product_images[0]'),
  product_images: z.array(z.string()).describe('1–20 photos, cover first'),
  ...vehicleDetailsSchema.shape,
  category_id: z.string(),
  category_name: z.string(),
  condition: conditionSchema,
  resell_price: z.number().describe('US dollars'),
  original_price: z
    .number()
    .nullable()
    .describe("US dollars; null when not given (a car's seller may leave it out)"),
  year_of_used: z.number().int(),
  seller_location: z.string(),
  seller_name: z.string(),
  seller_uid: z.string(),
  seller_image: z.string(),
  seller_verified: z.boolean().describe('true when an admin has verified the seller'),
  ...sellerTypeFields,
  seller_verification: sellerVerificationSchema,
  seller_rating: z
    .object({
      average: z.number().nullable().describe('mean stars, one decimal; null without reviews'),
      count: z.number().int(),
    })
    .describe("the seller's rating over their live reviews"),
  createAt: z.string().describe('ISO-8601 date-time of posting'),
  order_status: z.boolean().describe('true once sold'),
  promote: z.boolean(),
  listing_status: listingStatusSchema.describe(
    'the listing state (decision 0027); `reserved` listings show a Reserved badge',
  ),
  place: placeSchema
    .nullable()
    .describe('where the listing stands (a gazetteer place, decision 0026); null when unknown'),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** The product record of docs/product.md §3 as its seller sees it. */
export const productSchema = productCardSchema.extend({
  seller_phone: z.string(),
  seller_email: z.string(),
  reported: z.boolean(),
  reportCount: z.number().int(),
  unavailable: z.boolean().describe('taken off the market by the seller'),
  expires_at: z
    .string()
    .describe('ISO-8601 date-time the listing expires unless renewed (decision 0027)'),
  deposit: z
    .number()
    .optional()
    .describe('the refundable viewing deposit a booking holds, US dollars (0 = none)'),
});
export type Product = z.infer<typeof productSchema>;

/** The product's user record (docs/product.md §3 User). */
export const userSchema = z.object({
  _id: z.string(),
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.string(),
  role: z.enum(registrationRoles),
  status: z.enum(userStatuses),
});
export type User = z.infer<typeof userSchema>;
