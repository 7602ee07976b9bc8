/**
 * TanStack Query keys of the admin dashboard (spec §2 Admin dashboard), and what an admin action
 * makes stale: the admin lists themselves and the public catalogue (a verified seller's badge on
 * the category page, a deleted seller's or listing's cards, the Advertisement carousel).
 */
import type { QueryClient } from '@tanstack/react-query';

export const moderationQueryKeys = {
  all: ['moderation'] as const,
  users: (uid: string, role: 'buyer' | 'seller') => ['moderation', 'users', role, uid] as const,
  reportedProducts: (uid: string) => ['moderation', 'reported-products', uid] as const,
};

/**
 * The catalogue's query keys (features/catalog/api): the category listings, the promoted
 * products and the categories. Prefixes, so every category's listing is included.
 */
const catalogQueryKeys = [['category-products'], ['promoted-products'], ['categories']] as const;

/**
 * Marks the admin lists and the catalogue stale after an admin action (done or refused: a 404 or
 * 409 also means the list on screen is out of date). Lists on screen refetch at once.
 */
export function invalidateAfterModeration(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: moderationQueryKeys.all }),
    ...catalogQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}
