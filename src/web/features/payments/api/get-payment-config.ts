/**
 * GET /api/payment-config (decision 0005): which card provider the payment page loads —
 * `{provider: 'sandbox'}` (the built-in, offline Stripe look-alike) or
 * `{provider: 'stripe', publishableKey}` (Stripe.js and Elements).
 */
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract';
import { paymentQueryKeys } from './query-keys';

export interface PaymentConfig {
  provider: 'sandbox' | 'stripe';
  /** Stripe only: the `pk_…` key for Stripe.js. */
  publishableKey?: string;
}

export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiGet<PaymentConfig>(apiPaths.paymentConfig(), signal);
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentQueryKeys.config,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
}
