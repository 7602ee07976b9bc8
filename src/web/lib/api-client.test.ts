import { describe, expect, expectTypeOf, it } from 'vitest';
import * as apiRoutes from '../../contract/route-table';
import { apiCall, apiPage, ApiError, errorMessage, isApiError, readBody } from './api-client';
import { errorText } from './error-text';

describe('ApiError and isApiError', () => {
  it('carries the status and the server message', () => {
    const error = new ApiError(409, 'A category with this name already exists');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(409);
    expect(error.message).toBe('A category with this name already exists');
  });

  it('matches any status, or only the statuses given', () => {
    const notFound = new ApiError(404, 'No order found');
    expect(isApiError(notFound)).toBe(true);
    expect(isApiError(notFound, 400, 404)).toBe(true);
    expect(isApiError(notFound, 401, 403)).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(undefined)).toBe(false);
  });
});

describe('reading answers', () => {
  it('parses a JSON body; an empty or non-JSON body is undefined', async () => {
    expect(await readBody(new Response('{"message":"hi"}'))).toEqual({ message: 'hi' });
    expect(await readBody(new Response(''))).toBeUndefined();
    expect(await readBody(new Response('<html>'))).toBeUndefined();
  });

  it("takes an error's message from the server, else names the status", () => {
    const response = { status: 502, statusText: 'Bad Gateway' };
    expect(
      errorMessage({ statusCode: 502, error: 'Bad Gateway', message: 'Stripe is down' }, response),
    ).toBe('Stripe is down');
    expect(errorMessage(undefined, response)).toBe('Request failed: 502 Bad Gateway');
    expect(errorMessage({ message: 42 }, { status: 500, statusText: '' })).toBe(
      'Request failed: 500',
    );
  });
});

describe('errorText', () => {
  it("shows the server's message, a network hint, or a generic text", () => {
    expect(errorText(new ApiError(400, 'body.email must be an email address'))).toBe(
      'body.email must be an email address',
    );
    expect(errorText(new TypeError('Failed to fetch'))).toBe(
      'Network error: please check your connection and try again.',
    );
    expect(errorText('odd')).toBe('Something went wrong, please try again');
  });
});

describe('apiCall types (checked by tsc)', () => {
  it('takes the contract route’s inputs and answers its answer type', () => {
    const typeOnly = async () => {
      const order = await apiCall(apiRoutes.getOrder, { params: { id: 'o1' } });
      expectTypeOf(order.data.product_info.product_price).toBeNumber();
      const page = await apiPage(apiRoutes.listCategoryProducts, {
        params: { id: 'c1' },
        query: { cursor: undefined },
      });
      expectTypeOf(page.items[0]!.seller_verified).toBeBoolean();
      expectTypeOf(page.nextCursor).toEqualTypeOf<string | null>();
      const categories = await apiCall(apiRoutes.listCategories);
      expectTypeOf(categories).toEqualTypeOf<
        { _id: string; category_name: string; holds_vehicles: boolean }[]
      >();
      // @ts-expect-error: getOrder needs params
      await apiCall(apiRoutes.getOrder);
      // @ts-expect-error: the id is a string
      await apiCall(apiRoutes.getOrder, { params: { id: 1 } });
      // @ts-expect-error: a category needs its name
      await apiCall(apiRoutes.createCategory, { body: {} });
      // @ts-expect-error: promote needs the product id in its query
      await apiCall(apiRoutes.promoteProduct, { params: { uid: 'u' } });
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
