import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  bearer,
  issueToken,
  registerUser,
  signUp,
  testOrigin,
} from '../../test-support/accounts.js';
import { messageOf } from '../../test-support/answers.js';

/** A JWT's decoded header and claims, in the part these tests read. */
type JwtParts = [header: { alg: string }, payload: { exp: number; iat: number }];
/** The answer of GET /api/user/{role}/{uid}: one flag, e.g. `{ isSeller: true }`. */
type RoleFlag = Record<string, boolean>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function userBody(uid: string, email: string, extra: Record<string, unknown> = {}) {
  return {
    displayName: 'Rita Seller',
    email,
    photoURL: '/uploads/0123456789abcdef.webp',
    role: 'seller',
    uid,
    status: 'unverified',
    ...extra,
  };
}

async function recordOf(uid: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.uid, uid));
  return row;
}

describe('POST /api/jwt', () => {
  it('issues a 15-minute HS256 token for the session owner', async () => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: me.cookie, origin: testOrigin },
      payload: { user: me.uid },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part): unknown => JSON.parse(Buffer.from(part, 'base64url').toString())) as JwtParts;
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: me.uid, iss: testOrigin, aud: 'second-gear-api' });
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });

  it('refuses another uid with 403', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: me.cookie, origin: testOrigin },
      payload: { user: other.uid },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('refuses a caller without a session with 401', async () => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      payload: { user: me.uid },
    });
    expect(response.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: 'second-gear.session_token=made-up.value' },
      payload: { user: me.uid },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 400 for a malformed body', async () => {
    // Signed in: without a session the access check answers 401 first, whatever the body.
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: me.cookie, origin: testOrigin },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/user/);
  });
});

describe('POST /api/users', () => {
  it('creates the record with status unverified, whatever the body says', async () => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: me.cookie, origin: testOrigin },
      payload: userBody(me.uid, me.email, { status: 'verified' }),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ acknowledged: boolean; insertedId: string }>();
    expect(body.acknowledged).toBe(true);
    const row = await recordOf(me.uid);
    expect(row).toMatchObject({
      id: body.insertedId,
      role: 'seller',
      status: 'unverified',
      isAdmin: false,
      displayName: 'Rita Seller',
      email: me.email,
    });
  });

  it('uses the caller, not the uid in the body', async () => {
    const me = await signUp(t.app);
    const victim = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: me.cookie, origin: testOrigin },
      payload: userBody(victim.uid, me.email),
    });
    expect(response.statusCode).toBe(201);
    expect(await recordOf(me.uid)).toBeDefined();
    expect(await recordOf(victim.uid)).toBeUndefined();
  });

  it('accepts a bearer token as well as the session cookie', async () => {
    const me = await signUp(t.app);
    const token = await issueToken(t.app, me.cookie, me.uid);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(token),
      payload: userBody(me.uid, me.email, { role: 'buyer' }),
    });
    expect(response.statusCode).toBe(201);
    expect((await recordOf(me.uid))?.role).toBe('buyer');
  });

  it.each(['admin', 'moderator', ''])('refuses role %j with 400', async (role) => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: me.cookie, origin: testOrigin },
      payload: userBody(me.uid, me.email, { role }),
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/role/);
    expect(await recordOf(me.uid)).toBeUndefined();
  });

  it("refuses an email that is not the account's", async () => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: me.cookie, origin: testOrigin },
      payload: userBody(me.uid, 'someone.else@example.test'),
    });
    expect(response.statusCode).toBe(400);
    expect(await recordOf(me.uid)).toBeUndefined();
  });

  it('is idempotent: a repeat keeps one record and cannot change the role or status', async () => {
    const me = await signUp(t.app);
    const headers = { cookie: me.cookie, origin: testOrigin };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: userBody(me.uid, me.email, { role: 'buyer' }),
    });
    await t.app.db.update(users).set({ status: 'verified' }).where(eq(users.uid, me.uid));
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: userBody(me.uid, me.email, {
        role: 'seller',
        status: 'unverified',
        displayName: 'New Name',
      }),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ insertedId: string }>().insertedId).toBe(
      first.json<{ insertedId: string }>().insertedId,
    );
    const rows = await t.app.db.select().from(users).where(eq(users.uid, me.uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'buyer', status: 'verified', displayName: 'New Name' });
  });

  it('refuses a caller who is not signed in', async () => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: userBody(me.uid, me.email),
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated write from a foreign origin', async () => {
    const me = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: me.cookie, origin: 'https://evil.example' },
      payload: userBody(me.uid, me.email),
    });
    expect(response.statusCode).toBe(403);
    expect(await recordOf(me.uid)).toBeUndefined();
  });
});

describe('GET /api/user/{role}/{uid}', () => {
  it('answers the flags of the caller; one user may hold several roles', async () => {
    const adminSeller = await registerUser(t.app, { role: 'seller', admin: true });
    const buyer = await registerUser(t.app, { role: 'buyer' });
    const flags = async (who: { uid: string; token: string }) => {
      const get = (role: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/user/${role}/${who.uid}`,
          headers: bearer(who.token),
        });
      const [a, s, b] = await Promise.all([get('admin'), get('seller'), get('buyer')]);
      return { ...a.json<RoleFlag>(), ...s.json<RoleFlag>(), ...b.json<RoleFlag>() };
    };
    // Every account buys (decision 0042).
    expect(await flags(adminSeller)).toEqual({ isAdmin: true, isSeller: true, isBuyer: true });
    expect(await flags(buyer)).toEqual({ isAdmin: false, isSeller: false, isBuyer: true });
  });

  it('answers false flags for an identity that has not saved its record yet', async () => {
    const me = await signUp(t.app);
    const token = await issueToken(t.app, me.cookie, me.uid);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/buyer/${me.uid}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isBuyer: false });
  });

  it('refuses a token signed with another key', async () => {
    const me = await registerUser(t.app);
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me.uid)
      .setIssuer(testOrigin)
      .setAudience('second-gear-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('a'.repeat(32)));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/buyer/${me.uid}`,
      headers: bearer(forged),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('stops accepting the token once the identity session is signed out', async () => {
    const me = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: me.cookie, origin: testOrigin },
      payload: {},
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/buyer/${me.uid}`,
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(401);
  });
});
