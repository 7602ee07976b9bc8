/** What of an order leaves the server: spec §3 Order, the price in dollars. */
import { centsToDollars, type Order } from '../../../contract/index.js';
import type { OrderRow } from './repository.js';

export function presentOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    customer_info: {
      customer_name: row.customerName,
      customer_email: row.customerEmail,
      customer_uid: row.customerUid,
      customer_phone: row.customerPhone,
      meeting_location: row.meetingLocation,
    },
    product_info: {
      product_name: row.productName,
      product_image: row.productImage,
      product_price: centsToDollars(row.productPriceCents),
      product_id: row.productId,
      product_category: row.productCategory,
      product_category_id: row.productCategoryId,
    },
    seller_info: {
      seller_name: row.sellerName,
      seller_phone: row.sellerPhone,
      seller_email: row.sellerEmail,
      seller_uid: row.sellerUid,
      seller_image: row.sellerImage,
      seller_location: row.sellerLocation,
    },
    order_status: row.paid,
  };
}
