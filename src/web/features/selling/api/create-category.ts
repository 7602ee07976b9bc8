/**
 * POST /api/categories {category_name} (docs/product.md §5 New category, §7) → 201 {acknowledged,
 * insertedId}; 409 "A category with this name already exists". On success the new category goes
 * into the cached category list at once (the product form's select shows it) and the list is
 * fetched again for the server's truth.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '#contract/entities';
import * as apiRoutes from '#contract/route-table';
import { capitalizeFirst } from '#contract/selling';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** Adds a category; resolves it as the list will show it (first letter capitalised, docs/product.md §5). */
export async function createCategory(name: string): Promise<Category> {
  const category_name = capitalizeFirst(name);
  const { insertedId } = await apiCall(apiRoutes.createCategory, { body: { category_name } });
  return { _id: insertedId, category_name, holds_vehicles: true };
}

/** Orders categories as GET /api/categories does: by name ignoring case. */
export function byName(a: Category, b: Category): number {
  const left = a.category_name.toLowerCase();
  const right = b.category_name.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.catalog.categories;
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(queryKey, (list) =>
        [...(list ?? []), category].sort(byName),
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
