/**
 * Selling calls (docs/product.md §7): add a category, add a product, list the seller's own
 * products, promote and delete. The product form's rules and messages are docs/product.md §5's, shared by
 * the SPA's form and the server's validation.
 */
import { singleLineMessage, singleLinePattern } from './text.js';
import { z } from 'zod';
import { placeIdSchema } from './places.js';
import {
  conditionSchema,
  fuelTypeSchema,
  idSchema,
  productSchema,
  transmissionSchema,
  uidSchema,
} from './entities.js';
import { errorSchema } from './errors.js';
import { conditions, limits, vinPattern } from './limits.js';
import { depositInputSchema } from './deposits.js';
import { dollarsToCents } from './money.js';
import { newCategorySchema } from './categories.js';

/** docs/product.md §5 validation messages of the Add A Product form, word for word. */
export const productFormMessages = {
  productName: 'Product name is required',
  phone: 'Phone number is required',
  phoneMin: 'Phone number must be minimums 11 character',
  image: 'Product image is required',
  location: 'Location is required',
  condition: 'Condition status required',
  resellPrice: 'Resell price is required',
  originalPrice: 'Original price is required',
  yearOfUsed: 'Year of used is required',
  description: 'Product description is required',
} as const;

/** docs/product.md §5: name, description and location have their first letter capitalised before saving. */
export function capitalizeFirst(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toLocaleUpperCase('en-US') + trimmed.slice(1);
}

/**
 * Messages outside the spec's texts are sentences that name their field by its form label
 * — `Product name must be at most 120 characters`, never a bare
 * `must be at most 120`. The server prefixes the field's path (`body.product_name …`).
 */
const requiredText = (message: string, max: number, label: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `${label} must be at most ${max} characters` });

/**
 * A price in US dollars: at least one cent, at most two decimals, at most limits.priceMaxCents.
 * The bounds are checked on the value as stored (rounded to cents), not as sent: `1e-9` has "at
 * most two decimals" within rounding and is > 0, yet rounds to 0 cents.
 */
export const priceSchema = (message: string, label: string) =>
  z
    .number({ message })
    .positive({ message: `${label} must be greater than 0` })
    .max(limits.priceMaxCents / 100, {
      message: `${label} must be at most ${limits.priceMaxCents / 100}`,
    })
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
      message: `${label} must have at most two decimals`,
    })
    .refine((value) => dollarsToCents(value) >= 1, { message: `${label} must be at least 0.01` })
    .refine((value) => dollarsToCents(value) <= limits.priceMaxCents, {
      message: `${label} must be at most ${limits.priceMaxCents / 100}`,
    });

/**
 * An image URL as `POST /api/images` answers it (`/uploads/<file>`). Never another site's
 * address: a picture from elsewhere tells that site who looks at the listing.
 */
export const imageUrlSchema = z
  .string({ message: productFormMessages.image })
  .trim()
  .min(1, { message: productFormMessages.image })
  .max(limits.urlMax)
  .regex(/^\/uploads\/[A-Za-z0-9._-]+$/, {
    message: 'Invalid URL: upload the image to this site',
  });

/** Messages of the vehicle and photo fields. */
export const listingMessages = {
  vin: 'VIN must be 17 characters: digits and capital letters except I, O and Q',
  imagesCover: 'The cover photo must be the first of the photos',
  imagesDistinct: 'The photos must not repeat a photo',
  imagesMax: `A listing has at most ${limits.productImagesMax} photos`,
  soldPrice: 'The price of a sold listing cannot change',
} as const;

/** An optional text: trimmed; '' and null clear it (null), absent leaves it (undefined). */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value === '' ? null : value));

const optionalInt = (min: number, max: number, label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int({ message: `${label} must be a whole number` })
    .min(min, { message: `${label} must be ${min} or more` })
    .max(max, { message: `${label} must be at most ${max}` })
    .nullish();

/**
 * The optional vehicle details as a form sends them. Each may be absent (unchanged),
 * null or '' (cleared). `vin` is upper-cased before it is checked.
 */
export const vehicleInputShape = {
  make: optionalText(limits.vehicleTextMax, 'Make'),
  model: optionalText(limits.vehicleTextMax, 'Model'),
  model_year: optionalInt(limits.modelYearMin, limits.modelYearMax, 'Model year'),
  mileage_km: optionalInt(0, limits.mileageKmMax, 'Mileage').describe('kilometres'),
  fuel_type: fuelTypeSchema.nullish(),
  transmission: transmissionSchema.nullish(),
  body_type: optionalText(limits.vehicleTextMax, 'Body type'),
  color: optionalText(limits.vehicleTextMax, 'Colour'),
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || vinPattern.test(value), { message: listingMessages.vin })
    .nullish()
    .transform((value) => (value === '' ? null : value)),
};

/** 1–20 uploaded photos, cover first. */
export const productImagesSchema = z
  .array(imageUrlSchema)
  .min(1, { message: productFormMessages.image })
  .max(limits.productImagesMax, { message: listingMessages.imagesMax })
  .refine((urls) => new Set(urls).size === urls.length, {
    message: listingMessages.imagesDistinct,
  });

const productFields = {
  product_name: requiredText(
    productFormMessages.productName,
    limits.productNameMax,
    'Product name',
  ).regex(singleLinePattern, { message: singleLineMessage }),
  product_description: requiredText(
    productFormMessages.description,
    limits.productDescriptionMax,
    'Product description',
  ),
  product_image: imageUrlSchema.describe('the cover photo'),
  product_images: productImagesSchema
    .optional()
    .describe('every photo, cover first; absent = [product_image]'),
  category_id: idSchema,
  condition: conditionSchema.default('Fair').describe(`one of ${conditions.join(', ')}`),
  resell_price: priceSchema(productFormMessages.resellPrice, 'Resell price').describe('US dollars'),
  original_price: priceSchema(productFormMessages.originalPrice, 'Original price').describe(
    'US dollars; may be left out (or null) for a vehicle category: "not given"',
  ),
  year_of_used: z
    .number({ message: productFormMessages.yearOfUsed })
    .int({ message: 'Year of used must be a whole number' })
    .min(0, { message: 'Year of used must be 0 or more' })
    .max(limits.yearOfUsedMax, {
      message: `Year of used must be at most ${limits.yearOfUsedMax}`,
    }),
  seller_location: requiredText(productFormMessages.location, limits.locationMax, 'Location'),
  seller_phone: z
    .string({ message: productFormMessages.phone })
    .trim()
    .min(1, { message: productFormMessages.phone })
    .min(limits.phoneMin, { message: productFormMessages.phoneMin })
    .max(limits.phoneMax, { message: `Phone number must be at most ${limits.phoneMax} characters` })
    .regex(/^\+?[0-9 ()-]+$/, {
      message: 'Phone number must contain only digits, spaces, +, - and ()',
    }),
  ...vehicleInputShape,
  deposit: depositInputSchema,
  place_id: placeIdSchema
    .nullable()
    .optional()
    .describe(
      'where the listing stands: a place id (`GET /api/places`, decision 0026); null clears it',
    ),
};

/** When both are given, the cover must be the first photo. */
function coverIsFirst(
  value: { product_image?: string | undefined; product_images?: string[] | undefined },
  context: z.RefinementCtx,
) {
  if (value.product_image === undefined || value.product_images === undefined) return;
  if (value.product_images[0] !== value.product_image) {
    context.addIssue({
      code: 'custom',
      path: ['product_image'],
      message: listingMessages.imagesCover,
    });
  }
}

/**
 * Body of `POST /api/products`: the Product of docs/product.md §3 as the spec's form sends it, plus the
 * photos and vehicle details beside the spec's fields. Only the fields a seller may set are read; `seller_*`
 * (but phone and location), `createAt`, `order_status`, `promote`, `reported` and
 * `reportCount` are ignored: the server sets them.
 */
export const newProductSchema = z
  .object({
    ...productFields,
    seller_location: productFields.seller_location.optional(),
    // Required for every category but a vehicle one; the server checks the category.
    original_price: productFields.original_price.nullish(),
  })
  .superRefine(coverIsFirst)
  .superRefine((value, context) => {
    // The location text may be left out when a place is chosen: it is then the place's name
    // (decision 0026).
    if (value.seller_location === undefined && (value.place_id ?? null) === null)
      context.addIssue({
        code: 'custom',
        path: ['seller_location'],
        message: productFormMessages.location,
      });
  });
export type NewProduct = z.infer<typeof newProductSchema>;
/** What a form sends as a new product (before defaults and transforms). */
export type NewProductInput = z.input<typeof newProductSchema>;

/**
 * Body of `PATCH /api/product/{id}`: any field of a new product; absent fields keep
 * their value, vehicle details sent as null or '' are cleared. Validated like creation. When
 * `product_images` is sent without `product_image`, its first photo becomes the cover.
 */
export const productUpdateSchema = z
  .object({
    ...productFields,
    product_name: productFields.product_name.optional(),
    product_description: productFields.product_description.optional(),
    product_image: productFields.product_image.optional(),
    category_id: idSchema.optional(),
    condition: conditionSchema.optional(),
    resell_price: productFields.resell_price.optional(),
    original_price: productFields.original_price.optional(),
    year_of_used: productFields.year_of_used.optional(),
    seller_location: productFields.seller_location.optional(),
    seller_phone: productFields.seller_phone.optional(),
  })
  .superRefine(coverIsFirst);
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** docs/product.md §5 "New category" (normalised, then 1–50 characters): see categories.ts. */
export { newCategorySchema };

const insertedSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
const ownProductQuery = z.object({ id: idSchema });
const guardedErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

export const createCategoryContract = {
  method: 'POST',
  url: '/api/categories',
  summary: 'Add a category (seller)',
  body: newCategorySchema,
  response: {
    201: insertedSchema,
    409: errorSchema.describe('a category like this exists (the message names it)'),
    429: errorSchema.describe(
      'the seller added CATEGORY_DAILY_MAX categories in the last 24 hours',
    ),
    ...guardedErrors,
  },
} as const;

export const createProductContract = {
  method: 'POST',
  url: '/api/products',
  summary: 'Add a product (seller)',
  body: newProductSchema,
  response: { 201: insertedSchema, ...guardedErrors },
} as const;

export const listOwnProductsContract = {
  method: 'GET',
  url: '/api/products',
  summary: "The seller's own products, newest first",
  response: { 200: z.array(productSchema), ...guardedErrors },
} as const;

export const promoteProductContract = {
  method: 'PATCH',
  url: '/api/promote-product/:uid',
  summary: 'Promote an own, unsold product',
  params: z.object({ uid: uidSchema }),
  querystring: ownProductQuery,
  response: {
    200: z.object({ message: z.string(), modifiedCount: z.number().int() }),
    409: errorSchema,
    ...guardedErrors,
  },
} as const;

export const deleteProductContract = {
  method: 'DELETE',
  url: '/api/product-delete/:uid',
  summary: 'Delete an own product; its orders and payments keep what they showed',
  params: z.object({ uid: uidSchema }),
  querystring: ownProductQuery,
  response: { 200: z.object({ deletedCount: z.number().int() }), ...guardedErrors },
} as const;

/** Messages of promote (docs/product.md §8 "Promoted Success! with the server message"). */
export const promoteMessages = {
  promoted: 'The product has been promoted successfully.',
  alreadyPromoted: 'The product is already promoted.',
  sold: 'A sold product cannot be promoted.',
} as const;
