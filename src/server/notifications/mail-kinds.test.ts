/**
 * Mail kinds that say what they are, and times in the reader's zone (decision 0049): each
 * switchable kind turned off alone stops only its own mails (new bookings, offers, viewings,
 * declined or cancelled bookings), seen in the outbox (queued send-mail jobs) and through a real
 * SMTP server on loopback; a viewing mail prints its time in each reader's zone on both sides of
 * a daylight-saving change and says which zone it used; `time_zone` on the profile is validated.
 * Jobs are driven directly (`runNow`, workers off), no sleeps.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationKinds, type NotificationKind } from '../../contract/index.js';
import { queryRows } from '../db/rows.js';
import { sendMailJob } from '../jobs/send-mail.js';
import { notifyViewing } from '../orders/viewing-mails.js';
import { bookOrder } from '../routes/orders/test-helpers.js';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { sendMailNow } from '../test-support/mail-jobs.js';
import { createCategory, createProduct } from '../test-support/factories.js';
import { partsOf, startSmtpServer } from '../test-support/smtp.js';
import { zoneOfPlace } from './time-zone.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_WORKERS: 'false' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const hour = 60 * 60 * 1000;
/** A viewing time `hours` from now, on a whole half hour. */
const inHours = (hours: number) => {
  const at = new Date(Date.now() + hours * hour);
  at.setUTCMinutes(at.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
  return at;
};

/** The keys of the queued send-mail jobs whose key starts with `prefix`. */
async function queuedKeys(prefix: string): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    t.app.db,
    sql`select data->>'key' as key from pgboss.job
        where name = ${sendMailJob} and data->>'key' like ${`${prefix}%`}`,
  );
  return rows.map((row) => row.key);
}

/** Sends every queued mail whose key starts with `prefix` to the loopback SMTP server. */
async function deliver(prefix: string): Promise<void> {
  const rows = await queryRows<{ data: object }>(
    t.app.db,
    sql`select data from pgboss.job where name = ${sendMailJob} and data->>'key' like ${`${prefix}%`}`,
  );
  for (const row of rows) await sendMailNow(t.app, row.data);
}

const inject = (user: TestUser, method: 'PATCH' | 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(user.token), payload });

const listing = (seller: TestUser, name: string) =>
  createProduct(
    t.database.db,
    { categoryId, sellerId: seller.recordId },
    { productName: name, resellPriceCents: 1_000_000 },
  );

describe('notification settings: the kinds', () => {
  it('lists offers and viewings as kinds of their own, with labels that say what they cover', async () => {
    const someone = await registerUser(t.app, { role: 'buyer' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notification-settings',
      headers: bearer(someone.token),
    });
    const settings = response.json<{
      settings: { kind: NotificationKind; label: string; locked: boolean }[];
    }>().settings;
    expect(settings.map((s) => s.kind)).toEqual([...notificationKinds]);
    const label = (kind: NotificationKind) => settings.find((s) => s.kind === kind)!.label;
    expect(label('booking')).toBe('New bookings');
    expect(label('offer')).toBe('Offers');
    expect(label('viewing')).toBe('Viewings');
    expect(label('order-update')).toBe('Declined or cancelled bookings');
    expect(settings.filter((s) => s.locked).map((s) => s.kind)).toEqual(['payment']);
  });
});

describe('each mail kind switched off alone', () => {
  /**
   * One deal that causes one mail of each kind: a booking (to the seller), a viewing proposed by
   * the seller (to the buyer), an offer on another listing (to the seller), and the booking
   * declined (to the buyer). @returns the key prefix of each kind's mail.
   */
  async function deal(buyer: TestUser, seller: TestUser): Promise<Record<string, string>> {
    const booked = await listing(seller, 'Mazda 3 2014');
    const orderId = await bookOrder(t.app, buyer, booked.id);
    const proposed = await inject(seller, 'PATCH', `/api/order/${orderId}/viewing`, {
      action: 'propose',
      at: inHours(30).toISOString(),
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const offered = await listing(seller, 'Skoda Octavia 2016');
    const offer = await inject(buyer, 'POST', '/api/offers', {
      product_id: offered.id,
      amount: 9000,
      customer_phone: '01711111111',
      meeting_location: 'Gulshan 2',
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const offerId = offer.json<{ offer_id: string }>().offer_id;
    const declined = await inject(seller, 'PATCH', `/api/order/${orderId}/decline`, {
      message: 'Sold it',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    return {
      booking: `order:${orderId}:booked`,
      viewing: `order:${orderId}:viewing-proposed`,
      offer: `offer:${offerId}:made`,
      'order-update': `order:${orderId}:declined`,
    };
  }

  it.each(['booking', 'offer', 'viewing', 'order-update'] as const)(
    'turning %s off stops only its mails',
    async (kind) => {
      const buyer = await registerUser(t.app, { role: 'buyer', name: `Buyer ${kind}` });
      const seller = await registerUser(t.app, { role: 'seller', name: `Seller ${kind}` });
      for (const user of [buyer, seller]) {
        const put = await inject(user, 'PUT', '/api/notification-settings', {
          settings: [{ kind, enabled: false }],
        });
        expect(put.statusCode, put.body).toBe(200);
      }
      const prefixes = await deal(buyer, seller);
      for (const [other, prefix] of Object.entries(prefixes)) {
        expect(await queuedKeys(prefix), `${other} mail with ${kind} off`).toHaveLength(
          other === kind ? 0 : 1,
        );
      }
    },
  );

  it('an offer mail carries the unsubscribe of offers, not of bookings', async () => {
    const buyer = await registerUser(t.app, { role: 'buyer', name: 'Oli Offerer' });
    const seller = await registerUser(t.app, { role: 'seller', name: 'Osa Seller' });
    const prefixes = await deal(buyer, seller);
    await deliver(prefixes.offer!);
    const mail = smtp.inbox.find((m) => m.to.includes(seller.email) && m.raw.includes('offer'));
    expect(mail).toBeDefined();
    expect(partsOf(mail!.raw).text).toMatch(/Stop e-mails about offers: \S+\/unsubscribe\?token=/);
  });
});

describe('times in viewing mails', () => {
  async function bookedPair(sellerZone: string | null, buyerHome: number | null) {
    const buyer = await registerUser(t.app, { role: 'buyer', name: 'Zoe Zone' });
    const seller = await registerUser(t.app, { role: 'seller', name: 'Zack Zone' });
    if (sellerZone) {
      const set = await inject(seller, 'PATCH', '/api/profile', { time_zone: sellerZone });
      expect(set.statusCode, set.body).toBe(200);
    }
    if (buyerHome) {
      const set = await inject(buyer, 'PATCH', '/api/profile', { home_place_id: buyerHome });
      expect(set.statusCode, set.body).toBe(200);
    }
    const product = await listing(seller, 'Ford Focus 2015');
    const orderId = await bookOrder(t.app, buyer, product.id);
    return { buyer, seller, orderId };
  }

  /** The text part of the one mail to `user` whose subject starts `subject`. */
  async function mailText(prefix: string, user: TestUser, subject: string): Promise<string> {
    await deliver(prefix);
    const mails = smtp.inbox.filter(
      (m) => m.to.includes(user.email) && m.raw.includes(`Subject: ${subject}`),
    );
    expect(mails, `${subject} to ${user.email}`).toHaveLength(1);
    return partsOf(mails.at(-1)!.raw).text;
  }

  it("writes the time in the reader's zone on both sides of a daylight-saving change, and says which", async () => {
    const { buyer, seller, orderId } = await bookedPair('America/Chicago', null);
    // 10:00 in Austin: UTC-6 (CST) on 13 March 2027, UTC-5 (CDT) after the change on the 14th.
    const before = new Date('2027-03-13T16:00:00Z');
    const after = new Date('2027-03-15T15:00:00Z');
    for (const at of [before, after]) {
      await t.app.db.transaction((tx) => notifyViewing(t.app, tx, 'confirmed', orderId, at));
    }
    const prefix = `order:${orderId}:viewing-confirmed`;
    await deliver(prefix);
    const sellerTexts = smtp.inbox
      .filter((m) => m.to.includes(seller.email) && m.raw.includes('Viewing confirmed'))
      .map((m) => partsOf(m.raw).text);
    expect(sellerTexts).toHaveLength(2);
    const joined = sellerTexts.join('\n');
    expect(joined).toContain('Saturday, March 13, 2027 at 10:00 AM CST');
    expect(joined).toContain('Monday, March 15, 2027 at 10:00 AM CDT');
    expect(joined).toContain('Times are in America/Chicago, the time zone on your profile.');
    expect(joined).not.toContain('UTC');

    // The buyer set no zone and has no home place: UTC, and the mail says why.
    const buyerText = smtp.inbox
      .filter((m) => m.to.includes(buyer.email) && m.raw.includes('Viewing confirmed'))
      .map((m) => partsOf(m.raw).text)
      .join('\n');
    expect(buyerText).toContain('Saturday, March 13, 2027 at 4:00 PM UTC');
    expect(buyerText).toContain('Times are in UTC: we do not know your time zone.');
  });

  it("uses the home place's zone when the profile has none, and says so", async () => {
    // GeoNames 4671654: Austin, Texas.
    const { buyer, seller, orderId } = await bookedPair(null, 4671654);
    const at = inHours(40);
    const proposed = await inject(seller, 'PATCH', `/api/order/${orderId}/viewing`, {
      action: 'propose',
      at: at.toISOString(),
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const text = await mailText(`order:${orderId}:viewing-proposed`, buyer, 'Viewing proposed');
    const local = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/Chicago',
      timeZoneName: 'short',
    }).format(at);
    expect(text).toContain(local);
    expect(text).toContain('Times are in America/Chicago, the time zone of your home place');
  });

  it('derives a zone from a home place only where one is certain', () => {
    expect(zoneOfPlace('US', 'TX')).toBe('America/Chicago');
    expect(zoneOfPlace('US', 'CA')).toBe('America/Los_Angeles');
    expect(zoneOfPlace('DE', '16')).toBe('Europe/Berlin');
    expect(zoneOfPlace('JP', '40')).toBe('Asia/Tokyo');
    expect(zoneOfPlace('CA', '08')).toBeNull();
    expect(zoneOfPlace('AU', '02')).toBeNull();
  });
});

describe('PATCH /api/profile time_zone', () => {
  it('keeps an IANA zone, forgets it with null, and says which zone mail uses', async () => {
    const user = await registerUser(t.app, { role: 'buyer' });
    const get = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(user.token) })
      ).json<{ time_zone: string | null; mail_time_zone: { name: string; source: string } }>();
    expect(await get()).toMatchObject({
      time_zone: null,
      mail_time_zone: { name: 'UTC', source: 'unknown' },
    });
    const set = await inject(user, 'PATCH', '/api/profile', { time_zone: 'america/chicago' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      time_zone: 'America/Chicago',
      mail_time_zone: { name: 'America/Chicago', source: 'profile' },
    });
    const cleared = await inject(user, 'PATCH', '/api/profile', { time_zone: null });
    expect(cleared.json()).toMatchObject({ time_zone: null });
    expect(await get()).toMatchObject({ time_zone: null });
  });

  it.each([
    ['an unknown name', 'Mars/Olympus'],
    ['an abbreviation', 'CST'],
    ['an offset', '+02:00'],
    ['an empty string', ''],
    ['a number', 5],
    ['a long string', `Europe/${'x'.repeat(80)}`],
  ])('refuses %s with 400 naming time_zone, and changes nothing', async (_what, value) => {
    const user = await registerUser(t.app, { role: 'buyer' });
    await inject(user, 'PATCH', '/api/profile', { time_zone: 'Europe/Berlin' });
    const response = await inject(user, 'PATCH', '/api/profile', { time_zone: value });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/time_zone/);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(user.token),
    });
    expect(profile.json()).toMatchObject({ time_zone: 'Europe/Berlin' });
  });

  it('needs a token (401)', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: { time_zone: 'Europe/Berlin' },
    });
    expect(response.statusCode).toBe(401);
  });
});
