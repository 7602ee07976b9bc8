/** GET /api/categories (spec §7): all categories, for the home page's category grid. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Category } from '../../../lib/contract';
import { apiGet } from '../../../lib/api-client';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiGet<Category[]>(apiPaths.categories(), signal);
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
