import { eq } from 'drizzle-orm';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount, authSession } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { stringContaining } from '../test-support/matchers.js';
import {
  cookieFrom,
  signIn,
  signUp,
  testOrigin,
  testPassword,
  uniqueEmail,
} from '../test-support/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Every mail in the outbox so far (the send-mail job files them there without SMTP_URL). */
function outboxText(): string {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('\n');
}
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/sign-up/email', () => {
  it('creates an identity that signs in with an httpOnly SameSite=Lax cookie, stores argon2id', async () => {
    const email = uniqueEmail('new');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testOrigin },
      payload: { email, password: testPassword, name: 'Ann' },
    });
    expect(response.statusCode).toBe(200);
    // No session from sign-up itself: it must look the same for a taken address.
    expect(response.headers['set-cookie']).toBeUndefined();
    const signedIn = await signIn(t.app, email, testPassword);
    expect(signedIn.statusCode).toBe(200);
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/second-gear\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const uid = response.json<{ user: { id: string } }>().user.id;
    const [account] = await t.app.db.select().from(authAccount).where(eq(authAccount.userId, uid));
    expect(account?.providerId).toBe('credential');
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers a taken email like a new one and tells the owner by mail (ASVS 6.3.8)', async () => {
    const first = await signUp(t.app, { password: 'owner-password-1' });
    const signUpAs = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: testOrigin },
        payload: { email, password: 'intruder-pass-2', name: 'Copy' },
      });
    const taken = await signUpAs(first.email.toUpperCase());
    const fresh = await signUpAs(uniqueEmail('fresh'));
    expect(taken.statusCode).toBe(200);
    expect(fresh.statusCode).toBe(200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.keys(body.user).sort(),
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(taken.body).not.toMatch(/exist|taken|already/i);
    // The account and its password are untouched; its owner hears about the attempt.
    expect((await signIn(t.app, first.email, 'owner-password-1')).statusCode).toBe(200);
    expect((await signIn(t.app, first.email, 'intruder-pass-2')).statusCode).toBe(401);
    await expect
      .poll(() => outboxText().includes(`To: ${first.email}`), { timeout: 10_000 })
      .toBe(true);
    expect(outboxText()).toContain('Someone tried to create a Second Gear account');
  });

  it('refuses one of the most common passwords with a clear message', async () => {
    for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: testOrigin },
        payload: { email: uniqueEmail(), password, name: 'Common' },
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        message: stringContaining('most common'),
      });
    }
  });

  it('refuses a password shorter than 6 characters (docs/product.md §5)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testOrigin },
      payload: { email: uniqueEmail(), password: '12345', name: 'Short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'PASSWORD_TOO_SHORT' });
  });

  it('accepts a password of exactly 6 characters', async () => {
    await expect(signUp(t.app, { password: 'qz7!xw' })).resolves.toMatchObject({});
  });

  it('refuses a profile picture that is not one of our uploads', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testOrigin },
      payload: {
        email: uniqueEmail(),
        password: testPassword,
        name: 'Tracker',
        image: 'https://tracker.example/pixel.gif',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_IMAGE' });
  });
});

describe('POST /api/auth/sign-in/email', () => {
  it('signs in with the right password', async () => {
    const user = await signUp(t.app);
    const response = await signIn(t.app, user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(cookieFrom(response)).toMatch(/second-gear\.session_token=/);
  });

  it('answers a wrong password exactly like an unknown email', async () => {
    const user = await signUp(t.app);
    const wrong = await signIn(t.app, user.email, 'not the password');
    const unknown = await signIn(t.app, uniqueEmail('nobody'), 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ statusCode: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /api/auth/sign-out', () => {
  it('ends the session on the server', async () => {
    const user = await signUp(t.app);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: user.cookie },
    });
    expect(before.json()).toMatchObject({ user: { id: user.uid } });

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: testOrigin },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const sessions = await t.app.db
      .select()
      .from(authSession)
      .where(eq(authSession.userId, user.uid));
    expect(sessions).toHaveLength(0);
    // The old cookie, replayed, no longer names a session.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: user.cookie },
    });
    expect(after.json()).toBeNull();
  });

  it('refuses a cookie-carrying request from a foreign origin', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, code: 'INVALID_ORIGIN' });
  });
});

describe('GET /api/auth-config', () => {
  it('says Google is not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(response.json()).toEqual({ google: false });
  });
});
