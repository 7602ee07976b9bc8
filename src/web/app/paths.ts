/**
 * Every route of the SPA and its link builder, in one place (spec §2 route table). Pages and
 * links import from here; `path` is the React Router pattern, `href` builds a concrete URL.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: () => '/login' },
  registration: { path: '/registration', href: () => '/registration' },
  /** DESIGN.md §8: "Forgot password?" leads to a working reset (not in the spec's table). */
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  /** The link mailed by the server: `/reset-password?token=…`. */
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  blogs: { path: '/blogs', href: () => '/blogs' },
  category: {
    path: '/category/:id',
    href: (id: string) => `/category/${encodeURIComponent(id)}`,
  },
  payment: {
    path: '/payment/:id',
    href: (orderId: string) => `/payment/${encodeURIComponent(orderId)}`,
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
  /** Seller dashboard: Add A Product. */
  sellerAddProduct: { path: '/user/seller', href: () => '/user/seller' },
  sellerProducts: { path: '/user/seller/all-products', href: () => '/user/seller/all-products' },
  /** Buyer dashboard: My Orders. */
  buyerOrders: { path: '/user/buyer', href: () => '/user/buyer' },
  notFound: { path: '*', href: () => '/' },
} as const;
