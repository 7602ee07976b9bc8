/**
 * Selling calls (spec §7, issue 4): add a category, add a product, list the seller's own
 * products, promote and delete. The product form's rules and messages are spec §5's, shared by
 * the SPA's form and the server's validation.
 */
import { z } from 'zod';
import { conditionSchema, idSchema, productSchema, uidSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { conditions, limits } from './limits.js';

/** Spec §5 validation messages of the Add A Product form, word for word. */
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

/** Spec §5: name, description and location have their first letter capitalised before saving. */
export function capitalizeFirst(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toLocaleUpperCase('en-US') + trimmed.slice(1);
}

const requiredText = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `must be at most ${max} characters` });

/** A price in US dollars: > 0, at most two decimals, at most limits.priceMaxCents. */
const priceSchema = (message: string) =>
  z
    .number({ message })
    .positive({ message: 'must be greater than 0' })
    .max(limits.priceMaxCents / 100, { message: `must be at most ${limits.priceMaxCents / 100}` })
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
      message: 'must have at most two decimals',
    });

/**
 * An image URL as `POST /api/images` answers it (`/uploads/<file>`), or an absolute http(s) URL.
 */
export const imageUrlSchema = z
  .string({ message: productFormMessages.image })
  .trim()
  .min(1, { message: productFormMessages.image })
  .max(limits.urlMax)
  .regex(/^(\/uploads\/[A-Za-z0-9._-]+|https?:\/\/\S+)$/, { message: 'Invalid URL' });

/**
 * Body of `POST /api/products`: the Product of spec §3 as the spec's form sends it. Only the
 * fields a seller may set are read; `seller_*` (but phone and location), `createAt`,
 * `order_status`, `promote`, `reported` and `reportCount` are ignored: the server sets them.
 */
export const newProductSchema = z.object({
  product_name: requiredText(productFormMessages.productName, limits.productNameMax),
  product_description: requiredText(productFormMessages.description, limits.productDescriptionMax),
  product_image: imageUrlSchema,
  category_id: idSchema,
  condition: conditionSchema.default('Fair').describe(`one of ${conditions.join(', ')}`),
  resell_price: priceSchema(productFormMessages.resellPrice).describe('US dollars'),
  original_price: priceSchema(productFormMessages.originalPrice).describe('US dollars'),
  year_of_used: z
    .number({ message: productFormMessages.yearOfUsed })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be 0 or more' })
    .max(limits.yearOfUsedMax, { message: `must be at most ${limits.yearOfUsedMax}` }),
  seller_location: requiredText(productFormMessages.location, limits.locationMax),
  seller_phone: z
    .string({ message: productFormMessages.phone })
    .trim()
    .min(1, { message: productFormMessages.phone })
    .min(limits.phoneMin, { message: productFormMessages.phoneMin })
    .max(limits.phoneMax, { message: `must be at most ${limits.phoneMax} characters` })
    .regex(/^\+?[0-9 ()-]+$/, { message: 'must contain only digits, spaces, +, - and ()' }),
});
export type NewProduct = z.infer<typeof newProductSchema>;

/** Spec §5 "New category": name required, first letter capitalised; 1–50 characters. */
export const newCategorySchema = z.object({
  category_name: z
    .string({ message: 'Category name is required' })
    .trim()
    .min(1, { message: 'Category name is required' })
    .max(limits.categoryNameMax, {
      message: `must be at most ${limits.categoryNameMax} characters`,
    }),
});

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
  summary: 'Add a category (seller; spec §7)',
  body: newCategorySchema,
  response: { 201: insertedSchema, 409: errorSchema, ...guardedErrors },
} as const;

export const createProductContract = {
  method: 'POST',
  url: '/api/products',
  summary: 'Add a product (seller; spec §5, §7)',
  body: newProductSchema,
  response: { 201: insertedSchema, ...guardedErrors },
} as const;

export const listOwnProductsContract = {
  method: 'GET',
  url: '/api/products',
  summary: "The seller's own products, newest first (spec §7)",
  response: { 200: z.array(productSchema), ...guardedErrors },
} as const;

export const promoteProductContract = {
  method: 'PATCH',
  url: '/api/promote-product/:uid',
  summary: 'Promote an own, unsold product (spec §7)',
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
  summary: 'Delete an own product; its orders and payments keep what they showed (spec §7)',
  params: z.object({ uid: uidSchema }),
  querystring: ownProductQuery,
  response: { 200: z.object({ deletedCount: z.number().int() }), ...guardedErrors },
} as const;

/** Messages of promote (spec §8 "Promoted Success! with the server message"). */
export const promoteMessages = {
  promoted: 'The product has been promoted successfully.',
  alreadyPromoted: 'The product is already promoted.',
  sold: 'A sold product cannot be promoted.',
} as const;
