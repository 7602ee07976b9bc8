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
} as const;
