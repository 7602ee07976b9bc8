/** GET /api/blogs (docs/product.md §7): the blog's questions and answers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export const blogsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.blogs,
    queryFn: ({ signal }) => apiCall(apiRoutes.listBlogs, { signal }),
  });

export function useBlogs() {
  return useQuery(blogsQueryOptions());
}
