/**
 * Shows how the database answers one search (decision 0012): runs `GET /api/search`'s
 * queries for a query string against a PostgreSQL server database, three times, timing each
 * (ms), then prints `EXPLAIN (ANALYZE, BUFFERS)` of every SQL statement the first run sent (the
 * later runs may answer their counts from the estimate cache).
 *
 * Usage: DATABASE_URL=postgres://…/bench_search_1m npx tsx bench/search-explain.ts 'q=corola&sort=price_asc' [--no-explain]
 */
import pg from 'pg';
import { searchQuerySchema } from '../src/contract/index.js';
import { openDatabase } from '../src/server/db/client.js';
import { search } from '../src/server/search/repository.js';

const [queryString = '', flag] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the database to explain on');

// Every statement the first search sends, with its parameters.
const sent: { text: string; values: unknown[] }[] = [];
let recording = true;
// The method itself, called below on the client it was called on (`query.apply(this, …)`).
// eslint-disable-next-line @typescript-eslint/unbound-method
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (!recording) {
    // Only the first run's statements are explained.
  } else if (typeof first === 'object' && first && 'text' in first) {
    const config = first as { text: string; values?: unknown[] };
    sent.push({
      text: config.text,
      values: config.values ?? (Array.isArray(second) ? second : []),
    });
  } else if (typeof first === 'string' && !first.startsWith('explain')) {
    sent.push({ text: first, values: Array.isArray(second) ? second : [] });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const handle = await openDatabase({ kind: 'postgres', url }, { poolSize: 2 });
const parsed = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
for (let run = 1; run <= 3; run += 1) {
  const started = performance.now();
  const found = await search(handle.db, parsed);
  const ms = performance.now() - started;
  recording = false;
  console.log(
    `run ${run}: ${ms.toFixed(1)} ms (${found.rows.length} rows, total ${found.total}${found.estimated ? ', estimated' : ''})`,
  );
}
if (flag !== '--no-explain') {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The settings `search` makes for its transaction.
  await client.query(
    'set enable_seqscan = off; set jit = off; set max_parallel_workers_per_gather = 0; set random_page_cost = 1.1',
  );
  for (const statement of sent) {
    if (/^\s*(set|begin|commit|rollback|select set_config|explain)/i.test(statement.text)) continue;
    console.log(`\n${statement.text}\n${JSON.stringify(statement.values)}`);
    const explained = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      statement.values,
    );
    console.log(explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  await client.end();
}
await handle.close();
