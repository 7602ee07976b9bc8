/**
 * Turns a contract entry of src/contract/api.ts into Fastify route options: method, url and the
 * schema (params, querystring, body, response) used for validation, serialisation and OpenAPI.
 */
import type { ZodType } from 'zod';

interface Contract {
  method: string;
  url: string;
  summary?: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  headers?: ZodType;
  response: Record<number, ZodType>;
}

type RouteOf<C extends Contract> = {
  method: C['method'];
  url: C['url'];
  schema: {
    summary?: string;
    tags?: string[];
    params: C['params'];
    querystring: C['querystring'];
    body: C['body'];
    headers: C['headers'];
    response: C['response'];
  };
};

export function route<C extends Contract>(contract: C, tags: string[] = []): RouteOf<C> {
  const { method, url, ...parts } = contract;
  // Only the parts a contract declares: an `undefined` key would read as "declared but empty".
  const schema = Object.fromEntries(
    Object.entries({ ...parts, tags }).filter(([, value]) => value !== undefined),
  );
  return { method, url, schema } as RouteOf<C>;
}
