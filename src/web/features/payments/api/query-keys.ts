/** TanStack Query keys of the payment page. */
export const paymentQueryKeys = {
  config: ['payment-config'] as const,
  /** The client secret of the signed-in buyer's open order of a product. */
  intent: (uid: string, productId: string) => ['payment-intent', uid, productId] as const,
};
