/**
 * Sign-in limits a stranger cannot turn against the owner (decision 0030): failed sign-ins are
 * counted per account and client address, successes never; whatever the body's encoding (JSON,
 * `application/x-www-form-urlencoded`, `multipart/form-data`, all of which Better Auth reads);
 * the refusal says the wait in minutes.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { bearer, registerUser, signUp, testOrigin, uniqueEmail } from '../test-support/accounts.js';
import { messageOf } from '../test-support/answers.js';

let t: TestApp;
const MAX = 3;

beforeAll(async () => {
  t = await createTestApp({ AUTH_ACCOUNT_RATE_LIMIT_MAX: String(MAX) });
});
afterAll(() => t.close());

type Encoding = 'json' | 'form' | 'multipart';

/** A sign-in from `address` with the body in `encoding`. */
function signInFrom(address: string, email: string, password: string, encoding: Encoding = 'json') {
  if (encoding === 'json') {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email, password },
      remoteAddress: address,
    });
  }
  if (encoding === 'form') {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
      remoteAddress: address,
    });
  }
  const boundary = 'sg-boundary-7';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${part('email', email)}${part('password', password)}--${boundary}--\r\n`,
    remoteAddress: address,
  });
}

describe('sign-in limits per account and client', () => {
  it('never counts successful sign-ins: the owner may sign in again and again', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < MAX * 3; i++) {
      const response = await signInFrom('192.0.2.10', owner.email, owner.password);
      expect(response.statusCode, `sign-in ${i + 1}: ${response.body}`).toBe(200);
    }
  });

  it("a stranger's failures lock only the stranger out; the owner still signs in elsewhere", async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < MAX; i++) {
      expect((await signInFrom('198.51.100.66', owner.email, 'wrong-guess')).statusCode).toBe(401);
    }
    const refused = await signInFrom('198.51.100.66', owner.email, owner.password);
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toMatch(
      /^Too many failed sign-ins for this account from here\. Please wait 15 minutes/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner, from their own address: in at once.
    const owners = await signInFrom('192.0.2.11', owner.email, owner.password);
    expect(owners.statusCode, owners.body).toBe(200);
  });

  it('checks at most the limit of passwords when the attempts come in parallel', async () => {
    const owner = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: MAX * 4 }, () => signInFrom('203.0.113.15', owner.email, 'guess')),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(MAX * 3);
  });

  it('counts form-encoded bodies like JSON ones, on the same counter', async () => {
    const owner = await signUp(t.app);
    const address = '203.0.113.21';
    expect((await signInFrom(address, owner.email, 'wrong-1', 'json')).statusCode).toBe(401);
    for (let i = 1; i < MAX; i++) {
      const response = await signInFrom(address, owner.email.toUpperCase(), `wrong-${i}`, 'form');
      expect(response.statusCode, response.body).toBe(401);
    }
    const refused = await signInFrom(address, owner.email, owner.password, 'form');
    expect(refused.statusCode).toBe(429);
    expect((await signInFrom(address, owner.email, owner.password, 'json')).statusCode).toBe(429);
  });

  it('Better Auth refuses a multipart body before any password check', async () => {
    const owner = await signUp(t.app);
    const response = await signInFrom('203.0.113.22', owner.email, owner.password, 'multipart');
    expect(response.statusCode).toBe(415);
  });

  it('a successful sign-in clears that client’s failures', async () => {
    const owner = await signUp(t.app);
    const address = '203.0.113.30';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX - 1; i++) {
        expect((await signInFrom(address, owner.email, 'typo')).statusCode).toBe(401);
      }
      expect((await signInFrom(address, owner.email, owner.password)).statusCode).toBe(200);
    }
  });

  it('counts an unknown account like a known one (nothing tells them apart)', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < MAX; i++) {
      expect((await signInFrom('203.0.113.40', nobody, 'guess')).statusCode).toBe(401);
    }
    expect((await signInFrom('203.0.113.40', nobody, 'guess')).statusCode).toBe(429);
  });

  it('bounds guessing the current password on a password change the same way', async () => {
    const user = await registerUser(t.app);
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/password',
        headers: bearer(user.token),
        payload: { current_password: current, new_password: 'a brand new pass 9' },
        remoteAddress: '203.0.113.50',
      });
    for (let i = 0; i < MAX; i++) expect((await change('not-it')).statusCode).toBe(400);
    const refused = await change(user.password);
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toMatch(/Please wait 15 minutes/);
  });

  it('checks at most the limit of current passwords when password changes come in parallel', async () => {
    const user = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: MAX * 3 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/profile/password',
          headers: bearer(user.token),
          payload: { current_password: `not-it-${i}`, new_password: 'a brand new pass 9' },
          remoteAddress: '203.0.113.51',
        }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(MAX * 2);
  });

  it('does not count a password change refused before any password was checked', async () => {
    const user = await registerUser(t.app);
    const change = (current: string, next: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/password',
        headers: bearer(user.token),
        payload: { current_password: current, new_password: next },
        remoteAddress: '203.0.113.52',
      });
    // A common new password and the current one again: refused, and not guesses.
    for (let i = 0; i < MAX; i++) {
      expect((await change(user.password, 'password123')).statusCode).toBe(400);
      expect((await change(user.password, user.password)).statusCode).toBe(400);
    }
    const changed = await change(user.password, 'a brand new pass 9');
    expect(changed.statusCode, changed.body).toBe(200);
  });
});

describe('one canonical sign-in request decides both the count and what Better Auth sees', () => {
  let base: URL;
  beforeAll(async () => {
    // Over a socket: `inject` would normalise the target before the app saw it.
    base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  });

  /** A POST with `target` sent exactly as written on the request line (from 127.0.0.1). */
  const raw = (target: string, _address: string, payload: string, type = 'application/json') =>
    new Promise<{ statusCode: number; body: string; json(): { message: string } }>(
      (resolve, reject) => {
        const request = http.request(
          {
            host: base.hostname,
            port: base.port,
            method: 'POST',
            path: target,
            headers: { origin: testOrigin, 'content-type': type },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              resolve({
                statusCode: response.statusCode ?? 0,
                body,
                json: () => JSON.parse(body) as { message: string },
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(payload);
      },
    );

  it('refuses a form body with `email` twice (400), counting nothing and checking no password', async () => {
    const owner = await signUp(t.app);
    const decoy = uniqueEmail('decoy');
    const body = `email=${encodeURIComponent(decoy)}&email=${encodeURIComponent(owner.email)}&password=guess`;
    const response = await raw(
      '/api/auth/sign-in/email',
      '203.0.113.60',
      body,
      'application/x-www-form-urlencoded',
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toMatch(/email.*once/i);
  });

  for (const [shape, target] of [
    ['a #fragment', '/api/auth/sign-in/email#x'],
    ['a /x/../ segment', '/api/auth/x/../sign-in/email'],
    ['an encoded dot segment', '/api/auth/x/%2e%2e/sign-in/email'],
  ] as const) {
    it(`counts a sign-in whose target has ${shape} on the account's counter`, async () => {
      const owner = await signUp(t.app);
      const address = '127.0.0.1';
      const body = JSON.stringify({ email: owner.email, password: 'wrong-guess' });
      for (let i = 0; i < MAX; i++) {
        const response = await raw(target, address, body);
        expect(response.statusCode, response.body).toBe(401);
      }
      const refused = await raw(target, address, body);
      expect(refused.statusCode, refused.body).toBe(429);
      expect((await signInFrom(address, owner.email, owner.password)).statusCode).toBe(429);
    });
  }

  it('counts reset requests sent to a /x/../ target: no more than the limit of mails', async () => {
    const owner = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < MAX + 2; i++) {
      const response = await raw(
        '/api/x/../auth/request-password-reset#y',
        '203.0.113.90',
        JSON.stringify({ email: owner.email, redirectTo: '/reset-password' }),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX);
    expect(statuses.slice(MAX)).toEqual([429, 429]);
  });
});
