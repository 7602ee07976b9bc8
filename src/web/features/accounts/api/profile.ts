/**
 * The signed-in user's own profile (/user/profile; src/contract/profile.ts):
 * - `useProfile()`: GET /api/profile → name, e-mail, photo, role, admin flag, `hasPassword`.
 * - `useUpdateProfile()`: PATCH /api/profile `{displayName?, photoURL?}`; on success the auth state
 *   (navigation bar) shows the change at once and every list that shows names and photos
 *   (listings, seller profiles and reviews, messages, orders and bookings) is refetched.
 * - `changePassword()`: POST /api/profile/password `{current_password, new_password}`; this
 *   session goes on, every other one ends.
 * - `deleteOwnAccount()`: DELETE /api/profile → `{deletedCount}`; the server ends every session.
 * A wrong current password or a refused field answers 400 with the server's message (never
 * 401/403, which would sign the user out, docs/product.md §8 Global).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import type { RouteBody } from '#contract/routes';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { invalidateListings, queryKeys } from '#web/lib/query-keys';

export const profileQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.profile(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.getProfile, { signal }),
    enabled: uid !== '',
  });

/** The signed-in user's profile. */
export function useProfile() {
  const { user } = useAuth();
  return useQuery(profileQueryOptions(user?.uid ?? ''));
}

export type ProfileChange = RouteBody<typeof apiRoutes.updateProfile>;

/** Saves a name and/or photo change and shows it everywhere the SPA shows them. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user, applyProfile } = useAuth();
  return useMutation({
    mutationFn: (change: ProfileChange) => apiCall(apiRoutes.updateProfile, { body: change }),
    onSuccess: (profile) => {
      applyProfile({ displayName: profile.displayName, photoURL: profile.photoURL });
      if (user) queryClient.setQueryData(queryKeys.profile(user.uid), profile);
      return Promise.all([
        invalidateListings(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sellerOrders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.favourites.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
      ]);
    },
  });
}

/** Changes the password; resolves how many other sessions were ended. @throws ApiError */
export async function changePassword(currentPassword: string, newPassword: string) {
  return apiCall(apiRoutes.changePassword, {
    body: { current_password: currentPassword, new_password: newPassword },
  });
}

/** Deletes the signed-in user's own account. @throws ApiError (409 for the last admin) */
export async function deleteOwnAccount() {
  return apiCall(apiRoutes.deleteProfile, {});
}
