/**
 * The Add A Product form's rules (docs/product.md §5 Add product): the contract's own field schemas and
 * messages (src/contract/selling.ts), behind the checks an HTML form needs first: the photo is a
 * FileList, and the number inputs give strings ('' when empty). zod lives here, so only the lazy
 * seller pages import this module.
 */
import { z } from 'zod';
import type { AuthUser } from '#web/lib/auth/auth-context';
import type { Category } from '#contract/entities';
import { conditions, fuelTypes, limits, transmissions } from '#contract/limits';
import {
  capitalizeFirst,
  newProductSchema,
  productFormMessages,
  vehicleInputShape,
  type NewProduct,
} from '#contract/selling';
import { depositInputSchema } from '#contract/deposits';
import type { ProductBody } from '../api/create-product';

const rules = {
  ...newProductSchema.shape,
  // The API may fill a left-out location from the chosen place; the form always sends it: the
  // one Location field gives the chosen town's name or the text typed (docs/spec-deviations.md).
  seller_location: newProductSchema.shape.seller_location.unwrap(),
};

/** A number input: required (docs/product.md §5 message), then the contract's rule for the number. */
const numberInput = (message: string, rule: z.ZodType<number, number>) =>
  z.string().trim().min(1, { message }).transform(Number).pipe(rule);

/** Not a spec text (docs/product.md §5 lists none for the category): the select must name one. */
export const categoryRequiredMessage = 'Category is required';

/** An optional whole-number input: '' is null, else the contract's rule. */
const optionalNumberInput = (
  rule: z.ZodType<number | null | undefined, number | null | undefined>,
) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(rule as z.ZodType<number | null | undefined, number | null>);

/**
 * The vehicle inputs of Add A Product and the edit page (all optional; shown for
 * vehicle categories only). Selects give '' for "not given".
 */
export const vehicleFormShape = {
  make: vehicleInputShape.make,
  model: vehicleInputShape.model,
  model_year: optionalNumberInput(vehicleInputShape.model_year),
  mileage_km: optionalNumberInput(vehicleInputShape.mileage_km),
  fuel_type: z.union([z.literal(''), z.enum(fuelTypes)]),
  transmission: z.union([z.literal(''), z.enum(transmissions)]),
  body_type: vehicleInputShape.body_type,
  color: vehicleInputShape.color,
  vin: vehicleInputShape.vin,
};

/** The empty vehicle inputs. */
export const emptyVehicleForm = {
  make: '',
  model: '',
  model_year: '',
  mileage_km: '',
  fuel_type: '',
  transmission: '',
  body_type: '',
  color: '',
  vin: '',
} as const;

type VehicleFormValues = {
  [K in keyof typeof vehicleFormShape]: z.output<(typeof vehicleFormShape)[K]>;
};

/**
 * The vehicle details of the body: null for every field when the category does not hold
 * vehicles (non-vehicle categories don't ask for them), '' as null otherwise.
 */
export function toVehicleBody(values: VehicleFormValues, holdsVehicles: boolean) {
  const given = <T>(value: T | '' | null | undefined): T | null =>
    holdsVehicles && value !== '' && value !== undefined ? value : null;
  return {
    make: given(values.make),
    model: given(values.model),
    model_year: given(values.model_year),
    mileage_km: given(values.mileage_km),
    fuel_type: given(values.fuel_type),
    transmission: given(values.transmission),
    body_type: given(values.body_type),
    color: given(values.color),
    vin: given(values.vin),
  };
}

/**
 * The viewing deposit input, whole dollars 0–500; '' means none (0). Checked with the
 * contract's rule (the server checks it again).
 */
export const depositFormInput = z
  .string()
  .trim()
  .transform((value) => (value === '' ? 0 : Number(value)))
  .pipe(depositInputSchema.unwrap());

/**
 * The add and edit forms' fields. The photos are not among them: the photo manager uploads each
 * as it is chosen and the form sends their URLs (1–20; the first is the cover). The original
 * price may be empty ('' → null): the form asks for it with the spec's message unless the
 * category holds vehicles (`originalPriceProblem`; docs/spec-deviations.md).
 */
export const productFormSchema = z.object({
  product_name: rules.product_name,
  category_id: z.string().min(1, { message: categoryRequiredMessage }),
  condition: z.enum(conditions, { message: productFormMessages.condition }),
  resell_price: numberInput(productFormMessages.resellPrice, rules.resell_price),
  original_price: z
    .string()
    .trim()
    .transform((value): number | null | undefined => (value === '' ? null : Number(value)))
    .pipe(rules.original_price),
  year_of_used: numberInput(productFormMessages.yearOfUsed, rules.year_of_used),
  seller_location: rules.seller_location,
  seller_phone: rules.seller_phone,
  product_description: rules.product_description,
  ...vehicleFormShape,
  deposit: depositFormInput,
});
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** The spec's message when a category that holds no vehicles gets no original price. */
export function originalPriceProblem(
  originalPrice: number | null | undefined,
  holdsVehicles: boolean,
): string | undefined {
  return !holdsVehicles && (originalPrice ?? null) === null
    ? productFormMessages.originalPrice
    : undefined;
}

/**
 * Years of use a car's model year gives: this year minus the model year, at least 0 (a car is
 * asked its model year, not its years of use). Null without a valid model year.
 */
export function yearsUsedFrom(modelYear: string | number | null | undefined, now = new Date()) {
  const year = Number(modelYear);
  if (!modelYear || !Number.isInteger(year) || year < limits.modelYearMin) return null;
  return Math.min(limits.yearOfUsedMax, Math.max(0, now.getFullYear() - year));
}

/** The photos' message when none is uploaded yet (docs/features.md). */
export const photosRequiredMessage = productFormMessages.image;

/** The empty form; condition defaults to Fair (docs/features.md). */
export const emptyProductForm: ProductFormInput = {
  product_name: '',
  category_id: '',
  condition: 'Fair',
  resell_price: '',
  original_price: '',
  year_of_used: '',
  seller_location: '',
  seller_phone: '',
  product_description: '',
  ...emptyVehicleForm,
  deposit: '',
};

/**
 * The docs/product.md §3 Product body of POST /api/products: the form's values with name, description and
 * location capitalised (docs/product.md §5), the uploaded photos' URLs (the first is the cover), the vehicle
 * details (only for a vehicle category), the category's name and the seller's details. The server ignores seller_* (but phone and location), createAt and the flags.
 */
export function toProductBody(
  values: ProductFormValues,
  imageUrls: string[],
  category: Category,
  seller: AuthUser,
): ProductBody & NewProduct {
  return {
    product_name: capitalizeFirst(values.product_name),
    product_description: capitalizeFirst(values.product_description),
    product_image: imageUrls[0] ?? '',
    product_images: imageUrls,
    ...toVehicleBody(values, category.holds_vehicles),
    category: category.category_name,
    category_name: category.category_name,
    category_id: category._id,
    condition: values.condition,
    resell_price: values.resell_price,
    original_price: values.original_price ?? null,
    year_of_used: values.year_of_used,
    seller_location: capitalizeFirst(values.seller_location),
    seller_phone: values.seller_phone,
    deposit: values.deposit,
    seller_email: seller.email,
    seller_name: seller.displayName,
    seller_uid: seller.uid,
    seller_image: seller.photoURL,
    createAt: new Date().toISOString(),
    order_status: false,
    promote: false,
    reported: false,
    reportCount: 0,
    unavailable: false,
  };
}
