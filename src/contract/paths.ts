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
} as const;
