/**
 * A signed-in user changes their own password (profile page; decision 0016), for
 * `POST /api/profile/password`. Done here rather than through Better Auth's `/change-password`
 * because that one rotates the caller's own session too (new session id), which would end the
 * caller's API token (bound to the session id, decision 0002); here the caller's session and
 * token go on and **every other** session of the account ends in the same transaction as the
 * new password, so their cookies and API tokens stop working at once (the guard checks the
 * token's session on every call). The stored hash is Better Auth's credential account password
 * (argon2id PHC string, auth/password.ts), so sign-in reads the new one at once.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authAccount, authSession } from '../db/schema.js';
import { deleteResetTokens } from './better-auth.js';
import { hashPassword, verifyPassword } from './password.js';

/** Better Auth's provider id of the email + password account. */
const credentialProviderId = 'credential';

export type ChangePasswordResult =
  | { kind: 'changed'; sessionsEnded: number }
  /** The account has no password (Google only). */
  | { kind: 'no-password' }
  /** `currentPassword` is not the account's password (or it changed meanwhile). */
  | { kind: 'wrong-password' }
  /** The new password is the current one. */
  | { kind: 'same-password' };

/**
 * Changes the password of identity `uid` from `currentPassword` to `newPassword` (already checked
 * against the registration rule by the caller) and ends every session of `uid` except
 * `keepSessionId`, and every outstanding password-reset link, in one transaction. The current
 * password is verified before (argon2 is slow: no lock is held meanwhile); the transaction then
 * locks the account row and gives up ('wrong-password') if the stored hash changed since, so two
 * concurrent changes cannot both win with the same old password.
 */
export async function changeOwnPassword(
  db: Database,
  input: { uid: string; keepSessionId: string; currentPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const credential = and(
    eq(authAccount.userId, input.uid),
    eq(authAccount.providerId, credentialProviderId),
  );
  const [account] = await db
    .select({ id: authAccount.id, password: authAccount.password })
    .from(authAccount)
    .where(credential)
    .limit(1);
  if (!account?.password) return { kind: 'no-password' };
  const matches = await verifyPassword({ hash: account.password, password: input.currentPassword });
  if (!matches) return { kind: 'wrong-password' };
  if (input.newPassword === input.currentPassword) return { kind: 'same-password' };
  const newHash = await hashPassword(input.newPassword);

  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ password: authAccount.password })
      .from(authAccount)
      .where(eq(authAccount.id, account.id))
      .for('update');
    if (!locked || locked.password !== account.password) return { kind: 'wrong-password' };
    await tx
      .update(authAccount)
      .set({ password: newHash, updatedAt: new Date() })
      .where(eq(authAccount.id, account.id));
    const ended = await tx
      .delete(authSession)
      .where(and(eq(authSession.userId, input.uid), ne(authSession.id, input.keepSessionId)))
      .returning({ id: authSession.id });
    await deleteResetTokens(tx, input.uid);
    return { kind: 'changed', sessionsEnded: ended.length };
  });
}
