/**
 * Bad input at scale: requests derived from the OpenAPI document — every operation,
 * every parameter — with wrong types, huge strings, unicode, negative and huge numbers, missing
 * and extra fields, malformed JSON and wrong content types, from a fixed seed. The server must
 * never answer 5xx, and the database must stay consistent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type TestUser } from './test-support/accounts.js';
import { createTestApp, type TestApp } from './test-support/app.js';
import { createCategory, createProduct } from './test-support/factories.js';
import { rowsOf } from './db/rows.js';

/** Cases per run: a few thousand, fixed seed so a failure is repeatable. */
const CASES = 3000;
const SEED = 20261121;

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}
interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header'; schema: JsonSchema }[];
  body?: JsonSchema;
}

let t: TestApp;
let users: TestUser[];
let operations: Operation[];
let knownIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  users = [
    await registerUser(t.app, { role: 'buyer' }),
    await registerUser(t.app, { role: 'seller' }),
    await registerUser(t.app, { role: 'buyer', admin: true }),
  ];
  const category = await createCategory(t.database.db, 'Sedan');
  const product = await createProduct(t.database.db, {
    categoryId: category.id,
    sellerId: users[1]!.recordId,
  });
  knownIds = [category.id, product.id, users[0]!.recordId, users[1]!.recordId];

  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Operation['parameters'];
          requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  }>();
  operations = Object.entries(document.paths)
    // The message stream stays open for `max_seconds`; its input is tested in
    // routes/messages/messages.test.ts.
    .filter(([path]) => path !== '/api/messages/stream')
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          parameters: operation.parameters ?? [],
          body: operation.requestBody?.content?.['application/json']?.schema,
        })),
    );
}, 120_000);
afterAll(() => t?.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`never answers 5xx to ${CASES} generated requests, and the data stays consistent`, async () => {
    const random = prng(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const nasty = [
      '',
      ' ',
      'null',
      '0',
      '-1',
      '1e309',
      'NaN',
      '\u0000',
      'a\u0000b',
      '🚗'.repeat(50),
      '\u202Eevil',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '../../etc/passwd',
      '%00',
      'x'.repeat(10_000),
      '00000000-0000-0000-0000-000000000000',
      '7d9f3c4e-1111-4a2b-9c3d-00000000000g',
    ];
    const nastyValues: unknown[] = [
      null,
      true,
      -1,
      0,
      -1e308,
      1e308,
      2 ** 53 + 1,
      0.000001,
      [],
      {},
      [1, 2, 3],
      { $gt: '' },
      ...nasty,
    ];

    function valueFor(schema: JsonSchema | undefined, depth = 0): unknown {
      if (!schema || depth > 4 || random() < 0.25) return pick(nastyValues);
      if (schema.enum) return pick(schema.enum);
      if (schema.anyOf) return valueFor(pick(schema.anyOf), depth + 1);
      const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
      switch (type) {
        case 'object': {
          const result: Record<string, unknown> = {};
          for (const [key, child] of Object.entries(schema.properties ?? {})) {
            if (random() < 0.85) result[key] = valueFor(child, depth + 1);
          }
          if (random() < 0.2)
            result[pick(['extra', '__proto__', 'constructor', 'seller_uid'])] = pick(nastyValues);
          return result;
        }
        case 'array':
          return Array.from({ length: Math.floor(random() * 3) }, () =>
            valueFor(schema.items, depth + 1),
          );
        case 'integer':
        case 'number':
          return pick([0, 1, -1, 42, 1.5, 1e9, -1e9, schema.minimum ?? 0, schema.maximum ?? 100]);
        case 'boolean':
          return random() < 0.5;
        default:
          if (schema.format === 'uuid') return random() < 0.6 ? pick(knownIds) : pick(nasty);
          return pick(['Toyota Corolla', 'buyer', 'seller', 'ok', '01700000000', ...nasty]);
      }
    }

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (let i = 0; i < CASES; i++) {
      const operation = pick(operations);
      const caller = random() < 0.15 ? null : pick(users);
      let url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
        if (name === 'uid' && caller && random() < 0.7) return caller.uid;
        const param = operation.parameters.find((p) => p.name === name && p.in === 'path');
        return encodeURIComponent(String(valueFor(param?.schema)));
      });
      const query = operation.parameters
        .filter((p) => p.in === 'query' && random() < 0.8)
        .map((p) => `${p.name}=${encodeURIComponent(String(valueFor(p.schema)))}`);
      if (random() < 0.1)
        query.push(
          `${pick(['id', 'role', 'limit', 'cursor', 'zzz'])}=${encodeURIComponent(pick(nasty))}`,
        );
      if (query.length) url += `?${query.join('&')}`;

      const headers: Record<string, string> = caller ? bearer(caller.token) : {};
      let payload: string | undefined;
      if (operation.method !== 'GET' && operation.method !== 'DELETE') {
        const roll = random();
        if (roll < 0.1) {
          headers['content-type'] = 'application/json';
          payload = pick(['{', '{"a":', '[1,2', 'nul', '"\\u0000"', '{"a":1}}', '\u0000']);
        } else if (roll < 0.2) {
          headers['content-type'] = pick([
            'text/plain',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded',
          ]);
          payload = pick(nasty);
        } else {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(operation.body ? valueFor(operation.body) : pick(nastyValues));
        }
      }
      const response = await t.app.inject({
        method: operation.method as 'GET',
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500) {
        failures.push(
          `${operation.method} ${url.slice(0, 200)} ${payload?.slice(0, 200) ?? ''} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
    // Most requests must be refused cleanly, and some must get through (the fuzzer is not blind).
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect([...statuses.keys()].some((status) => status === 400)).toBe(true);

    // Consistency: every payment belongs to a paid order of a sold product; report counts match.
    const db = t.database.db;
    const broken = await db.execute(sql`
      select 'payment without paid order' as problem from payments p join orders o on o.id = p.order_id where not o.order_status
      union all
      select 'payment of unsold product' from payments p join products pr on pr.id = p.product_id where not pr.order_status
      union all
      select 'paid order without payment' from orders o where o.order_status and not exists (select 1 from payments p where p.order_id = o.id)
      union all
      select 'report count mismatch' from products pr where pr.report_count <> (select count(*) from product_reports r where r.product_id = pr.id)`);
    expect(rowsOf<unknown>(broken)).toEqual([]);
  }, 300_000);
});
