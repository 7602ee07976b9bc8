/**
 * The PostgreSQL pool when the network freezes in the middle of a transaction (the
 * stress tests' network-freeze failure): the statement that gets no answer fails after
 * `query_timeout`, and the transaction's ROLLBACK fails with it at once instead of waiting out a
 * second timeout on the same dead connection. PostgreSQL server only (PGlite has no network).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- tests/ has no subpath import (decision 0033)
import { TcpProxy } from '../../../tests/stress/support/tcp-proxy.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { queryRows } from './rows.js';

const serverUrl = process.env.DATABASE_URL;
/** A short statement timeout (ms) so that the test waits for it, not for the default 15 s. */
const TIMEOUT_MS = 1_000;

describe.skipIf(!serverUrl)('a frozen network during a transaction', () => {
  let proxy: TcpProxy;
  let handle: DatabaseHandle;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    const direct = new URL(serverUrl!);
    proxy = new TcpProxy(direct.hostname, Number(direct.port || 5432));
    await proxy.listen();
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    handle = await openDatabase(
      { kind: 'postgres', url: viaProxy.toString() },
      { poolSize: 2, statementTimeoutMs: TIMEOUT_MS, onPoolError: (e) => poolErrors.push(e) },
    );
  });
  afterAll(async () => {
    await proxy?.close();
    await handle?.close().catch(() => undefined);
  });

  it('fails within one statement timeout, and the pool works again after the thaw', async () => {
    let frozen = false;
    const started = performance.now();
    const outcome = handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.freeze();
        frozen = true;
        await tx.execute(sql`select 2`);
      })
      .then(
        () => 'committed',
        () => 'failed',
      );
    expect(await outcome).toBe('failed');
    const elapsed = performance.now() - started;
    expect(frozen).toBe(true);
    // The statement's own timeout, not a second one for the ROLLBACK queued behind it.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS * 1.8);
    // The connection was closed and reported, not handed back to the pool.
    expect(poolErrors.length).toBeGreaterThan(0);

    proxy.thaw();
    const result = await queryRows<unknown>(handle.db, sql`select 3 as n`);
    expect(result).toEqual([{ n: 3 }]);
  });
});
