import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { demoAccountsWithKnownPassword } from './identities.js';
import { DEMO_PASSWORD, demoAccounts, demoUsers } from '../db/demo/accounts.js';
import { prepareDatabase } from '../db/prepare.js';
import { authUser, users } from '../db/schema.js';
import type { DatabaseHandle } from '../db/client.js';
import { testConfig } from '../test-support/app.js';
import { createTestDatabase } from '../test-support/database.js';
import { bearer, cookieFrom, issueToken, signIn } from '../test-support/accounts.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function freshDatabase(): Promise<DatabaseHandle> {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  return database;
}

async function appOn(database: DatabaseHandle, config: ReturnType<typeof testConfig>) {
  const app = await buildApp({ config, database });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

describe('ADMIN_EMAIL / ADMIN_PASSWORD at start-up', () => {
  it('creates the admin once, idempotently, and it signs in as an admin', async () => {
    const database = await freshDatabase();
    const config = testConfig({ ADMIN_EMAIL: 'Boss@Example.test', ADMIN_PASSWORD: 'op-secret-1' });
    await prepareDatabase(database, config);
    await prepareDatabase(database, config);

    const identities = await database.db
      .select()
      .from(authUser)
      .where(eq(authUser.email, 'boss@example.test'));
    expect(identities).toHaveLength(1);
    const uid = identities[0]!.id;
    const records = await database.db.select().from(users).where(eq(users.uid, uid));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ isAdmin: true, status: 'unverified' });

    const app = await appOn(database, config);
    const signedIn = await signIn(app, 'boss@example.test', 'op-secret-1');
    expect(signedIn.statusCode).toBe(200);
    const token = await issueToken(app, cookieFrom(signedIn), uid);
    const isAdmin = await app.inject({
      method: 'GET',
      url: `/api/user/admin/${uid}`,
      headers: bearer(token),
    });
    expect(isAdmin.json()).toEqual({ isAdmin: true });
  });

  it('grants the admin flag to an identity that already exists and restores a deleted record', async () => {
    const database = await freshDatabase();
    await prepareDatabase(database, testConfig());
    const config = testConfig({ ADMIN_EMAIL: 'ops@example.test', ADMIN_PASSWORD: 'op-secret-2' });
    const { db } = database;
    await db
      .insert(authUser)
      .values({ id: 'existing-ops', email: 'ops@example.test', name: 'Ops' });
    await db.insert(users).values({
      uid: 'existing-ops',
      displayName: 'Ops',
      email: 'ops@example.test',
      role: 'seller',
      deletedAt: new Date(),
    });
    await prepareDatabase(database, config);
    const [record] = await db.select().from(users).where(eq(users.uid, 'existing-ops'));
    expect(record).toMatchObject({ isAdmin: true, role: 'seller', deletedAt: null });
    expect(await db.select().from(authUser)).toHaveLength(1);
  });
});

describe('demo accounts', () => {
  it('exist with their fixed uids and the demo password when demo data was seeded', async () => {
    const database = await freshDatabase();
    const config = testConfig({ SEED_DEMO: 'true' });
    expect(await prepareDatabase(database, config)).toBe(true);
    const app = await appOn(database, config);
    for (const account of demoAccounts) {
      const response = await signIn(app, account.email, DEMO_PASSWORD);
      expect(response.statusCode, account.email).toBe(200);
      expect(response.json<{ user: { id: string } }>().user.id).toBe(account.uid);
    }
    const seller = await signIn(app, 'seller@example.com', DEMO_PASSWORD);
    const token = await issueToken(app, cookieFrom(seller), 'demo-seller');
    const isSeller = await app.inject({
      method: 'GET',
      url: '/api/user/seller/demo-seller',
      headers: bearer(token),
    });
    expect(isSeller.json()).toEqual({ isSeller: true });

    // The start-up warning names the accounts that still take the demo password.
    const exposed = await demoAccountsWithKnownPassword(database.db);
    expect(exposed).toEqual(demoUsers.map((account) => account.email).sort());
  }, 120_000);

  it('never exist in a database that started empty with SEED_DEMO=false', async () => {
    const database = await freshDatabase();
    expect(await prepareDatabase(database, testConfig({ SEED_DEMO: 'false' }))).toBe(false);
    expect(await database.db.select().from(authUser)).toHaveLength(0);
    expect(await demoAccountsWithKnownPassword(database.db)).toEqual([]);
  });
});
