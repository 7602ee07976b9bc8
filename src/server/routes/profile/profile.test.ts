/**
 * The caller's own profile (decision 0016): reading it, changing name and photo (and
 * where the change shows), changing the password (the other sessions end, this one goes on) and
 * deleting one's own account (as the admin's delete does). Each role on its own account only.
 */
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileTexts, type Profile } from '#contract/index.js';
import { auditLog, authAccount, authSession, authUser, orders, users } from '../../db/schema.js';
import {
  bearer,
  cookieFrom,
  issueToken,
  registerUser,
  signIn,
  testOrigin,
  testPassword,
  type TestUser,
} from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';

let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  categoryId = (await createCategory(t.database.db, 'Profile cars')).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

function call(
  method: InjectOptions['method'],
  url: string,
  token?: string,
  payload?: InjectOptions['payload'],
) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
}

async function record(uid: string) {
  const [row] = await db().select().from(users).where(eq(users.uid, uid));
  return row!;
}

async function passwordHash(uid: string) {
  const [row] = await db()
    .select({ password: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, uid), eq(authAccount.providerId, 'credential')));
  return row!.password;
}

/** A second signed-in browser of `user`: its cookie and API token. */
async function secondSession(user: TestUser, password = testPassword) {
  const response = await signIn(t.app, user.email, password);
  expect(response.statusCode, response.body).toBe(200);
  const cookie = cookieFrom(response);
  return { cookie, token: await issueToken(t.app, cookie, user.uid) };
}

async function book(buyer: TestUser, productId: string) {
  const response = await call('POST', '/api/orders', buyer.token, {
    customer_info: { customer_phone: '01711111111', meeting_location: 'Gulshan 2' },
    product_info: { product_id: productId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

describe('without a token', () => {
  it.each([
    ['GET', '/api/profile', undefined],
    ['PATCH', '/api/profile', { displayName: 'Nobody' }],
    ['POST', '/api/profile/password', { current_password: 'x', new_password: 'y' }],
    ['DELETE', '/api/profile', undefined],
  ] as const)('%s %s → 401', async (method, url, payload) => {
    const response = await call(method, url, undefined, payload);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/profile', () => {
  it('answers each role with its own account', async () => {
    const buyer = await registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' });
    const seller = await registerUser(t.app, { role: 'seller', name: 'Sam Seller' });
    const admin = await registerUser(t.app, { role: 'buyer', admin: true, name: 'Ada Admin' });
    for (const [user, name, isAdmin] of [
      [buyer, 'Bea Buyer', false],
      [seller, 'Sam Seller', false],
      [admin, 'Ada Admin', true],
    ] as const) {
      const response = await call('GET', '/api/profile', user.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Profile>()).toMatchObject({
        _id: user.recordId,
        uid: user.uid,
        displayName: name,
        email: user.email,
        isAdmin,
        hasPassword: true,
      });
    }
  });
});

describe('PATCH /api/profile', () => {
  it('renames and changes the photo on the record, the identity and the listing page', async () => {
    const seller = await registerUser(t.app, { role: 'seller', name: 'Old Name' });
    const bystander = await registerUser(t.app, { role: 'seller', name: 'Bystander' });
    const product = await createProduct(db(), { categoryId, sellerId: seller.recordId });

    const response = await call('PATCH', '/api/profile', seller.token, {
      displayName: '  New Name  ',
      photoURL: '/uploads/new-face.webp',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Profile>()).toMatchObject({
      displayName: 'New Name',
      photoURL: '/uploads/new-face.webp',
    });

    const listing = await call('GET', `/api/product/${product.id}`);
    expect(listing.json()).toMatchObject({
      seller_name: 'New Name',
      seller_image: '/uploads/new-face.webp',
    });
    const [identity] = await db().select().from(authUser).where(eq(authUser.id, seller.uid));
    expect(identity).toMatchObject({ name: 'New Name', image: '/uploads/new-face.webp' });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: seller.cookie },
    });
    expect(session.json()).toMatchObject({ user: { name: 'New Name' } });
    expect(await record(bystander.uid)).toMatchObject({ displayName: 'Bystander' });
  });

  it('changes only what is sent; "" removes the photo', async () => {
    const user = await registerUser(t.app, { role: 'buyer', name: 'Keep Me' });
    await call('PATCH', '/api/profile', user.token, { photoURL: '/uploads/a.webp' });
    const response = await call('PATCH', '/api/profile', user.token, { photoURL: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Profile>()).toMatchObject({ displayName: 'Keep Me', photoURL: '' });
    const [identity] = await db().select().from(authUser).where(eq(authUser.id, user.uid));
    expect(identity!.image).toBeNull();
  });

  it('keeps a home place (a gazetteer place, or null), each user their own', async () => {
    const austin = 4671654;
    const dallas = 4684888;
    const user = await registerUser(t.app, { role: 'buyer', name: 'Home Place' });
    const other = await registerUser(t.app, { role: 'seller', name: 'Other Place' });
    expect((await call('GET', '/api/profile', user.token)).json<Profile>().home_place).toBeNull();

    const set = await call('PATCH', '/api/profile', user.token, { home_place_id: austin });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Profile>()).toMatchObject({
      displayName: 'Home Place',
      home_place: { id: austin, name: 'Austin', region: 'Texas', country: 'United States' },
    });
    await call('PATCH', '/api/profile', other.token, { home_place_id: dallas });
    expect((await call('GET', '/api/profile', user.token)).json<Profile>().home_place?.id).toBe(
      austin,
    );
    expect((await record(user.uid)).homePlaceId).toBe(austin);

    const unknown = await call('PATCH', '/api/profile', user.token, { home_place_id: 999_999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe(profileTexts.unknownPlace);
    for (const bad of [0, -3, 'Austin', 1.5]) {
      const response = await call('PATCH', '/api/profile', user.token, { home_place_id: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('home_place_id');
    }
    expect((await record(user.uid)).homePlaceId).toBe(austin);

    const cleared = await call('PATCH', '/api/profile', user.token, { home_place_id: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Profile>().home_place).toBeNull();
    expect((await record(other.uid)).homePlaceId).toBe(dallas);
  });

  it('updates open bookings, and leaves paid ones as they were made', async () => {
    const seller = await registerUser(t.app, { role: 'seller', name: 'Sela Before' });
    const buyer = await registerUser(t.app, { role: 'buyer', name: 'Bob Before' });
    const open = await book(
      buyer,
      (await createProduct(db(), { categoryId, sellerId: seller.recordId })).id,
    );
    const paid = await book(
      buyer,
      (await createProduct(db(), { categoryId, sellerId: seller.recordId })).id,
    );
    await db().update(orders).set({ paid: true }).where(eq(orders.id, paid));

    await call('PATCH', '/api/profile', buyer.token, { displayName: 'Bob After' });
    await call('PATCH', '/api/profile', seller.token, {
      displayName: 'Sela After',
      photoURL: '/uploads/sela.webp',
    });

    const [openRow] = await db().select().from(orders).where(eq(orders.id, open));
    const [paidRow] = await db().select().from(orders).where(eq(orders.id, paid));
    expect(openRow).toMatchObject({
      customerName: 'Bob After',
      sellerName: 'Sela After',
      sellerImage: '/uploads/sela.webp',
    });
    expect(paidRow).toMatchObject({ customerName: 'Bob Before', sellerName: 'Sela Before' });
  });

  it.each([
    [{}, 'body'],
    [{ displayName: '   ' }, 'body.displayName'],
    [{ displayName: 'x'.repeat(81) }, 'body.displayName'],
    [{ photoURL: 'https://evil.example/me.png' }, 'body.photoURL'],
    [{ photoURL: '/etc/passwd' }, 'body.photoURL'],
    [{ displayName: 'Fine', uid: 'someone-else' }, 'body'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (payload, field) => {
    const user = await registerUser(t.app, { role: 'buyer', name: 'Unchanged' });
    const response = await call('PATCH', '/api/profile', user.token, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
    expect(await record(user.uid)).toMatchObject({ displayName: 'Unchanged', photoUrl: '' });
  });
});

describe('POST /api/profile/password', () => {
  const newPassword = 'brand new gearbox 42';

  it('needs the current password: a wrong one is 400 and nothing changes', async () => {
    const user = await registerUser(t.app, { role: 'buyer' });
    const other = await secondSession(user);
    const before = await passwordHash(user.uid);
    const response = await call('POST', '/api/profile/password', user.token, {
      current_password: 'not my password',
      new_password: newPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(profileTexts.wrongCurrentPassword);
    expect(await passwordHash(user.uid)).toBe(before);
    expect((await call('GET', '/api/profile', other.token)).statusCode).toBe(200);
  });

  it.each([
    ['12345', 'body.new_password'],
    ['password', 'body.new_password'],
    [testPassword, 'body.new_password'],
  ])('refuses the new password %j (400 naming %s)', async (password, field) => {
    const user = await registerUser(t.app, { role: 'seller' });
    const before = await passwordHash(user.uid);
    const response = await call('POST', '/api/profile/password', user.token, {
      current_password: testPassword,
      new_password: password,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
    expect(await passwordHash(user.uid)).toBe(before);
  });

  it('ends the other sessions (token and cookie); this one goes on', async () => {
    const user = await registerUser(t.app, { role: 'buyer', admin: true });
    const other = await secondSession(user);
    const response = await call('POST', '/api/profile/password', user.token, {
      current_password: testPassword,
      new_password: newPassword,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changed: true, sessionsEnded: 1 });

    // The other browser: its token and its cookie stop working at once.
    expect((await call('GET', '/api/profile', other.token)).statusCode).toBe(401);
    const jwt = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: other.cookie, origin: testOrigin },
      payload: { user: user.uid },
    });
    expect(jwt.statusCode).toBe(401);
    // This browser: token and cookie still work.
    expect((await call('GET', '/api/profile', user.token)).statusCode).toBe(200);
    expect(await issueToken(t.app, user.cookie, user.uid)).toEqual(expect.any(String));
    const sessions = await db()
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.userId, user.uid));
    expect(sessions).toHaveLength(1);

    expect((await signIn(t.app, user.email, testPassword)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, newPassword)).statusCode).toBe(200);
  });

  it('answers 409 for an account without a password (Google only)', async () => {
    const user = await registerUser(t.app, { role: 'buyer' });
    await db()
      .update(authAccount)
      .set({ providerId: 'google', password: null })
      .where(eq(authAccount.userId, user.uid));
    const response = await call('POST', '/api/profile/password', user.token, {
      current_password: testPassword,
      new_password: newPassword,
    });
    expect(response.statusCode).toBe(409);
    expect((await call('GET', '/api/profile', user.token)).json<Profile>().hasPassword).toBe(false);
  });
});

describe('DELETE /api/profile', () => {
  it("deletes one's own account as the admin's delete does", async () => {
    const seller = await registerUser(t.app, { role: 'seller', name: 'Leaving Seller' });
    const buyer = await registerUser(t.app, { role: 'buyer' });
    const unsold = await createProduct(db(), { categoryId, sellerId: seller.recordId });
    const sold = await createProduct(
      db(),
      { categoryId, sellerId: seller.recordId },
      { sold: true },
    );
    const booked = await createProduct(db(), { categoryId, sellerId: seller.recordId });
    const order = await book(buyer, booked.id);
    const other = await secondSession(seller);

    const response = await call('DELETE', '/api/profile', seller.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });

    expect((await record(seller.uid)).deletedAt).not.toBeNull();
    // Every session and token ends; signing in again is refused.
    expect((await call('GET', '/api/profile', seller.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/profile', other.token)).statusCode).toBe(401);
    const signInAgain = await signIn(t.app, seller.email, testPassword);
    expect(signInAgain.statusCode).toBe(403);
    // Unsold listings leave the catalogue; the sold one stays; the order stays.
    const catalogue = await call('GET', `/api/category/${categoryId}?limit=100`);
    const ids = catalogue.json<Array<{ _id: string }>>().map((card) => card._id);
    expect(ids).not.toContain(unsold.id);
    expect(ids).not.toContain(booked.id);
    expect(ids).toContain(sold.id);
    const [orderRow] = await db().select().from(orders).where(eq(orders.id, order));
    expect(orderRow).toBeDefined();
    // The buyer is untouched.
    expect((await call('GET', '/api/profile', buyer.token)).statusCode).toBe(200);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, seller.recordId));
    expect(audit).toMatchObject({ action: 'user.delete', actorId: seller.recordId });
    expect(audit!.details).toMatchObject({ self: true, listingsRemoved: 2 });
  });

  it('refuses the last live admin (409) and lets an admin go when another remains', async () => {
    // Other tests may have made admins: this one starts from none but its own.
    await db().update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    const admin = await registerUser(t.app, { role: 'buyer', admin: true });
    const refused = await call('DELETE', '/api/profile', admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(profileTexts.lastAdmin);
    expect((await record(admin.uid)).deletedAt).toBeNull();

    await registerUser(t.app, { role: 'seller', admin: true });
    expect((await call('DELETE', '/api/profile', admin.token)).statusCode).toBe(200);
  });
});
