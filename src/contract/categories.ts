/**
 * Category names and the admin's category management.
 *
 * A name is normalised before anything checks it: Unicode NFKC (so "ＣＡＲＳ" is "CARS"),
 * invisible, control and bidirectional-override characters removed, runs of white space
 * collapsed to one space, trimmed, first letter capitalised (docs/product.md §5 "New category"). Length is
 * checked on the result, which is what is stored. Names are unique ignoring case, and a
 * near-duplicate (same letters and digits once case, accents, spaces, punctuation and a plural
 * "s" are set aside: "E-Bikes" vs "ebike") is refused with a message naming the existing one.
 *
 * Admin calls follow the moderation conventions (decision 0006): `{uid}` in the path is the
 * caller's own uid, `?id=` the category's `_id`, bearer token of an admin; 401/403 otherwise.
 * - `GET /api/admin-categories/{uid}` — every live category with its live listing count.
 * - `PATCH /api/category-rename/{uid}?id=` `{category_name}` → `{modifiedCount}`.
 * - `PATCH /api/category-merge/{uid}?id=&into=` → `{modifiedCount, deletedCount}`: every listing
 *   of `id` moves to `into`, then `id` is removed.
 * - `DELETE /api/category-delete/{uid}?id=` → `{deletedCount}`; 409 while it has live listings.
 * - `PATCH /api/category-kind/{uid}?id=` `{kind}` → `{modifiedCount}` (decision 0047).
 * Each change is audit-logged (`category.rename`, `category.merge`, `category.delete`,
 * `category.kind`).
 */
import { z } from 'zod';
import { idSchema, uidSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { limits } from './limits.js';

/**
 * What a category holds (decision 0047): `vehicles` (cars and other vehicles: forms ask for the
 * vehicle details) or `parts` (parts and accessories). Stored as `categories.holds_vehicles`,
 * which `GET /api/categories` answers; set by admins (`PATCH /api/category-kind/{uid}`) and by
 * the demo data. `GET /api/search?kind=` keeps listings of categories of that kind.
 */
export const categoryKinds = ['vehicles', 'parts'] as const;
export type CategoryKind = (typeof categoryKinds)[number];
export const categoryKindSchema = z.enum(categoryKinds, {
  message: 'must be vehicles or parts',
});

/** A category's kind from its `holds_vehicles`. */
export const categoryKindOf = (holdsVehicles: boolean): CategoryKind =>
  holdsVehicles ? 'vehicles' : 'parts';

/** The kinds in words (the admin's select, the search page's choice). */
export const categoryKindLabels: Record<CategoryKind, string> = {
  vehicles: 'Vehicles',
  parts: 'Parts and accessories',
};

/** docs/product.md §5 "New category": the required-name message. */
export const categoryNameRequired = 'Category name is required';

/**
 * Format (Cf: zero-width, bidi marks and overrides, soft hyphen…), control (Cc) and unassigned
 * code points, and the variation selectors: nothing a reader sees, everything a spoofer uses.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Cn}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/gu;

/** Normalises a category name as described in the module comment ('' when nothing is left). */
export function normaliseCategoryName(text: string): string {
  const cleaned = text
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return cleaned.charAt(0).toLocaleUpperCase('en-US') + cleaned.slice(1);
}

/**
 * The near-duplicate key of a (normalised) name: lower case, accents removed, letters and digits
 * only, one trailing "s" dropped from words longer than 3 letters. "E-Bikes", "e bike" and
 * "EBIKE" share the key "ebike".
 */
export function categoryNameKey(name: string): string {
  const letters = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(/[^\p{L}\p{N}]/gu, '');
  return letters.length > 3 && letters.endsWith('s') ? letters.slice(0, -1) : letters;
}

/** A category name as sent: normalised, then 1–50 characters (limits.categoryNameMax). */
export const categoryNameSchema = z
  .string({ message: categoryNameRequired })
  .transform(normaliseCategoryName)
  .pipe(
    z
      .string()
      .min(1, { message: categoryNameRequired })
      .max(limits.categoryNameMax, {
        message: `must be at most ${limits.categoryNameMax} characters`,
      }),
  );

/** docs/product.md §5 "New category": `{category_name}`. */
export const newCategorySchema = z.object({ category_name: categoryNameSchema });

/** Why a category write was refused (the answer's `message`). */
export const categoryMessages = {
  nearDuplicate: (existing: string) => `A category like this already exists: "${existing}"`,
  dailyCap: (max: number) =>
    `You can add at most ${max} new categories a day. Please use an existing category or try again tomorrow.`,
  notEmpty: (listings: number) =>
    `This category still has ${listings} listing${listings === 1 ? '' : 's'}: merge it into another category instead`,
  mergeIntoItself: 'A category cannot be merged into itself',
  notFound: 'Category not found',
  targetNotFound: 'The category to merge into was not found',
} as const;

/** Texts of the admin's Categories page. */
export const categoryAdminTexts = {
  heading: 'All Categories',
  renamed: 'Category renamed',
  kindChanged: 'Category kind saved',
  merged: 'Categories merged',
  deleted: 'Deleted Successfully!',
  empty: 'There are no categories yet.',
} as const;

/** A category as the admin's table shows it. */
export const adminCategorySchema = z.object({
  _id: z.string(),
  category_name: z.string(),
  kind: categoryKindSchema.describe('vehicles, or parts and accessories (decision 0047)'),
  listingCount: z.number().int().describe('live listings in it'),
  createdBy: z.string().nullable().describe("the adding seller's display name; null for seed data"),
  createdAt: z.string().describe('ISO-8601 date-time'),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

const adminParams = z.object({ uid: uidSchema.describe("the caller's own uid") });
const categoryQuery = z.object({ id: idSchema.describe('the category `_id`') });
const adminErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

export const listAdminCategoriesContract = {
  method: 'GET',
  url: '/api/admin-categories/:uid',
  summary: 'Every live category with its live listing count, by name (admin)',
  params: adminParams,
  response: { 200: z.array(adminCategorySchema), ...adminErrors },
} as const;

export const renameCategoryContract = {
  method: 'PATCH',
  url: '/api/category-rename/:uid',
  summary:
    'Renames a category (admin). The name is normalised like a new one; a near-duplicate of ' +
    'another category is 409. `modifiedCount` 0 when the name is unchanged.',
  params: adminParams,
  querystring: categoryQuery,
  body: newCategorySchema,
  response: {
    200: z.object({ modifiedCount: z.number().int() }),
    409: errorSchema,
    ...adminErrors,
  },
} as const;

export const mergeCategoryContract = {
  method: 'PATCH',
  url: '/api/category-merge/:uid',
  summary:
    'Merges category `id` into `into` (admin): every listing of `id` moves to `into` ' +
    '(`modifiedCount` = listings moved) and `id` is removed (`deletedCount` 1).',
  params: adminParams,
  querystring: categoryQuery.extend({ into: idSchema.describe('the category that stays') }),
  response: {
    200: z.object({ modifiedCount: z.number().int(), deletedCount: z.number().int() }),
    409: errorSchema,
    ...adminErrors,
  },
} as const;

export const deleteCategoryContract = {
  method: 'DELETE',
  url: '/api/category-delete/:uid',
  summary:
    'Removes an empty category (admin): 409 while it has live listings (merge it instead). ' +
    '`deletedCount` 1, or 0 when already removed.',
  params: adminParams,
  querystring: categoryQuery,
  response: {
    200: z.object({ deletedCount: z.number().int() }),
    409: errorSchema,
    ...adminErrors,
  },
} as const;

export const setCategoryKindContract = {
  method: 'PATCH',
  url: '/api/category-kind/:uid',
  summary:
    'Sets what a category holds (admin): `vehicles` or `parts` (parts and accessories). ' +
    'Searches by kind and the listing forms follow it. `modifiedCount` 0 when unchanged.',
  params: adminParams,
  querystring: categoryQuery,
  body: z.object({ kind: categoryKindSchema }),
  response: { 200: z.object({ modifiedCount: z.number().int() }), ...adminErrors },
} as const;
