/**
 * POST /api/payments (spec §3 Payment record, §7): records the payment once the provider says
 * the intent succeeded. Body `{price (dollars), transactionId (pi_…), email, orderId, product_id}`;
 * answer `{acknowledged, insertedId}`. The server checks the intent with the provider and marks
 * the order paid and the product sold in one transaction; a repeat answers the same record.
 */
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract';

export interface NewPaymentRecord {
  /** US dollars. */
  price: number;
  transactionId: string;
  email: string;
  orderId: string;
  product_id: string;
}

export async function savePayment(
  payment: NewPaymentRecord,
): Promise<{ acknowledged: true; insertedId: string }> {
  const { data } = await apiRequest<{ acknowledged: true; insertedId: string }>(
    apiPaths.payments(),
    { method: 'POST', body: payment },
  );
  return data;
}
