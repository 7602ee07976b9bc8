/**
 * POST /api/create-payment-intent/{productId} (docs/product.md §7): `{clientSecret}` of a payment intent for
 * the signed-in buyer's open order of the product; the server takes the amount from the order
 * (cents, usd) and answers the same unpaid intent when asked again, so the page may ask on every
 * load. 404 without an open order, 409 when the product is sold or the order is paid.
 */
import { useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

/** The client secret for paying `productId`; asked once per page visit (never cached beyond). */
export function useClientSecret(productId: string, enabled: boolean) {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: queryKeys.payments.intent(uid, productId),
    queryFn: async ({ signal }) =>
      (await apiCall(apiRoutes.createPaymentIntent, { params: { productId }, signal }))
        .clientSecret,
    enabled: enabled && uid !== '',
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
