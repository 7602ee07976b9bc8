/**
 * The authorisation matrix (issue 3): every guarded endpoint against every kind of bad caller.
 * Each row must answer 401/403 and change nothing.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { users } from '../db/schema.js';
import type { DatabaseHandle } from '../db/client.js';
import { testConfig } from '../test-support/app.js';
import { createTestDatabase } from '../test-support/database.js';
import { bearer, registerUser, testOrigin, type TestUser } from '../test-support/accounts.js';
import { resolveAuthSecret } from './secret.js';
import { createApiTokenService } from './tokens.js';

let app: FastifyInstance;
let database: DatabaseHandle;
let config: ReturnType<typeof testConfig>;
let buyer: TestUser;
let seller: TestUser;
let deleted: TestUser;
let png: Buffer;

beforeAll(async () => {
  config = testConfig();
  database = await createTestDatabase();
  app = await buildApp({ config, database });
  // A route guarded by role, as the selling/buying/moderation routes will be.
  app.get(
    '/api/test-only/seller-area/:uid',
    { preHandler: [app.authenticate, app.requireSelf('uid'), app.requireRole('seller')] },
    async () => ({ ok: true }),
  );
  await app.ready();
  buyer = await registerUser(app, { role: 'buyer' });
  seller = await registerUser(app, { role: 'seller' });
  deleted = await registerUser(app, { role: 'seller' });
  await app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.uid, deleted.uid));
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  vi.useRealTimers();
  await app.close();
  await database.close();
});

interface Endpoint {
  name: string;
  /** Builds the request for `caller` acting on `uid`. */
  request: (uid: string, headers: Record<string, string>) => InjectOptions;
  /** Whether the endpoint has a `{uid}` that must be the caller (403 otherwise). */
  self: boolean;
}

const boundary = 'matrixboundary';
const endpoints: Endpoint[] = [
  ...(['admin', 'seller', 'buyer'] as const).map((role) => ({
    name: `GET /api/user/${role}/{uid}`,
    self: true,
    request: (uid: string, headers: Record<string, string>) => ({
      method: 'GET' as const,
      url: `/api/user/${role}/${uid}`,
      headers,
    }),
  })),
  {
    name: 'POST /api/users',
    self: false,
    request: (uid, headers) => ({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        displayName: 'Intruder',
        email: 'intruder@example.test',
        photoURL: '',
        role: 'seller',
        uid,
        status: 'verified',
      },
    }),
  },
  {
    name: 'POST /api/images',
    self: false,
    request: (_uid, headers) => ({
      method: 'POST',
      url: '/api/images',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    }),
  },
  {
    name: 'GET /api/test-only/seller-area/{uid} (requireRole seller)',
    self: true,
    request: (uid, headers) => ({
      method: 'GET',
      url: `/api/test-only/seller-area/${uid}`,
      headers,
    }),
  },
];

async function snapshot() {
  const rows = await app.db.select().from(users).orderBy(users.uid);
  let uploads: string[] = [];
  try {
    uploads = readdirSync(path.join(config.dataDir, 'uploads'));
  } catch {
    uploads = [];
  }
  return { rows, uploads };
}

async function forgedToken(uid: string) {
  return new SignJWT({ sid: 'forged' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uid)
    .setIssuer(testOrigin)
    .setAudience('second-gear-api')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough'));
}

describe('authorisation matrix', () => {
  const cases: Array<{
    caller: string;
    status: number;
    headers: () => Promise<Record<string, string>>;
    uid: () => string;
    only?: (endpoint: Endpoint) => boolean;
    clock?: number;
  }> = [
    { caller: 'no token', status: 401, headers: async () => ({}), uid: () => seller.uid },
    {
      caller: 'a malformed Authorization header',
      status: 401,
      headers: async () => ({ authorization: 'Token abc' }),
      uid: () => seller.uid,
    },
    {
      caller: 'a forged token (wrong key)',
      status: 401,
      headers: async () => bearer(await forgedToken(seller.uid)),
      uid: () => seller.uid,
    },
    {
      caller: 'a token with alg none',
      status: 401,
      headers: async () => {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        const claims = { sub: seller.uid, sid: 'x', iss: testOrigin, aud: 'second-gear-api' };
        return bearer(`${part({ alg: 'none' })}.${part(claims)}.`);
      },
      uid: () => seller.uid,
    },
    {
      caller: 'an expired token',
      status: 401,
      headers: async () => bearer(seller.token),
      uid: () => seller.uid,
      clock: 16 * 60 * 1000,
    },
    {
      caller: 'a token for another issuer (other site, same key)',
      status: 401,
      headers: async () => {
        const other = createApiTokenService(resolveAuthSecret(config), 'https://elsewhere.example');
        return bearer(await other.issue({ uid: seller.uid, sessionId: 'x' }));
      },
      uid: () => seller.uid,
    },
    {
      caller: "a deleted user's token",
      status: 401,
      headers: async () => bearer(deleted.token),
      uid: () => deleted.uid,
    },
    {
      caller: "another user's uid",
      status: 403,
      headers: async () => bearer(buyer.token),
      uid: () => seller.uid,
      only: (endpoint) => endpoint.self,
    },
    {
      caller: 'the wrong role',
      status: 403,
      headers: async () => bearer(buyer.token),
      uid: () => buyer.uid,
      only: (endpoint) => endpoint.name.includes('requireRole'),
    },
  ];

  for (const endpoint of endpoints) {
    for (const row of cases) {
      if (row.only && !row.only(endpoint)) continue;
      it(`${endpoint.name}: ${row.caller} → ${row.status}, nothing changes`, async () => {
        const before = await snapshot();
        const headers = await row.headers();
        if (row.clock) {
          vi.useFakeTimers({ toFake: ['Date'] });
          vi.setSystemTime(Date.now() + row.clock);
        }
        try {
          const response = await app.inject(endpoint.request(row.uid(), headers));
          expect(response.statusCode).toBe(row.status);
          expect(response.json()).toMatchObject({
            statusCode: row.status,
            error: row.status === 401 ? 'Unauthorized' : 'Forbidden',
            message: expect.any(String),
          });
        } finally {
          vi.useRealTimers();
        }
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('lets the right caller through (control row)', async () => {
    const ok = await app.inject(endpoints.at(-1)!.request(seller.uid, bearer(seller.token)));
    expect(ok.statusCode).toBe(200);
  });

  it("ends a deleted user's session cookie as well: no new token, no sign-in", async () => {
    const token = await app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: deleted.cookie, origin: testOrigin },
      payload: { user: deleted.uid },
    });
    expect(token.statusCode).toBe(403);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: deleted.email, password: deleted.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
  });
});
