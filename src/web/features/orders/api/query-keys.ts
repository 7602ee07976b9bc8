/**
 * TanStack Query keys of the buyer's orders. Keyed by the signed-in uid, so one user never sees
 * another's cached orders after a change of account.
 */
export const orderQueryKeys = {
  all: ['orders'] as const,
  list: (uid: string) => ['orders', 'list', uid] as const,
  detail: (uid: string, orderId: string) => ['orders', 'detail', uid, orderId] as const,
};
