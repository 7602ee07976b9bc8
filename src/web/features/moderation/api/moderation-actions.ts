/**
 * The admin's writes (spec §7), each a TanStack mutation that refreshes the admin lists and the
 * catalogue once settled (invalidateAfterModeration):
 * - PATCH /api/seller-verify/{uid}?id= → `{modifiedCount}` (0: already verified; 409 a buyer)
 * - DELETE /api/user-delete/{uid}?id= → `{deletedCount}` (0: nothing deleted; 409 yourself or
 *   the last admin)
 * - PATCH /api/report-product-safe/{uid}?id= → `{modifiedCount}` (0: no report to clear)
 * - DELETE /api/report-product-delete/{uid}?id= → `{deletedCount}` (0: already removed)
 * `{uid}` is the signed-in admin's own uid; `id` the record's `_id`. Errors are ApiError.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../auth/lib/auth-context';
import { invalidateAfterModeration } from './query-keys';

export interface ModifiedCount {
  modifiedCount: number;
}
export interface DeletedCount {
  deletedCount: number;
}

export async function verifySeller(uid: string, id: string): Promise<ModifiedCount> {
  return (await apiRequest<ModifiedCount>(apiPaths.verifySeller(uid, id), { method: 'PATCH' }))
    .data;
}

export async function deleteUser(uid: string, id: string): Promise<DeletedCount> {
  return (await apiRequest<DeletedCount>(apiPaths.deleteUser(uid, id), { method: 'DELETE' })).data;
}

export async function markProductSafe(uid: string, id: string): Promise<ModifiedCount> {
  return (await apiRequest<ModifiedCount>(apiPaths.markProductSafe(uid, id), { method: 'PATCH' }))
    .data;
}

export async function deleteReportedProduct(uid: string, id: string): Promise<DeletedCount> {
  return (
    await apiRequest<DeletedCount>(apiPaths.deleteReportedProduct(uid, id), { method: 'DELETE' })
  ).data;
}

/** A mutation of one admin write, taking the target's `_id`. */
function useModerationMutation<T>(write: (uid: string, id: string) => Promise<T>) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      if (!user) throw new Error('Not signed in');
      return write(user.uid, id);
    },
    onSettled: () => {
      void invalidateAfterModeration(queryClient);
    },
  });
}

export const useVerifySeller = () => useModerationMutation(verifySeller);
export const useDeleteUser = () => useModerationMutation(deleteUser);
export const useMarkProductSafe = () => useModerationMutation(markProductSafe);
export const useDeleteReportedProduct = () => useModerationMutation(deleteReportedProduct);
