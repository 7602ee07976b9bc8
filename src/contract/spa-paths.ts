/**
 * Every route of the SPA and its link builder, in one place (docs/product.md §2 route table). Pages and
 * links import it (as `src/web/lib/paths.ts`); `path` is the React Router pattern, `href` builds
 * a concrete URL. The server reads the same patterns to answer unknown pages with HTTP 404
 * (`isSpaRoute`).
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  /** `from`: a same-site path to return to after signing in (read by the login page). */
  login: {
    path: '/login',
    href: (from?: string) => (from ? `/login?from=${encodeURIComponent(from)}` : '/login'),
  },
  registration: { path: '/registration', href: () => '/registration' },
  /** docs/spec-deviations.md: "Forgot password?" leads to a working reset (not in the spec's table). */
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  /** The link mailed by the server: `/reset-password?token=…`. */
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  /** Public search; its filters and sort live in the query string (`?q=…`). */
  search: {
    path: '/search',
    href: (query = '') => (query ? `/search?${query.replace(/^\?/, '')}` : '/search'),
  },
  blogs: { path: '/blogs', href: () => '/blogs' },
  category: {
    path: '/category/:id',
    href: (id: string) => `/category/${encodeURIComponent(id)}`,
  },
  /** A listing's own page (public). */
  listing: {
    path: '/listing/:id',
    href: (id: string) => `/listing/${encodeURIComponent(id)}`,
  },
  payment: {
    path: '/payment/:id',
    href: (orderId: string) => `/payment/${encodeURIComponent(orderId)}`,
  },
  /** The buyer holds a booking's viewing deposit with a card (id = order id). */
  depositHold: {
    path: '/deposit/:id',
    href: (orderId: string) => `/deposit/${encodeURIComponent(orderId)}`,
  },
  adminNotFound: { path: '/admin-not-found', href: () => '/admin-not-found' },
  sellerNotFound: { path: '/seller-not-found', href: () => '/seller-not-found' },
  buyerNotFound: { path: '/buyer-not-found', href: () => '/buyer-not-found' },
  /** Admin dashboard: All Seller. */
  adminSellers: { path: '/user/admin', href: () => '/user/admin' },
  adminBuyers: { path: '/user/admin/buyers', href: () => '/user/admin/buyers' },
  adminReportedProducts: {
    path: '/user/admin/reported-product',
    href: () => '/user/admin/reported-product',
  },
  /** Admin dashboard → Deposit disputes (refund or keep a disputed deposit). */
  adminDepositDisputes: {
    path: '/user/admin/deposit-disputes',
    href: () => '/user/admin/deposit-disputes',
  },
  /** Admin dashboard → Payment disputes (release or refund a disputed protected payment). */
  adminPaymentDisputes: {
    path: '/user/admin/payment-disputes',
    href: () => '/user/admin/payment-disputes',
  },
  /** Admin dashboard: Appeals (DSA Art. 20: uphold or reverse a removal). */
  adminAppeals: { path: '/user/admin/appeals', href: () => '/user/admin/appeals' },
  /** Admin dashboard: Risk (decision 0028: listings that the trust checks point at). */
  adminRisk: { path: '/user/admin/risk', href: () => '/user/admin/risk' },
  /** Admin dashboard: Audit log (who did what to which record, newest first). */
  adminAuditLog: { path: '/user/admin/audit-log', href: () => '/user/admin/audit-log' },
  /** Admin dashboard: Categories (rename, merge, delete). */
  adminCategories: { path: '/user/admin/categories', href: () => '/user/admin/categories' },
  /** Seller dashboard: Add A Product. */
  sellerAddProduct: { path: '/user/seller', href: () => '/user/seller' },
  sellerProducts: { path: '/user/seller/all-products', href: () => '/user/seller/all-products' },
  /** The owner's edit page of a listing. */
  sellerEditProduct: {
    path: '/user/seller/products/:id/edit',
    href: (id: string) => `/user/seller/products/${encodeURIComponent(id)}/edit`,
  },
  /** Seller dashboard: Bookings (the bookings of the seller's products). */
  sellerBookings: { path: '/user/seller/bookings', href: () => '/user/seller/bookings' },
  /** The offers on the seller's listings (decision 0034). */
  sellerOffers: { path: '/user/seller/offers', href: () => '/user/seller/offers' },
  /** Seller dashboard: Insights (views, impressions, time to sell of the seller's listings). */
  sellerInsights: { path: '/user/seller/insights', href: () => '/user/seller/insights' },
  /** Seller dashboard: Import (business sellers' inventory import; docs/features.md "Dealers"). */
  sellerImport: { path: '/user/seller/import', href: () => '/user/seller/import' },
  /** Seller dashboard: API keys (business sellers' keys for the inventory API). */
  sellerApiKeys: { path: '/user/seller/api-keys', href: () => '/user/seller/api-keys' },
  /**
   * The signed-in user's own profile (any role): name, photo, password, notifications,
   * deleting the account. Linked from the user's name in the navigation bar.
   */
  profile: { path: '/user/profile', href: () => '/user/profile' },
  /** Buyer dashboard: My Orders. */
  buyerOrders: { path: '/user/buyer', href: () => '/user/buyer' },
  /** The offers the buyer made (decision 0034). */
  buyerOffers: { path: '/user/buyer/offers', href: () => '/user/buyer/offers' },
  /** Short pages the footer links to. */
  about: { path: '/about', href: () => '/about' },
  contact: { path: '/contact', href: () => '/contact' },
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  /** The accessibility statement (European Accessibility Act, WCAG 2.2 AA). */
  accessibility: { path: '/accessibility', href: () => '/accessibility' },
  /** DSA Art. 15/24: the public transparency report of moderation. */
  transparency: { path: '/transparency', href: () => '/transparency' },
  /** The page of a notification mail's unsubscribe link (`?token=…`). */
  unsubscribe: { path: '/unsubscribe', href: () => '/unsubscribe' },
  /** Decision 0027: the page of an expiry reminder's one-click Renew link (`?token=…`). */
  renewListing: { path: '/renew-listing', href: () => '/renew-listing' },
  /** Messages: the conversation list, and one conversation open beside it. */
  messages: { path: '/messages', href: () => '/messages' },
  /** The signed-in user's saved searches. */
  savedSearches: { path: '/saved-searches', href: () => '/saved-searches' },
  conversation: {
    path: '/messages/:conversationId',
    href: (conversationId: string) => `/messages/${encodeURIComponent(conversationId)}`,
  },
  /** The signed-in user's favourites. */
  favourites: { path: '/favourites', href: () => '/favourites' },
  /** A seller's public profile with rating, live listings and reviews. */
  sellerProfile: {
    path: '/seller/:uid',
    href: (uid: string) => `/seller/${encodeURIComponent(uid)}`,
  },
  notFound: { path: '*', href: () => '/' },
} as const;

/** One pattern segment: a literal (compared case-insensitively, as React Router does) or `:param`. */
const spaPatterns = Object.values(paths)
  .map((route) => route.path as string)
  .filter((pattern) => pattern !== '*')
  .map((pattern) => pattern.split('/').filter((segment) => segment !== ''));

/**
 * Whether a URL path (no query) is one of the SPA's own routes, so the server answers it 200 with
 * the app and anything else 404 with the app's Uh-oh! page (docs/product.md §2 "any other", §8).
 * Matches like React Router: case-insensitive literals, `:param` = one non-empty segment, an
 * optional trailing slash.
 */
export function isSpaRoute(pathname: string): boolean {
  let segments: string[];
  try {
    segments = pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return false;
  }
  return spaPatterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every(
        (part, index) =>
          part.startsWith(':') || part.toLowerCase() === segments[index]!.toLowerCase(),
      ),
  );
}
