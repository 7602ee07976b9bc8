/**
 * POST /api/create-payment-intent/{productId} (spec §7): `{clientSecret}` of a payment intent for
 * the signed-in buyer's open order of the product; the server takes the amount from the order
 * (cents, usd) and answers the same unpaid intent when asked again, so the page may ask on every
 * load. 404 without an open order, 409 when the product is sold or the order is paid.
 */
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract';
import { useAuth } from '../../auth/lib/auth-context';
import { paymentQueryKeys } from './query-keys';

export async function createPaymentIntent(
  productId: string,
  signal?: AbortSignal,
): Promise<string> {
  const { data } = await apiRequest<{ clientSecret: string }>(
    apiPaths.createPaymentIntent(productId),
    { method: 'POST', signal },
  );
  return data.clientSecret;
}

/** The client secret for paying `productId`; asked once per page visit (never cached beyond). */
export function useClientSecret(productId: string, enabled: boolean) {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: paymentQueryKeys.intent(uid, productId),
    queryFn: ({ signal }) => createPaymentIntent(productId, signal),
    enabled: enabled && uid !== '',
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
