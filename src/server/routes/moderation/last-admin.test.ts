/**
 * The last admin cannot be deleted, even when two admins delete each other at the same
 * time. A file of its own: it needs a database with exactly two admins.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, moderationConflicts } from '#contract/index.js';
import { auditLog, users } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { deleteUser } from '../../moderation/repository.js';

let t: TestApp;
let first: TestUser;
let second: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  first = await registerUser(t.app, { role: 'buyer', admin: true });
  second = await registerUser(t.app, { role: 'seller', admin: true });
});
afterAll(() => t.close());

const liveAdmins = () =>
  t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)));

describe('DELETE /api/user-delete/{uid} and the last admin', () => {
  it('two admins deleting each other at once leave exactly one admin', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({
        method: 'DELETE',
        url: apiPaths.deleteUser(first.uid, second.recordId),
        headers: bearer(first.token),
      }),
      t.app.inject({
        method: 'DELETE',
        url: apiPaths.deleteUser(second.uid, first.recordId),
        headers: bearer(second.token),
      }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser was either refused by the guard (its token died) or as the last admin's deleter.
    expect([401, 409]).toContain(statuses[1]);
    const loser = a.statusCode === 200 ? b : a;
    if (loser.statusCode === 409) {
      expect(loser.json()).toMatchObject({ message: moderationConflicts.deleteLastAdmin });
    }
    expect(await liveAdmins()).toHaveLength(1);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(1);
  });

  it('refuses to delete the last live admin, whoever asks', async () => {
    const [survivor] = await liveAdmins();
    const gone = survivor!.id === first.recordId ? second : first;
    const result = await deleteUser(t.database.db, gone.recordId, survivor!.id);
    expect(result).toEqual({ kind: 'last-admin' });
    expect(await liveAdmins()).toHaveLength(1);
  });

  it('the last admin cannot delete themselves either', async () => {
    const [survivor] = await liveAdmins();
    const me = survivor!.id === first.recordId ? first : second;
    const response = await t.app.inject({
      method: 'DELETE',
      url: apiPaths.deleteUser(me.uid, me.recordId),
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: moderationConflicts.deleteSelf });
  });

  it('a deleted admin asking to delete a non-admin is refused as gone', async () => {
    const [survivor] = await liveAdmins();
    const gone = survivor!.id === first.recordId ? second : first;
    const other = await registerUser(t.app, { role: 'buyer' });
    const result = await deleteUser(t.database.db, gone.recordId, other.recordId);
    expect(result).toEqual({ kind: 'actor-gone' });
  });
});
