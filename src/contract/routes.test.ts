import { describe, expect, expectTypeOf, it } from 'vitest';
import * as apiRoutes from './route-table.js';
import {
  apiUrl,
  type RouteAnswer,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
} from './routes.js';

describe('apiUrl', () => {
  it('is the pattern itself for a route without parameters', () => {
    expect(apiUrl(apiRoutes.listCategories)).toBe('/api/categories');
    expect(apiUrl(apiRoutes.listPromotedProducts)).toBe('/api/promoted-product/');
  });

  it('puts each path parameter in its place, URI-encoded', () => {
    expect(apiUrl(apiRoutes.getOrder, { params: { id: 'a1' } })).toBe('/api/order/a1');
    expect(apiUrl(apiRoutes.adminRole, { params: { uid: 'a b/c' } })).toBe(
      '/api/user/admin/a%20b%2Fc',
    );
    expect(apiUrl(apiRoutes.confirmSandboxPaymentIntent, { params: { id: 'pi_1' } })).toBe(
      '/api/sandbox/payment-intents/pi_1/confirm',
    );
  });

  it('appends the query fields that are set, in order, encoded', () => {
    expect(
      apiUrl(apiRoutes.listUsersByRole, {
        params: { uid: 'admin-1' },
        query: { role: 'seller', cursor: undefined, limit: 2 },
      }),
    ).toBe('/api/users-by-role/admin-1?role=seller&limit=2');
    expect(apiUrl(apiRoutes.reportProduct, { query: { id: 'x&y=1' } })).toBe(
      '/api/report-product?id=x%26y%3D1',
    );
    expect(apiUrl(apiRoutes.listCategoryProducts, { params: { id: 'c' }, query: {} })).toBe(
      '/api/category/c',
    );
  });

  it('refuses a missing or empty path parameter (it would name another route)', () => {
    expect(() => apiUrl(apiRoutes.getOrder, { params: { id: '' } })).toThrow(
      'getOrder: the path parameter id is missing',
    );
    expect(() => apiUrl(apiRoutes.getOrder, { params: {} as { id: string } })).toThrow(TypeError);
  });

  it('types inputs and answers from the contract (checked by tsc)', () => {
    expectTypeOf<RouteParams<typeof apiRoutes.getOrder>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<RouteParams<typeof apiRoutes.listCategories>>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteQuery<typeof apiRoutes.promoteProduct>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<RouteBody<typeof apiRoutes.createCategory>>().toEqualTypeOf<{
      category_name: string;
    }>();
    expectTypeOf<RouteAnswer<typeof apiRoutes.deleteUser>>().toEqualTypeOf<{
      deletedCount: number;
    }>();
    expectTypeOf<RouteAnswer<typeof apiRoutes.getOrder>['data']['order_status']>().toBeBoolean();
    // 200 and 201 answer the same shape when booking; 4xx bodies are not answers.
    expectTypeOf<RouteAnswer<typeof apiRoutes.createOrder>>().toEqualTypeOf<{
      acknowledged: true;
      insertedId: string;
    }>();
    const typeOnly = () => {
      // @ts-expect-error: getOrder needs params.id
      apiUrl(apiRoutes.getOrder);
      // @ts-expect-error: promoteProduct needs its query (the product id)
      apiUrl(apiRoutes.promoteProduct, { params: { uid: 'u' } });
      // @ts-expect-error: role must be buyer or seller
      apiUrl(apiRoutes.listUsersByRole, { params: { uid: 'u' }, query: { role: 'admin' } });
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
