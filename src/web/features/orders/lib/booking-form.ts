/**
 * The booking modal's form (docs/product.md §3 Booking form, §5 Booking): `customer_phone` and
 * `customer_location`, both required with the spec's messages. The rules are the contract's
 * (`newOrderSchema`), so the browser and the server agree; zod lives here, so only the lazy
 * booking modal imports this module.
 */
import { z } from 'zod';
import { newOrderSchema, type NewOrder } from '#contract/orders';
import type { ProductCard } from '#contract/entities';
import type { AuthUser } from '#web/lib/auth/auth-context';
import { viewingInstant, viewingProblem } from './viewing-time';

const customerInfo = newOrderSchema.shape.customer_info.shape;

export const bookingFormSchema = z
  .object({
    customer_phone: customerInfo.customer_phone,
    customer_location: customerInfo.meeting_location,
    /** The proposed viewing's day (`YYYY-MM-DD`) and slot (`HH:MM`), both or neither. */
    viewing_day: z.string().default(''),
    viewing_slot: z.string().default(''),
  })
  .superRefine((values, context) => {
    const problem = viewingProblem(values.viewing_day, values.viewing_slot);
    if (problem) context.addIssue({ code: 'custom', path: ['viewing_slot'], message: problem });
  });
export type BookingFormValues = z.input<typeof bookingFormSchema>;

/**
 * The docs/product.md §7 body of `POST /api/orders` for a booking. The server reads only the product id,
 * phone and meeting location; the rest is what the spec's client sends, for the record.
 */
export function toNewOrder(
  values: z.input<typeof bookingFormSchema>,
  product: ProductCard,
  user: AuthUser,
): NewOrder {
  const viewingAt = viewingInstant(values.viewing_day ?? '', values.viewing_slot ?? '');
  return {
    customer_info: {
      customer_name: user.displayName,
      customer_email: user.email,
      customer_uid: user.uid,
      customer_phone: values.customer_phone,
      meeting_location: values.customer_location,
    } as NewOrder['customer_info'],
    product_info: {
      product_name: product.product_name,
      product_image: product.product_image,
      product_price: product.resell_price,
      product_id: product._id,
      product_category: product.category_name,
      product_category_id: product.category_id,
    } as NewOrder['product_info'],
    seller_info: {
      seller_name: product.seller_name,
      seller_uid: product.seller_uid,
      seller_image: product.seller_image,
      seller_location: product.seller_location,
    },
    order_status: false,
    ...(viewingAt ? { viewing_at: viewingAt } : {}),
  };
}
