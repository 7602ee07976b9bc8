/**
 * URL builders for every API call and the names of API headers, in one place. Free of zod on
 * purpose: the SPA's entry chunk imports it, and a module that builds schemas would ship zod
 * (~27 KB gzipped) to every page.
 */

/** Name of the response header that carries the category listing's next cursor. */
export const nextCursorHeader = 'x-next-cursor';

const segment = encodeURIComponent;

export const apiPaths = {
  health: () => '/api/health',
  categories: () => '/api/categories',
  promotedProducts: () => '/api/promoted-product/',
  blogs: () => '/api/blogs',
  categoryProducts: (id: string) => `/api/category/${segment(id)}`,
  sellerVerification: (sellerUid: string) => `/api/seller-verify/${segment(sellerUid)}`,
  /** The seller's own products (GET) and adding one (POST). */
  products: () => '/api/products',
  promoteProduct: (uid: string, id: string) =>
    `/api/promote-product/${segment(uid)}?id=${segment(id)}`,
  deleteProduct: (uid: string, id: string) =>
    `/api/product-delete/${segment(uid)}?id=${segment(id)}`,
  /** Moderation (admin; `uid` is the caller's own): src/contract/moderation.ts. */
  usersByRole: (uid: string, role: 'buyer' | 'seller') =>
    `/api/users-by-role/${segment(uid)}?role=${segment(role)}`,
  verifySeller: (uid: string, id: string) => `/api/seller-verify/${segment(uid)}?id=${segment(id)}`,
  deleteUser: (uid: string, id: string) => `/api/user-delete/${segment(uid)}?id=${segment(id)}`,
  reportedProducts: (uid: string) => `/api/reported-products/${segment(uid)}`,
  markProductSafe: (uid: string, id: string) =>
    `/api/report-product-safe/${segment(uid)}?id=${segment(id)}`,
  deleteReportedProduct: (uid: string, id: string) =>
    `/api/report-product-delete/${segment(uid)}?id=${segment(id)}`,
  auditLog: (uid: string) => `/api/audit-log/${segment(uid)}`,
  /** Buying (buyer): src/contract/orders.ts. The buyer's orders (GET) and booking (POST). */
  orders: () => '/api/orders',
  order: (id: string) => `/api/order/${segment(id)}`,
  reportProduct: (id: string) => `/api/report-product?id=${segment(id)}`,
  /** Payments: src/contract/payments.ts. */
  paymentConfig: () => '/api/payment-config',
  createPaymentIntent: (productId: string) => `/api/create-payment-intent/${segment(productId)}`,
  payments: () => '/api/payments',
  /** Sandbox provider: the Stripe-like card form calls. */
  sandboxPaymentMethods: () => '/api/sandbox/payment-methods',
  sandboxConfirmPaymentIntent: (intentId: string) =>
    `/api/sandbox/payment-intents/${segment(intentId)}/confirm`,
  stripeWebhook: () => '/api/stripe/webhook',
} as const;

/** The PaymentIntent id inside a client secret (`pi_…_secret_…`), as Stripe.js reads it. */
export function paymentIntentIdOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}
