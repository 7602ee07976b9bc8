import { describe, expect, it } from 'vitest';
import { isSpaRoute, paths } from './spa-paths.js';

describe('SPA paths (docs/product.md §2 route table)', () => {
  it('builds links with their parameter URI-encoded', () => {
    expect(paths.category.href('a b')).toBe('/category/a%20b');
    expect(paths.payment.href('order/1')).toBe('/payment/order%2F1');
    expect(paths.home.href()).toBe('/');
  });

  it('gives every route a distinct pattern', () => {
    const patterns = Object.values(paths).map((route) => route.path);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('tells the SPA routes from unknown paths (unknown routes answer 404)', () => {
    for (const known of [
      '/',
      '/login',
      '/blogs/',
      '/category/abc',
      '/payment/x1',
      '/user/admin',
      '/User/Seller/all-products',
      '/about',
    ]) {
      expect(isSpaRoute(known), known).toBe(true);
    }
    for (const unknown of ['/nope', '/category', '/category/a/b', '/user/admin/x', '/%E0%A4%A']) {
      expect(isSpaRoute(unknown), unknown).toBe(false);
    }
  });
});
