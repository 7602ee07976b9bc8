/**
 * GET /api/payment-config (decision 0005): which card provider the payment page loads —
 * `{provider: 'sandbox'}` (the built-in, offline Stripe look-alike) or
 * `{provider: 'stripe', publishableKey}` (Stripe.js and Elements).
 */
import { useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function usePaymentConfig() {
  return useQuery({
    queryKey: queryKeys.payments.config,
    queryFn: ({ signal }) => apiCall(apiRoutes.paymentConfig, { signal }),
    staleTime: Infinity,
  });
}
