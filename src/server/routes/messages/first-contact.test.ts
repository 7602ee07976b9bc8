/**
 * A safe first contact (decision 0044): an account without a verified phone number starts at
 * most FIRST_CONTACT_DAILY_MAX conversations a day (a refused attempt does not count), and its
 * first message in a conversation carries no links, e-mail addresses or phone numbers (400
 * naming the reason and how to lift it). A verified number lifts both. A message asking for a
 * verification code gets a scam warning. Every answer that shows a seller carries their
 * `verification`.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  type Conversation,
  type Message,
  type ProductCard,
  type SellerProfile,
} from '#contract/index.js';
import { conversations, users } from '../../db/schema.js';
import { isDisposableEmail } from '../../auth/disposable-email.js';
import {
  bearer,
  registerUser,
  testOrigin,
  testPassword,
  type TestUser,
} from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { contactDetailsIn } from '../../trust/contact-details.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ FIRST_CONTACT_DAILY_MAX: '2' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sara Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const listing = async () =>
  (await createProduct(t.database.db, { categoryId, sellerId: seller.recordId })).id;

const start = (as: TestUser, productId: string, text = 'Is it still for sale?') =>
  t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: bearer(as.token),
    payload: { product_id: productId, text },
  });

const verifyPhone = (user: TestUser, phone: string) =>
  t.database.db
    .update(users)
    .set({ phoneE164: phone, phoneVerifiedAt: sql`now()` })
    .where(eq(users.id, user.recordId));

describe('new conversations of an unverified account', () => {
  it('are capped per day; refused attempts do not count; a verified number lifts the cap', async () => {
    const buyer = await registerUser(t.app);
    // A refused attempt (a link in the first message) does not count.
    expect((await start(buyer, await listing(), 'see bit.ly/car')).statusCode).toBe(400);
    expect((await start(buyer, await listing())).statusCode).toBe(201);
    const second = await listing();
    expect((await start(buyer, second)).statusCode).toBe(201);
    const third = await start(buyer, await listing());
    expect(third.statusCode).toBe(429);
    expect(messageOf(third)).toContain('2 new conversations a day');
    expect(messageOf(third)).toContain('Verify your phone number');
    // Continuing a conversation already started is not a new one.
    expect((await start(buyer, second, 'Any rust?')).statusCode).toBe(200);

    await verifyPhone(buyer, '+14155550177');
    expect((await start(buyer, await listing())).statusCode).toBe(201);
  });
});

describe('the first message of an unverified account', () => {
  it('may not carry links, e-mail addresses or phone numbers, and says how to lift it', async () => {
    const buyer = await registerUser(t.app);
    const cases: [string, string][] = [
      ['Photos here: https://example.org/car', 'links'],
      ['Mail me at bob@example.org', 'e-mail addresses'],
      ['Call me on (415) 555-0123', 'phone numbers'],
    ];
    for (const [text, named] of cases) {
      const response = await start(buyer, await listing(), text);
      expect(response.statusCode, text).toBe(400);
      expect(messageOf(response)).toContain(named);
      expect(messageOf(response)).toContain('verify your phone number');
    }
    // Nothing was stored for the refused attempts.
    const rows = await t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.buyerId, buyer.recordId));
    expect(rows).toEqual([]);
  });

  it('applies to the first message only, and not to a verified account', async () => {
    const buyer = await registerUser(t.app);
    const started = await start(buyer, await listing());
    expect(started.statusCode).toBe(201);
    const id = started.json<{ conversation_id: string }>().conversation_id;
    const later = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: bearer(buyer.token),
      payload: { text: 'My number is (415) 555-0123' },
    });
    expect(later.statusCode).toBe(201);

    const verified = await registerUser(t.app);
    await verifyPhone(verified, '+14155550178');
    expect(
      (await start(verified, await listing(), 'Photos: https://example.org/x')).statusCode,
    ).toBe(201);
  });

  it("applies to the seller's first reply too", async () => {
    const buyer = await registerUser(t.app);
    await verifyPhone(buyer, '+14155550179');
    const started = await start(buyer, await listing(), 'Hello');
    const id = started.json<{ conversation_id: string }>().conversation_id;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: bearer(seller.token),
      payload: { text: 'Write to me at sara@example.org' },
    });
    expect(reply.statusCode).toBe(400);
  });

  it('finds contact details without taking years, prices or mileages for them', () => {
    expect(contactDetailsIn('2015 model, 150,000 km, asking $12,500. Saturday at 10:30?')).toEqual(
      [],
    );
    expect(contactDetailsIn('wa.me/14155550123')).toContain('link');
    expect(contactDetailsIn('4 1 5 5 5 5 0 1 2 3')).toEqual(['phone']);
  });
});

describe('a message asking for a verification code', () => {
  it('gets a scam warning', async () => {
    const buyer = await registerUser(t.app);
    await verifyPhone(buyer, '+14155550180');
    const started = await start(buyer, await listing(), 'Hi, is it available?');
    const id = started.json<{ conversation_id: string }>().conversation_id;
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: bearer(buyer.token),
      payload: { text: 'Before we meet, send me the code you got by text message.' },
    });
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${id}/messages`,
      headers: bearer(seller.token),
    });
    const warned = thread
      .json<{ messages: Message[] }>()
      .messages.find((m) => m.text.includes('the code you got'))!;
    expect(warned.warnings.map((w) => w.code)).toContain('verification_code');
    expect(warned.warnings[0]!.text).toContain('Never share a code');
  });
});

describe('badges in every answer that shows a seller', () => {
  it('carry phone, identity, admin and since on cards, the listing, the seller page and conversations', async () => {
    const phoneSeller = await registerUser(t.app, { role: 'seller', name: 'Pia Phone' });
    await verifyPhone(phoneSeller, '+14155550181');
    const productId = (
      await createProduct(t.database.db, { categoryId, sellerId: phoneSeller.recordId })
    ).id;

    const product = await t.app.inject({ method: 'GET', url: `/api/product/${productId}` });
    const verification = product.json<ProductCard>().seller_verification;
    expect(verification).toMatchObject({ phone: true, identity: false, admin: false });
    expect(Number.isNaN(Date.parse(verification.since!))).toBe(false);

    const category = await t.app.inject({ method: 'GET', url: `/api/category/${categoryId}` });
    const card = category.json<ProductCard[]>().find((c) => c._id === productId)!;
    expect(card.seller_verification.phone).toBe(true);

    const profile = await t.app.inject({ method: 'GET', url: `/api/sellers/${phoneSeller.uid}` });
    expect(profile.json<SellerProfile>().seller.verification).toMatchObject({
      phone: true,
      identity: false,
      admin: false,
    });
    expect(profile.json<SellerProfile>().products[0]!.seller_verification.phone).toBe(true);

    const buyer = await registerUser(t.app);
    await start(buyer, productId);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/conversations',
      headers: bearer(buyer.token),
    });
    expect(list.json<Conversation[]>()[0]!.other_party.verification).toMatchObject({
      phone: true,
      admin: false,
    });

    // An unverified seller: nothing passed, no date.
    const plain = await t.app.inject({ method: 'GET', url: `/api/sellers/${seller.uid}` });
    expect(plain.json<SellerProfile>().seller.verification).toEqual({
      phone: false,
      identity: false,
      admin: false,
      since: null,
    });
  });

  it('shows the admin verification with its date once an admin verifies the seller', async () => {
    const admin = await registerUser(t.app, { admin: true });
    const target = await registerUser(t.app, { role: 'seller' });
    const verified = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.verifySeller(admin.uid, target.recordId),
      headers: bearer(admin.token),
    });
    expect(verified.statusCode, verified.body).toBeLessThan(300);
    const profile = await t.app.inject({ method: 'GET', url: `/api/sellers/${target.uid}` });
    const badge = profile.json<SellerProfile>().seller.verification;
    expect(badge.admin).toBe(true);
    expect(badge.since).not.toBeNull();
  });
});

describe('sign-up with a disposable e-mail address', () => {
  it('is refused, sub-domains included; an ordinary address is not', async () => {
    for (const email of ['bot@mailinator.com', 'bot@x.yopmail.com']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: testOrigin },
        payload: { email, password: testPassword, name: 'Bot' },
      });
      expect(response.statusCode, email).toBe(400);
      expect(messageOf(response)).toContain('Disposable e-mail addresses');
    }
    expect(isDisposableEmail('someone@example.com')).toBe(false);
  });
});
