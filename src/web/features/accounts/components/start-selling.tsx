/**
 * `Start selling`: one tap gives the signed-in account the seller role (POST /api/profile/seller;
 * every account already buys, decision 0042), then opens the page the role guard refused (the
 * page's `?next=`, checked by `safePath`) or else Add A Product. Shown wherever someone
 * shows the intent to sell: under "You Are Not A Seller" and on the profile page. Renders nothing
 * for a visitor (signing in comes first) and for an account that already sells.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { nextParam } from '#web/lib/auth/redirect';
import { useIsSeller } from '#web/lib/auth/roles';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-keys';
import toast from '#web/lib/toast';

export const startSellingTexts = {
  button: 'Start selling',
  started: 'You can sell now. Add your car.',
} as const;

/** Adds the seller role to the signed-in account and refreshes every role check. */
export function useStartSelling() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => apiCall(apiRoutes.becomeSeller, {}),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
        user ? queryClient.invalidateQueries({ queryKey: queryKeys.profile(user.uid) }) : null,
      ]);
    },
  });
}

export function StartSellingButton({ className = 'btn btn-primary' }: { className?: string }) {
  const { user } = useAuth();
  const seller = useIsSeller();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const start = useStartSelling();
  if (!user || seller.isLoading || seller.holds) return null;
  return (
    <button
      type="button"
      className={className}
      disabled={start.isPending}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: () => {
            toast.success(startSellingTexts.started);
            void navigate(nextParam(search) ?? paths.sellerAddProduct.href());
          },
          onError: (error) => toast.error(errorText(error)),
        })
      }
    >
      {startSellingTexts.button}
    </button>
  );
}
