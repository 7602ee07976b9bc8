/** GET /api/blogs (spec §7): the blog's questions and answers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Blog } from '../../../lib/contract';
import { apiGet } from '../../../lib/api-client';

export function getBlogs(signal?: AbortSignal): Promise<Blog[]> {
  return apiGet<Blog[]>(apiPaths.blogs(), signal);
}

export const blogsQueryOptions = () =>
  queryOptions({ queryKey: ['blogs'], queryFn: ({ signal }) => getBlogs(signal) });

export function useBlogs() {
  return useQuery(blogsQueryOptions());
}
