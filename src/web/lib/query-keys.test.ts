import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateListings, queryKeys } from './query-keys';

/** A client holding one cached answer under each key. */
function clientWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, []);
  return client;
}

const staleKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => query.queryKey);

describe('query keys', () => {
  it('nest each catalogue key under the catalogue prefix', () => {
    for (const key of [
      queryKeys.catalog.categories,
      queryKeys.catalog.promotedProducts,
      queryKeys.catalog.categoryProducts('c1'),
    ]) {
      expect(key.slice(0, 1)).toEqual(queryKeys.catalog.all);
    }
    expect(queryKeys.catalog.categoryProducts('c1').slice(0, 2)).toEqual(
      queryKeys.catalog.allCategoryProducts,
    );
  });

  it('keep one user’s data apart from another’s', () => {
    expect(queryKeys.orders.list('u1')).not.toEqual(queryKeys.orders.list('u2'));
    expect(queryKeys.roles.role('admin', 'u1')).not.toEqual(queryKeys.roles.role('admin', 'u2'));
  });

  it('after a listing changes, mark the Advertisement and every category page stale, not the rest', async () => {
    const client = clientWith([
      queryKeys.catalog.promotedProducts,
      queryKeys.catalog.categoryProducts('c1'),
      queryKeys.catalog.categoryProducts('c2'),
      queryKeys.catalog.categories,
      queryKeys.blogs,
      queryKeys.orders.list('u1'),
    ]);
    await invalidateListings(client);
    expect(staleKeys(client)).toEqual([
      queryKeys.catalog.promotedProducts,
      queryKeys.catalog.categoryProducts('c1'),
      queryKeys.catalog.categoryProducts('c2'),
    ]);
  });
});
