/**
 * Every route of the SPA and its link builder, in one place (spec §2 route table). Pages and
 * links import from here; `path` is the React Router pattern, `href` builds a concrete URL.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: () => '/login' },
  registration: { path: '/registration', href: () => '/registration' },
  blogs: { path: '/blogs', href: () => '/blogs' },
  category: {
    path: '/category/:id',
    href: (id: string) => `/category/${encodeURIComponent(id)}`,
  },
  adminNotFound: { path: '/admin-not-found', href: () => '/admin-not-found' },
  sellerNotFound: { path: '/seller-not-found', href: () => '/seller-not-found' },
  buyerNotFound: { path: '/buyer-not-found', href: () => '/buyer-not-found' },
  notFound: { path: '*', href: () => '/' },
} as const;
