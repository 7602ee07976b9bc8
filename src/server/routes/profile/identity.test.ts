/**
 * Identity checks (decision 0044): the sandbox decides by its test document numbers and deletes
 * the document photo and the selfie at once; Stripe Identity (against a local stand-in of its
 * API) gets a VerificationSession and reads the outcome back from a signed webhook (signatures
 * made by the stripe SDK's documented test helper), then redacts the session. Either way only
 * the outcome is stored, and an approval is the seller's "ID verified" badge.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTexts, sandboxIdentityDocuments } from '#contract/index.js';
import { getTableColumns } from 'drizzle-orm';
import { identityChecks, users } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { messageOf } from '../../test-support/answers.js';

/** A distinct small PNG each call, so every upload is a new file. */
let colour = 0;
async function uniquePng(): Promise<Buffer> {
  colour += 1;
  return sharp({
    create: {
      width: 8,
      height: 8,
      channels: 3,
      background: { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (colour * 53) % 256 },
    },
  })
    .png()
    .toBuffer();
}

/** Uploads a new picture as `who` through the image pipeline; its `/uploads/…` path. */
async function upload(t: TestApp, who: TestUser): Promise<string> {
  const boundary = `----sg${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await uniquePng(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(who.token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

const storedName = (path: string) => path.slice('/uploads/'.length);

function start(t: TestApp, who: TestUser, payload: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/identity',
    headers: bearer(who.token),
    payload,
  });
}

async function sellerVerification(t: TestApp, who: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: `/api/sellers/${who.uid}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ seller: { verification: { identity: boolean } } }>().seller.verification;
}

/** The columns of `identity_checks`: nothing but the outcome. */
describe('what an identity check keeps', () => {
  it('has no column for a picture or what was read from a document', () => {
    expect(Object.keys(getTableColumns(identityChecks)).sort()).toEqual(
      [
        'createdAt',
        'decidedAt',
        'id',
        'provider',
        'reason',
        'sessionId',
        'status',
        'userId',
      ].sort(),
    );
  });
});

describe('the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('approves the approved test number: ID verified, both pictures deleted', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/profile/identity',
      headers: bearer(seller.token),
    });
    expect(before.json()).toMatchObject({ provider: 'sandbox', status: 'none', verified: false });
    const document = await upload(t, seller);
    const selfie = await upload(t, seller);
    expect(await t.app.imageStore.exists(storedName(document))).toBe(true);

    const response = await start(t, seller, {
      document_image: document,
      selfie_image: selfie,
      document_number: sandboxIdentityDocuments.approved.number,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      provider: 'sandbox',
      status: 'approved',
      verified: true,
      reason: null,
    });
    expect(response.json<{ verified_at: string | null }>().verified_at).not.toBeNull();
    expect(await t.app.imageStore.exists(storedName(document))).toBe(false);
    expect(await t.app.imageStore.exists(storedName(selfie))).toBe(false);
    expect((await sellerVerification(t, seller)).identity).toBe(true);

    // Verified once is verified: a second check is refused.
    const again = await start(t, seller, {
      document_image: await upload(t, seller),
      selfie_image: await upload(t, seller),
      document_number: sandboxIdentityDocuments.approved.number,
    });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(identityTexts.alreadyVerified);
  });

  it('declines the decline test numbers and any other number, with the reason; pictures deleted', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const cases: [string, string][] = [
      [
        sandboxIdentityDocuments.selfieMismatch.number,
        sandboxIdentityDocuments.selfieMismatch.reason,
      ],
      [sandboxIdentityDocuments.expired.number, sandboxIdentityDocuments.expired.reason],
      ['X1234567', identityTexts.otherDocument],
    ];
    for (const [number, reason] of cases) {
      const document = await upload(t, seller);
      const selfie = await upload(t, seller);
      const response = await start(t, seller, {
        document_image: document,
        selfie_image: selfie,
        document_number: number,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'declined', verified: false, reason });
      expect(await t.app.imageStore.exists(storedName(document))).toBe(false);
      expect(await t.app.imageStore.exists(storedName(selfie))).toBe(false);
    }
    expect((await sellerVerification(t, seller)).identity).toBe(false);
    const [row] = await t.database.db
      .select({ verifiedAt: users.identityVerifiedAt })
      .from(users)
      .where(eq(users.id, seller.recordId));
    expect(row!.verifiedAt).toBeNull();
  });

  it('refuses missing fields and pictures the caller did not upload, deleting nothing', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const other = await registerUser(t.app, { role: 'seller' });
    const theirs = await upload(t, other);
    const mine = await upload(t, seller);
    const missing = await start(t, seller, { document_image: mine, selfie_image: theirs });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe('body.document_number is required');
    const foreign = await start(t, seller, {
      document_image: mine,
      selfie_image: theirs,
      document_number: sandboxIdentityDocuments.approved.number,
    });
    expect(foreign.statusCode).toBe(400);
    expect(messageOf(foreign)).toBe(`body.selfie_image ${identityTexts.notYourUpload}`);
    expect(await t.app.imageStore.exists(storedName(theirs))).toBe(true);
    expect(await t.app.imageStore.exists(storedName(mine))).toBe(true);
    const notUpload = await start(t, seller, {
      document_image: 'https://example.org/id.png',
      selfie_image: mine,
      document_number: '000000000',
    });
    expect(notUpload.statusCode).toBe(400);
    expect(messageOf(notUpload)).toContain('document_image');
  });
});

const webhookSecret = 'whsec_identity_second_gear';

/** A tiny Stripe Identity: sessions in a map, idempotency keys honoured, redactions logged. */
class FakeStripeIdentity {
  sessions = new Map<string, { id: string; status: string; metadata: Record<string, string> }>();
  idempotent = new Map<string, string>();
  redacted: string[] = [];
  /** Refuse the next session (as Stripe does a bad key or a parameter it does not know). */
  refuseNext = false;
  requests: { path: string; form: URLSearchParams }[] = [];
  server = createServer((request, response) => void this.handle(request, response));

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private present(id: string) {
    const session = this.sessions.get(id)!;
    return {
      id,
      object: 'identity.verification_session',
      type: 'document',
      status: session.status,
      metadata: session.metadata,
      url: `https://verify.stripe.com/start/test_${id}`,
      client_secret: `${id}_secret_${id.slice(-6)}`,
      last_error: null,
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += chunk;
    const form = new URLSearchParams(body);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    this.requests.push({ path: url.pathname, form });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(payload));
    };
    const key = request.headers['idempotency-key'] as string | undefined;
    if (request.method === 'POST' && url.pathname === '/v1/identity/verification_sessions') {
      if (this.refuseNext) {
        this.refuseNext = false;
        return send(400, {
          error: { type: 'invalid_request_error', message: 'Identity is not enabled' },
        });
      }
      const known = key ? this.idempotent.get(key) : undefined;
      if (known) return send(200, this.present(known));
      const id = `vs_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
      this.sessions.set(id, { id, status: 'requires_input', metadata });
      if (key) this.idempotent.set(key, id);
      return send(200, this.present(id));
    }
    const redact = /^\/v1\/identity\/verification_sessions\/([^/]+)\/redact$/.exec(url.pathname);
    if (request.method === 'POST' && redact?.[1] && this.sessions.has(redact[1])) {
      if (!this.redacted.includes(redact[1])) this.redacted.push(redact[1]);
      return send(200, this.present(redact[1]));
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  }
}

describe('Stripe Identity', () => {
  const fake = new FakeStripeIdentity();
  let t: TestApp;
  beforeAll(async () => {
    const port = await fake.start();
    t = await createTestApp({
      IDENTITY_PROVIDER: 'stripe',
      // Stripe's keys come in pairs (config.ts); payments stay in the sandbox.
      PAYMENT_PROVIDER: 'sandbox',
      STRIPE_SECRET_KEY: 'sk_test_second_gear_identity',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_second_gear_identity',
      STRIPE_IDENTITY_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      // The stand-in is on loopback: the outbound client (lib/outbound.ts) refuses it otherwise.
      OUTBOUND_ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
      JOB_POLL_INTERVAL: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  /** Posts a session event to the webhook, signed with `secret`. */
  function deliver(type: string, session: Record<string, unknown>, secret = webhookSecret) {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'identity.verification_session', ...session } },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/identity-webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  }

  async function started(who: TestUser) {
    const response = await start(t, who);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ url: string; client_secret: string; status: string }>();
    const [check] = await t.database.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.userId, who.recordId));
    return { body, sessionId: check!.sessionId!, checkId: check!.id };
  }

  it('creates a document-and-selfie session and answers its page', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const { body, sessionId, checkId } = await started(seller);
    expect(body).toMatchObject({ provider: 'stripe', status: 'pending' });
    expect(body.url).toBe(`https://verify.stripe.com/start/test_${sessionId}`);
    expect(body.client_secret).toContain(sessionId);
    const create = fake.requests.find(
      (request) =>
        request.path === '/v1/identity/verification_sessions' &&
        request.form.get('metadata[check_id]') === checkId,
    )!;
    expect(create.form.get('type')).toBe('document');
    expect(create.form.get('options[document][require_matching_selfie]')).toBe('true');
    // The pictures are taken on Stripe's page, never sent here.
    const withPicture = await start(t, seller, { document_image: '/uploads/a.webp' });
    expect(withPicture.statusCode).toBe(400);
    expect(messageOf(withPicture)).toContain('body.document_image is for the sandbox');
  });

  it('answers 502 when Stripe refuses the session, and the check ends', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    fake.refuseNext = true;
    const refused = await start(t, seller);
    expect(refused.statusCode).toBe(502);
    expect(messageOf(refused)).toContain('identity provider');
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/profile/identity',
      headers: bearer(seller.token),
    });
    expect(state.json()).toMatchObject({ status: 'canceled', verified: false });
  });

  it('approves from a signed verified event, once, then redacts the session at Stripe', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const { sessionId, checkId } = await started(seller);
    const session = { id: sessionId, status: 'verified', metadata: { check_id: checkId } };
    const delivered = await deliver('identity.verification_session.verified', session);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true });
    expect((await sellerVerification(t, seller)).identity).toBe(true);
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/profile/identity',
      headers: bearer(seller.token),
    });
    expect(state.json()).toMatchObject({ status: 'approved', verified: true });
    // A late "requires_input" for a decided check changes nothing.
    await deliver('identity.verification_session.requires_input', session);
    expect((await sellerVerification(t, seller)).identity).toBe(true);
    await expect.poll(() => fake.redacted.includes(sessionId), { timeout: 15_000 }).toBe(true);
  });

  it('declines from a requires_input event with Stripe’s reason', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const { sessionId, checkId } = await started(seller);
    const delivered = await deliver('identity.verification_session.requires_input', {
      id: sessionId,
      status: 'requires_input',
      metadata: { check_id: checkId },
      last_error: {
        code: 'selfie_face_mismatch',
        reason: 'The provided face did not match the document.',
      },
    });
    expect(delivered.statusCode).toBe(200);
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/profile/identity',
      headers: bearer(seller.token),
    });
    expect(state.json()).toMatchObject({
      status: 'declined',
      verified: false,
      reason: 'The provided face did not match the document.',
    });
  });

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const seller = await registerUser(t.app, { role: 'seller' });
    const { sessionId, checkId } = await started(seller);
    const session = { id: sessionId, status: 'verified', metadata: { check_id: checkId } };
    const forged = await deliver(
      'identity.verification_session.verified',
      session,
      'whsec_not_ours',
    );
    expect(forged.statusCode).toBe(400);
    expect(messageOf(forged)).toContain('stripe-signature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/identity-webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        type: 'identity.verification_session.verified',
        data: { object: session },
      }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await sellerVerification(t, seller)).identity).toBe(false);
    const [check] = await t.database.db
      .select({ status: identityChecks.status })
      .from(identityChecks)
      .where(eq(identityChecks.id, checkId));
    expect(check!.status).toBe('pending');
  });
});
