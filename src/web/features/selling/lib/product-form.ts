/**
 * The Add A Product form's rules (spec §5 Add product): the contract's own field schemas and
 * messages (src/contract/selling.ts), behind the checks an HTML form needs first: the photo is a
 * FileList, and the number inputs give strings ('' when empty). zod lives here, so only the lazy
 * seller pages import this module.
 */
import { z } from 'zod';
import type { AuthUser } from '../../auth/lib/auth-context';
import type { Category } from '../../../../contract/entities';
import { conditions } from '../../../../contract/limits';
import {
  capitalizeFirst,
  newProductSchema,
  productFormMessages,
  type NewProduct,
} from '../../../../contract/selling';
import type { ProductBody } from '../api/create-product';

const rules = newProductSchema.shape;

/** A number input: required (spec §5 message), then the contract's rule for the number. */
const numberInput = (message: string, rule: z.ZodType<number, number>) =>
  z.string().trim().min(1, { message }).transform(Number).pipe(rule);

/** Not a spec text (spec §5 lists none for the category): the select must name one. */
export const categoryRequiredMessage = 'Category is required';

export const productFormSchema = z.object({
  product_name: rules.product_name,
  product_image: z.custom<FileList>((value) => value instanceof FileList && value.length > 0, {
    message: productFormMessages.image,
  }),
  category_id: z.string().min(1, { message: categoryRequiredMessage }),
  condition: z.enum(conditions, { message: productFormMessages.condition }),
  resell_price: numberInput(productFormMessages.resellPrice, rules.resell_price),
  original_price: numberInput(productFormMessages.originalPrice, rules.original_price),
  year_of_used: numberInput(productFormMessages.yearOfUsed, rules.year_of_used),
  seller_location: rules.seller_location,
  seller_phone: rules.seller_phone,
  product_description: rules.product_description,
});
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** The empty form (no photo chosen); condition defaults to Fair (spec §5, §9). */
export const emptyProductForm: Omit<ProductFormInput, 'product_image'> = {
  product_name: '',
  category_id: '',
  condition: 'Fair',
  resell_price: '',
  original_price: '',
  year_of_used: '',
  seller_location: '',
  seller_phone: '',
  product_description: '',
};

/**
 * The spec §3 Product body of POST /api/products: the form's values with name, description and
 * location capitalised (spec §5), the uploaded image's URL, the category's name and the seller's
 * details. The server ignores seller_* (but phone and location), createAt and the flags.
 */
export function toProductBody(
  values: ProductFormValues,
  imageUrl: string,
  category: Category,
  seller: AuthUser,
): ProductBody & NewProduct {
  return {
    product_name: capitalizeFirst(values.product_name),
    product_description: capitalizeFirst(values.product_description),
    product_image: imageUrl,
    category: category.category_name,
    category_name: category.category_name,
    category_id: category._id,
    condition: values.condition,
    resell_price: values.resell_price,
    original_price: values.original_price,
    year_of_used: values.year_of_used,
    seller_location: capitalizeFirst(values.seller_location),
    seller_phone: values.seller_phone,
    seller_email: seller.email,
    seller_name: seller.displayName,
    seller_uid: seller.uid,
    seller_image: seller.photoURL,
    createAt: new Date().toISOString(),
    order_status: false,
    promote: false,
    reported: false,
    reportCount: 0,
  };
}
