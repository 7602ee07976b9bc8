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

/** Lifetime of an API token (seconds). The SPA asks for a new one before it runs out. */
export const apiTokenLifetimeSeconds = 15 * 60;

/** Spec §3/§9: the local-storage key of the API token. */
export const accessTokenStorageKey = 'access-token';

/**
 * The identity provider's calls the SPA makes (Better Auth; JSON bodies; the session cookie is
 * set and sent by the browser). Bodies:
 * - `signUp` POST {name, email, password, image?} → {token, user}; signs in at once.
 *   422 `USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL`, 400 `PASSWORD_TOO_SHORT`.
 * - `signIn` POST {email, password} → {redirect, token, user}; 401 `INVALID_EMAIL_OR_PASSWORD`
 *   for a wrong password and an unknown email alike.
 * - `signInWithGoogle` POST {provider: 'google', callbackURL: '/…'} → {url, redirect: true}; the
 *   SPA navigates to `url`; after Google the browser lands on callbackURL, signed in.
 * - `signOut` POST {} → {success}; ends the session on the server.
 * - `session` GET → {session, user} or null.
 * - `updateUser` POST {name?, image?} → {status} (the registration's "update profile").
 * - `requestPasswordReset` POST {email} → {status, message}; mails a link to
 *   `${PUBLIC_URL}/reset-password?token=…` (same answer whether the email exists or not).
 * - `resetPassword` POST {newPassword, token} → {status}; ends every session of the account;
 *   400 `INVALID_TOKEN`.
 * Too many sign-in, sign-up or reset attempts answer 429 with a `retry-after` header (seconds).
 */
export const authPaths = {
  signUp: '/api/auth/sign-up/email',
  signIn: '/api/auth/sign-in/email',
  signInWithGoogle: '/api/auth/sign-in/social',
  signOut: '/api/auth/sign-out',
  session: '/api/auth/get-session',
  updateUser: '/api/auth/update-user',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
} as const;

/** URL builders of the account calls (spec §7). */
export const accountApiPaths = {
  authConfig: () => '/api/auth-config',
  token: () => '/api/jwt',
  users: () => '/api/users',
  images: () => '/api/images',
  isAdmin: (uid: string) => `/api/user/admin/${encodeURIComponent(uid)}`,
  isSeller: (uid: string) => `/api/user/seller/${encodeURIComponent(uid)}`,
  isBuyer: (uid: string) => `/api/user/buyer/${encodeURIComponent(uid)}`,
} as const;
