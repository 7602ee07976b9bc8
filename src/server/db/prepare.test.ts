/**
 * Several instances (docs/deploy.md): instances started together on an empty
 * PostgreSQL database migrate it once, one after another, and all start: including the job
 * queue's own tables (pg-boss creates one table per queue on the first start; two instances
 * doing so at once deadlocked before the queues were created under the same lock).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test-support/app.js';
import { onServer, withDatabase } from '../test-support/database.js';
import { buildApp } from '../app.js';
import { openDatabase } from './client.js';
import { prepareDatabase } from './prepare.js';

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('prepareDatabase on a PostgreSQL server', () => {
  it('lets three instances started together migrate an empty database once', async () => {
    const name = `sg_prepare_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl!, `create database ${name}`);
    const url = withDatabase(serverUrl!, name);
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url })));
    try {
      const config = testConfig();
      const seeded = await Promise.all(handles.map((handle) => prepareDatabase(handle, config)));
      expect(seeded).toEqual([false, false, false]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const applied = await client.query<{ count: string }>(
        'select count(*) from drizzle.__drizzle_migrations',
      );
      const distinct = await client.query<{ count: string }>(
        'select count(distinct hash) from drizzle.__drizzle_migrations',
      );
      await client.end();
      expect(Number(applied.rows[0]!.count)).toBeGreaterThan(10);
      expect(applied.rows[0]!.count).toBe(distinct.rows[0]!.count);

      // The apps start together too: pg-boss's schema and queues on a database without them.
      const apps = await Promise.all(
        handles.map((database) =>
          buildApp({ config, database, webDir: path.join(config.dataDir, 'no-spa') }),
        ),
      );
      try {
        const started = await Promise.allSettled(apps.map((app) => app.ready()));
        expect(
          started.map((result) => result.status === 'rejected' && String(result.reason)),
        ).toEqual([false, false, false]);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await onServer(serverUrl!, `drop database if exists ${name} with (force)`);
    }
  }, 120_000);
});
