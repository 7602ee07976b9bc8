/**
 * The admin's category management (src/contract/categories.ts), `{uid}` being
 * the signed-in admin's own uid:
 * - GET /api/admin-categories/{uid} → every live category with its listing count;
 * - PATCH /api/category-rename/{uid}?id= `{category_name}` → `{modifiedCount}`;
 * - PATCH /api/category-kind/{uid}?id= `{kind}` → `{modifiedCount}` (vehicles or parts);
 * - PATCH /api/category-merge/{uid}?id=&into= → `{modifiedCount, deletedCount}` (listings move);
 * - DELETE /api/category-delete/{uid}?id= → `{deletedCount}` (409 while it holds listings).
 * Each write refreshes the admin lists and the catalogue once settled. Errors are ApiError.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryKind } from '#contract/categories';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';
import { invalidateAfterModeration } from './moderation-actions';

/** The categories as the admin's page lists them. */
export function useAdminCategories() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: queryKeys.moderation.categories(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.listAdminCategories, { params: { uid }, signal }),
    enabled: uid !== '',
  });
}

/** One admin write on a category, run as the signed-in admin. */
function useCategoryWrite<Input, Output>(write: (uid: string, input: Input) => Promise<Output>) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => {
      if (!user) throw new Error('Not signed in');
      return write(user.uid, input);
    },
    onSettled: () => void invalidateAfterModeration(queryClient),
  });
}

export const useRenameCategory = () =>
  useCategoryWrite((uid, input: { id: string; name: string }) =>
    apiCall(apiRoutes.renameCategory, {
      params: { uid },
      query: { id: input.id },
      body: { category_name: input.name },
    }),
  );

export const useSetCategoryKind = () =>
  useCategoryWrite((uid, input: { id: string; kind: CategoryKind }) =>
    apiCall(apiRoutes.setCategoryKind, {
      params: { uid },
      query: { id: input.id },
      body: { kind: input.kind },
    }),
  );

export const useMergeCategory = () =>
  useCategoryWrite((uid, input: { id: string; into: string }) =>
    apiCall(apiRoutes.mergeCategory, {
      params: { uid },
      query: { id: input.id, into: input.into },
    }),
  );

export const useDeleteCategory = () =>
  useCategoryWrite((uid, id: string) =>
    apiCall(apiRoutes.deleteCategory, { params: { uid }, query: { id } }),
  );
