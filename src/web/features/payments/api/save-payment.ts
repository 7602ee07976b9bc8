/**
 * POST /api/payments (docs/product.md §3 Payment record, §7): records the payment once the provider says
 * the intent succeeded. Body `{price (dollars), transactionId (pi_…), email, orderId, product_id}`;
 * answer `{acknowledged, insertedId}`. The server checks the intent with the provider and marks
 * the order paid and the product sold in one transaction; a repeat answers the same record.
 */
import type { NewPayment } from '#contract/payments';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';

export function savePayment(payment: NewPayment) {
  return apiCall(apiRoutes.createPayment, { body: payment });
}
