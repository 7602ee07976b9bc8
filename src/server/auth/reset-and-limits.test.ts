import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authVerification } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { stringMatching } from '../test-support/matchers.js';
import {
  bearer,
  cookieFrom,
  issueToken,
  registerUser,
  signIn,
  testOrigin,
  uniqueEmail,
} from '../test-support/accounts.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

describe('password reset (POST /api/auth/request-password-reset, /api/auth/reset-password)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const outbox = () => path.join(t.config.dataDir, 'outbox');
  const outboxFiles = (ext: string) => {
    try {
      return readdirSync(outbox()).filter((name) => name.endsWith(ext));
    } catch {
      return [];
    }
  };
  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: testOrigin },
      payload: { email },
    });

  it('mails a link to the outbox that sets a new password and ends every session', async () => {
    const user = await registerUser(t.app);
    const otherBrowser = cookieFrom(await signIn(t.app, user.email, user.password));

    const requested = await requestReset(user.email);
    expect(requested.statusCode).toBe(200);
    // The send-mail job files it (the request only queued it).
    await expect.poll(() => outboxFiles('.txt').length, { timeout: 10_000 }).toBe(1);
    const [txt] = outboxFiles('.txt');
    expect(txt).toBeDefined();
    expect(outboxFiles('.eml')).toHaveLength(1);
    const mail = readFileSync(path.join(outbox(), txt!), 'utf8');
    expect(mail).toContain(`To: ${user.email}`);
    const link = /(http:\/\/localhost:3000\/reset-password\?token=\S+)/.exec(mail)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: testOrigin },
      payload: { newPassword: 'brand-new-pass', token },
    });
    expect(reset.statusCode).toBe(200);

    for (const cookie of [user.cookie, otherBrowser]) {
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie },
      });
      expect(session.json()).toBeNull();
    }
    const withOldToken = await t.app.inject({
      method: 'GET',
      url: `/api/user/buyer/${user.uid}`,
      headers: bearer(user.token),
    });
    expect(withOldToken.statusCode).toBe(401);

    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
    const fresh = await signIn(t.app, user.email, 'brand-new-pass');
    expect(fresh.statusCode).toBe(200);
    await expect(issueToken(t.app, cookieFrom(fresh), user.uid)).resolves.toBeTypeOf('string');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: testOrigin },
      payload: { newPassword: 'third-password', token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ statusCode: 400, code: 'INVALID_TOKEN' });
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const before = outboxFiles('.eml').length;
    const unknown = await requestReset(uniqueEmail('ghost'));
    const known = await requestReset((await registerUser(t.app)).email);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await expect.poll(() => outboxFiles('.eml').length, { timeout: 10_000 }).toBe(before + 1);
  });

  /** Requests a reset for `email` and returns the token of the mail that arrives for it. */
  async function resetTokenFor(email: string): Promise<string> {
    const seen = new Set(outboxFiles('.txt'));
    expect((await requestReset(email)).statusCode).toBe(200);
    let token: string | undefined;
    await expect
      .poll(
        () => {
          for (const name of outboxFiles('.txt')) {
            if (seen.has(name)) continue;
            const mail = readFileSync(path.join(outbox(), name), 'utf8');
            if (mail.includes(`To: ${email}`)) token = /token=(\S+)/.exec(mail)?.[1];
          }
          return token;
        },
        { timeout: 10_000 },
      )
      .toBeDefined();
    return decodeURIComponent(token!);
  }

  const resetWith = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: testOrigin },
      payload: { newPassword, token },
    });

  it('ends every outstanding reset link when one of them is used', async () => {
    const user = await registerUser(t.app);
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect(first).not.toBe(second);
    expect((await resetWith(second, 'second-new-pass')).statusCode).toBe(200);
    const stale = await resetWith(first, 'first-new-pass');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(t.app, user.email, 'second-new-pass')).statusCode).toBe(200);
  });

  it('ends reset links and the other sessions when the password is changed', async () => {
    const user = await registerUser(t.app);
    const otherBrowser = cookieFrom(await signIn(t.app, user.email, user.password));
    const outstanding = await resetTokenFor(user.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: testOrigin, cookie: user.cookie },
      // The client asks to keep the other sessions; the server ends them anyway.
      payload: {
        currentPassword: user.password,
        newPassword: 'changed-pass-9',
        revokeOtherSessions: false,
      },
    });
    expect(changed.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: otherBrowser },
    });
    expect(session.json()).toBeNull();
    const stale = await resetWith(outstanding, 'attacker-pass-1');
    expect(stale.statusCode).toBe(400);
    expect((await signIn(t.app, user.email, 'changed-pass-9')).statusCode).toBe(200);
  });

  it('stores reset tokens only as digests', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(user.email);
    const rows = await t.app.db.select().from(authVerification);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.identifier).not.toContain(token);
    expect(rows.some((row) => row.identifier === `reset-password:${sha256(token)}`)).toBe(true);
  });

  it('refuses a common password as the new one', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(user.email);
    const response = await resetWith(token, 'password123');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
  });

  it('refuses a new password shorter than 6 characters and a made-up token', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: testOrigin },
      payload: { newPassword: '12345', token: 'whatever' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    const madeUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: testOrigin },
      payload: { newPassword: '123456', token: 'made-up-token' },
    });
    expect(madeUp.statusCode).toBe(400);
  });
});

describe('rate limits on sign-in, sign-up and reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW: '60' });
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (url: string, payload: object, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url, headers: { origin: testOrigin }, payload, remoteAddress });

  it('answers 429 with a clear JSON message after AUTH_RATE_LIMIT_MAX sign-in attempts', async () => {
    const body = { email: 'someone@example.test', password: 'wrong-password' };
    for (let i = 0; i < 3; i++) {
      expect((await attempt('/api/auth/sign-in/email', body)).statusCode).toBe(401);
    }
    const limited = await attempt('/api/auth/sign-in/email', body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: stringMatching(/Too many attempts\. Please wait \d+ minutes? and try again/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another client is not affected, and the forged IP header changes nothing.
    const other = await attempt('/api/auth/sign-in/email', body, '198.51.100.9');
    expect(other.statusCode).toBe(401);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin, 'x-second-gear-client-ip': '192.0.2.1' },
      payload: body,
      remoteAddress: '203.0.113.7',
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it('limits sign-up and password-reset requests too', async () => {
    for (const [url, payload] of [
      ['/api/auth/sign-up/email', { email: 'x', password: 'p', name: 'n' }],
      ['/api/auth/request-password-reset', { email: 'nobody@example.test' }],
    ] as const) {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await attempt(url, payload, '203.0.113.50')).statusCode);
      expect(codes.slice(0, 3)).not.toContain(429);
      expect(codes[3]).toBe(429);
    }
  });
});
