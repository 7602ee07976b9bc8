/**
 * Offer calls (decision 0034): `useOffers(role)` lists the caller's offers as buyer or seller
 * (GET /api/offers?role=…); `useMakeOffer()` sends POST /api/offers; `useAnswerOffer()` sends
 * PATCH /api/offers/{id} (accept, decline, counter, withdraw). Every change refreshes the offer
 * lists, both sides' orders (an acceptance makes an order) and the conversations (each step adds
 * a note there).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import type { RouteBody } from '#contract/routes';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

export function useOffers(role: 'buyer' | 'seller') {
  const { user, loading } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: queryKeys.offers.list(uid, role),
    queryFn: ({ signal }) => apiCall(apiRoutes.listOffers, { query: { role }, signal }),
    enabled: !loading && uid !== '',
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.sellerOrders.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
    ]);
}

export function useMakeOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RouteBody<typeof apiRoutes.createOffer>) =>
      apiCall(apiRoutes.createOffer, { body }),
    onSettled: refresh,
  });
}

export function useAnswerOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      offerId,
      answer,
    }: {
      offerId: string;
      answer: RouteBody<typeof apiRoutes.updateOffer>;
    }) => apiCall(apiRoutes.updateOffer, { params: { id: offerId }, body: answer }),
    onSettled: refresh,
  });
}
