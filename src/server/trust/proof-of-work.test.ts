/**
 * Proof of work (decision 0044): sign-up and the first message of an account without a verified
 * phone number in a conversation need a solved challenge of `GET /api/proof-of-work/challenge`,
 * checked on the server: a missing, forged, wrong, expired or replayed solution is refused with a
 * 400 naming why, and PROOF_OF_WORK=off turns the whole of it off. Solutions are made by
 * `altcha-lib`'s solver, as a scripted client would; the challenges are small
 * (PROOF_OF_WORK_COUNTER_MAX=30) so the tests stay quick.
 */
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofOfWorkRefusals } from '#contract/index.js';
import { resolveAuthSecret } from '../auth/secret.js';
import { authUser, proofOfWorkSpent, users } from '../db/schema.js';
import {
  bearer,
  registerUser,
  testOrigin,
  testPassword,
  uniqueEmail,
  type TestUser,
} from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createCategory, createProduct } from '../test-support/factories.js';
import { solvedProofOfWork, solveProofOfWork } from '../test-support/proof-of-work.js';
import {
  proofOfWorkAlgorithm,
  proofOfWorkIterations,
  proofOfWorkSecrets,
} from './proof-of-work.js';
import { messageOf } from '../test-support/answers.js';

let t: TestApp;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ PROOF_OF_WORK: 'on', PROOF_OF_WORK_COUNTER_MAX: '30' });
  // registerUser solves the sign-up's challenge (test-support/accounts.ts).
  seller = await registerUser(t.app, { role: 'seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

function signUp(email: string, proof?: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: testOrigin },
    payload: {
      email,
      password: testPassword,
      name: 'Pat Proof',
      ...(proof === undefined ? {} : { proof_of_work: proof }),
    },
  });
}

async function identityExists(email: string) {
  const [row] = await db().select({ n: count() }).from(authUser).where(eq(authUser.email, email));
  return row!.n > 0;
}

const listing = async () =>
  (await createProduct(db(), { categoryId, sellerId: seller.recordId })).id;

function start(as: TestUser, productId: string, text: string, proof?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: bearer(as.token),
    payload: { product_id: productId, text, ...(proof ? { proof_of_work: proof } : {}) },
  });
}

function reply(as: TestUser, conversationId: string, text: string, proof?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: bearer(as.token),
    payload: { text, ...(proof ? { proof_of_work: proof } : {}) },
  });
}

/** A challenge made with this server's keys but `overrides` (an expiry in the past, say). */
async function ownChallenge(overrides: { expiresAt?: Date } = {}): Promise<Challenge> {
  const secrets = proofOfWorkSecrets(resolveAuthSecret(t.config));
  return createChallenge({
    algorithm: proofOfWorkAlgorithm,
    cost: proofOfWorkIterations,
    counter: 5,
    deriveKey,
    expiresAt: overrides.expiresAt ?? new Date(Date.now() + 60_000),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}

describe('GET /api/proof-of-work/challenge', () => {
  it('serves a signed PBKDF2 challenge that expires in 10 minutes, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/proof-of-work/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { required, challenge } = response.json<{ required: boolean; challenge: Challenge }>();
    expect(required).toBe(true);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = challenge.parameters.expiresAt! * 1000 - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
  });
});

describe('sign-up', () => {
  it('is refused without a solution, naming the field; a solved challenge lets it through', async () => {
    const email = uniqueEmail('pow');
    const missing = await signUp(email);
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe(proofOfWorkRefusals.required);
    expect(await identityExists(email)).toBe(false);

    const solved = await signUp(email, await solvedProofOfWork(t.app));
    expect(solved.statusCode, solved.body).toBe(200);
    expect(await identityExists(email)).toBe(true);
  });

  it('refuses a solution used twice', async () => {
    const proof = await solvedProofOfWork(t.app);
    expect((await signUp(uniqueEmail('pow'), proof)).statusCode).toBe(200);
    const email = uniqueEmail('pow');
    const replayed = await signUp(email, proof);
    expect(replayed.statusCode).toBe(400);
    expect(messageOf(replayed)).toBe(proofOfWorkRefusals.replayed);
    expect(await identityExists(email)).toBe(false);
  });

  it('refuses forged, wrong, expired and malformed solutions, each naming why', async () => {
    // A challenge signed with another key, solved honestly.
    const foreign = await createChallenge({
      algorithm: proofOfWorkAlgorithm,
      cost: proofOfWorkIterations,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'not the server key, but long enough',
      hmacKeySignatureSecret: 'not the server key either, but long',
    });
    // One of ours with an easier target written in: the signature no longer matches.
    const ours = (await t.app.inject({ method: 'GET', url: '/api/proof-of-work/challenge' })).json<{
      challenge: Challenge;
    }>().challenge;
    const easier: Challenge = {
      ...ours,
      parameters: { ...ours.parameters, keyPrefix: ours.parameters.keyPrefix.slice(0, 2) },
    };
    const easierSolution = await solveChallenge({ challenge: easier, deriveKey });
    const wrong = JSON.parse(
      Buffer.from((await solvedProofOfWork(t.app))!, 'base64').toString(),
    ) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
    // The full key is what proves the work (the server signed it when it made the challenge).
    const last = wrong.solution.derivedKey.at(-1) === '0' ? '1' : '0';
    wrong.solution.derivedKey = wrong.solution.derivedKey.slice(0, -1) + last;

    const cases: [unknown, string][] = [
      [await solveProofOfWork(foreign), proofOfWorkRefusals.forged],
      [
        Buffer.from(JSON.stringify({ challenge: easier, solution: easierSolution })).toString(
          'base64',
        ),
        proofOfWorkRefusals.forged,
      ],
      [Buffer.from(JSON.stringify(wrong)).toString('base64'), proofOfWorkRefusals.wrong],
      [
        await solveProofOfWork(await ownChallenge({ expiresAt: new Date(Date.now() - 1000) })),
        proofOfWorkRefusals.expired,
      ],
      ['not base64 of anything', proofOfWorkRefusals.malformed],
      [Buffer.from('{"challenge":1}').toString('base64'), proofOfWorkRefusals.malformed],
      [42, proofOfWorkRefusals.malformed],
    ];
    for (const [proof, reason] of cases) {
      const email = uniqueEmail('pow');
      const response = await signUp(email, proof);
      expect(response.statusCode, String(proof)).toBe(400);
      expect(messageOf(response)).toBe(reason);
      expect(await identityExists(email)).toBe(false);
    }
    // A solution of our own challenge passes: the cases above fail for their reason only.
    expect(
      (await signUp(uniqueEmail('pow'), await solveProofOfWork(await ownChallenge()))).statusCode,
    ).toBe(200);
  });
});

describe('the first message of an account without a verified phone number', () => {
  it('needs a solution; later messages do not; a refused message gives it back', async () => {
    const buyer = await registerUser(t.app);
    const productId = await listing();
    const missing = await start(buyer, productId, 'Is it still for sale?');
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe(proofOfWorkRefusals.required);

    // Refused for its link: the solution is not spent and works for the message that follows.
    const proof = await solvedProofOfWork(t.app);
    const withLink = await start(buyer, productId, 'Photos: https://example.org/car', proof);
    expect(withLink.statusCode).toBe(400);
    expect(messageOf(withLink)).toContain('links');
    const started = await start(buyer, productId, 'Is it still for sale?', proof);
    expect(started.statusCode, started.body).toBe(201);
    const conversationId = started.json<{ conversation_id: string }>().conversation_id;

    // Used once: a second conversation cannot reuse it.
    const replayed = await start(buyer, await listing(), 'And this one?', proof);
    expect(replayed.statusCode).toBe(400);
    expect(messageOf(replayed)).toBe(proofOfWorkRefusals.replayed);

    // The buyer's next messages need none; the seller's first reply does.
    expect((await reply(buyer, conversationId, 'Any rust?')).statusCode).toBe(201);
    const sellerFirst = await reply(seller, conversationId, 'Yes, come and see it');
    expect(sellerFirst.statusCode).toBe(400);
    expect(messageOf(sellerFirst)).toBe(proofOfWorkRefusals.required);
    const sellerSolved = await reply(
      seller,
      conversationId,
      'Yes, come and see it',
      await solvedProofOfWork(t.app),
    );
    expect(sellerSolved.statusCode, sellerSolved.body).toBe(201);
    expect((await reply(seller, conversationId, 'Saturday works')).statusCode).toBe(201);
  });

  it('is not asked of an account with a verified phone number', async () => {
    const buyer = await registerUser(t.app);
    await db()
      .update(users)
      .set({ phoneE164: '+14155550190', phoneVerifiedAt: sql`now()` })
      .where(eq(users.id, buyer.recordId));
    expect((await start(buyer, await listing(), 'Is it still for sale?')).statusCode).toBe(201);
  });

  it('keeps spent challenges only until they expire', async () => {
    await db()
      .insert(proofOfWorkSpent)
      .values({ challengeId: 'ab'.repeat(16), expiresAt: new Date(Date.now() - 1000) });
    await signUp(uniqueEmail('pow'), await solvedProofOfWork(t.app));
    const left = await db()
      .select({ id: proofOfWorkSpent.challengeId })
      .from(proofOfWorkSpent)
      .where(eq(proofOfWorkSpent.challengeId, 'ab'.repeat(16)));
    expect(left).toEqual([]);
  });
});

describe('PROOF_OF_WORK=off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ PROOF_OF_WORK: 'off' });
  });
  afterAll(() => off.close());

  it('serves no challenge and asks for none at sign-up or in a first message', async () => {
    const challenge = await off.app.inject({ method: 'GET', url: '/api/proof-of-work/challenge' });
    expect(challenge.json()).toEqual({ required: false, challenge: null });
    const signedUp = await off.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testOrigin },
      payload: { email: uniqueEmail('off'), password: testPassword, name: 'No Proof' },
    });
    expect(signedUp.statusCode).toBe(200);
    const buyer = await registerUser(off.app);
    const offSeller = await registerUser(off.app, { role: 'seller' });
    const category = await createCategory(off.database.db);
    const product = await createProduct(off.database.db, {
      categoryId: category.id,
      sellerId: offSeller.recordId,
    });
    const started = await off.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(buyer.token),
      payload: { product_id: product.id, text: 'Is it still for sale?' },
    });
    expect(started.statusCode).toBe(201);
  });
});
