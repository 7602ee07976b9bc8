/**
 * Viewing times of bookings (decision 0034): proposed with the booking or later by either side,
 * confirmed only by the side that did not propose, refused to strangers and outside the 30-day
 * window; a confirmation mails both sides once with an iCalendar part, through a real SMTP
 * server on loopback, and the reminder two hours before is sent once however often it runs.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orders } from '../../db/schema.js';
import { sendMailJob } from '../../jobs/send-mail.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sendMailNow } from '../../test-support/mail-jobs.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { partsOf, startSmtpServer } from '../../test-support/smtp.js';
import { bookingBody } from './test-helpers.js';
import { remindViewing, viewingReminderJob } from '../../orders/viewing.js';
import { queryRows } from '../../db/rows.js';
import { messageOf } from '../../test-support/answers.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_WORKERS: 'false' });
  [buyer, seller, stranger] = await Promise.all([
    registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
    registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
    registerUser(t.app, { role: 'buyer', name: 'Stan Stranger' }),
  ]);
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

async function listing() {
  const category = await createCategory(t.database.db);
  return createProduct(t.database.db, { categoryId: category.id, sellerId: seller.recordId });
}

function bookWith(user: TestUser, productId: string, viewingAt?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(user.token),
    payload: bookingBody(productId, viewingAt === undefined ? {} : { viewing_at: viewingAt }),
  });
}

function viewing(user: TestUser, orderId: string, body: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}/viewing`,
    headers: bearer(user.token),
    payload: body,
  });
}

async function orderView(user: TestUser, orderId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: user === seller ? '/api/seller-orders' : '/api/orders',
    headers: bearer(user.token),
  });
  return response.json<{ _id: string; viewing: unknown }[]>().find((o) => o._id === orderId);
}

/** Runs every queued send-mail job whose key starts with `prefix`, twice (a retry). */
async function deliver(prefix: string) {
  const result = await queryRows<{ data: object }>(
    t.app.db,
    sql`select data from pgboss.job where name = ${sendMailJob} and data->>'key' like ${`${prefix}%`}`,
  );
  for (let i = 0; i < 2; i += 1) {
    for (const row of result) await sendMailNow(t.app, row.data);
  }
  return result.length;
}

describe('POST /api/orders with viewing_at', () => {
  it('stores the proposed time as proposed by the buyer, shown to both sides', async () => {
    const product = await listing();
    const at = inHours(30);
    const offset = at.toISOString().replace('Z', '+00:00');
    const response = await bookWith(buyer, product.id, offset);
    expect(response.statusCode).toBe(201);
    const orderId = response.json<{ insertedId: string }>().insertedId;
    const expected = { at: at.toISOString(), status: 'proposed', proposed_by: 'buyer' };
    expect((await orderView(buyer, orderId))?.viewing).toEqual(expected);
    expect((await orderView(seller, orderId))?.viewing).toEqual(expected);
  });

  it('takes a time with another UTC offset as the same instant', async () => {
    const product = await listing();
    const at = inHours(50);
    const local = new Date(at.getTime() - 5 * hour).toISOString().replace('.000Z', '-05:00');
    const response = await bookWith(buyer, product.id, local);
    expect(response.statusCode).toBe(201);
    const orderId = response.json<{ insertedId: string }>().insertedId;
    expect((await orderView(buyer, orderId))?.viewing).toMatchObject({ at: at.toISOString() });
  });

  it.each([
    ['in the past', () => new Date(Date.now() - hour).toISOString(), 'must be in the future'],
    ['31 days ahead', () => inHours(31 * 24).toISOString(), 'within the next 30 days'],
    ['without an offset', () => '2030-01-01T10:00:00', 'UTC offset'],
    ['not a time', () => 'tomorrow', 'UTC offset'],
  ])('refuses a viewing time %s with 400 naming the field', async (_name, value, message) => {
    const product = await listing();
    const response = await bookWith(buyer, product.id, value());
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toContain('viewing_at');
    expect(messageOf(response)).toContain(message);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.productId, product.id));
    expect(row?.n).toBe(0);
  });

  it('books without a viewing time as before (viewing null)', async () => {
    const product = await listing();
    const response = await bookWith(buyer, product.id);
    const orderId = response.json<{ insertedId: string }>().insertedId;
    expect((await orderView(buyer, orderId))?.viewing).toBeNull();
  });
});

describe('PATCH /api/order/{id}/viewing', () => {
  it('lets the seller propose another time, the buyer confirm it, and mails both once with an iCalendar part', async () => {
    const product = await listing();
    const booked = await bookWith(buyer, product.id, inHours(20).toISOString());
    const orderId = booked.json<{ insertedId: string }>().insertedId;

    // The buyer proposed: they cannot confirm their own time.
    const own = await viewing(buyer, orderId, { action: 'confirm' });
    expect(own.statusCode).toBe(409);

    const later = inHours(48);
    const proposed = await viewing(seller, orderId, { action: 'propose', at: later.toISOString() });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await orderView(buyer, orderId))?.viewing).toEqual({
      at: later.toISOString(),
      status: 'proposed',
      proposed_by: 'seller',
    });
    expect((await viewing(seller, orderId, { action: 'confirm' })).statusCode).toBe(409);

    const confirmed = await viewing(buyer, orderId, { action: 'confirm' });
    expect(confirmed.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await orderView(seller, orderId))?.viewing).toMatchObject({ status: 'confirmed' });
    // A repeat changes nothing and mails nothing more.
    expect(
      (await viewing(buyer, orderId, { action: 'confirm' })).json<{ modifiedCount: number }>()
        .modifiedCount,
    ).toBe(0);

    expect(await deliver(`order:${orderId}:viewing-confirmed`)).toBe(2);
    for (const user of [buyer, seller]) {
      const mails = smtp.inbox.filter(
        (mail) => mail.to.includes(user.email) && mail.raw.includes('Viewing confirmed'),
      );
      expect(mails).toHaveLength(1);
      const parts = partsOf(mails[0]!.raw);
      expect(parts.text).toContain('is confirmed');
      expect(parts.text).toContain(user === buyer ? '01700000000' : '01711111111');
      const ics = parts.calendar.replace(/\r?\n[ \t]/g, '');
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r?\n/);
      expect(ics).toMatch(/\r?\nVERSION:2\.0\r?\n/);
      expect(ics).toMatch(/\r?\nPRODID:[^\r\n]+/);
      expect(ics).toMatch(/\r?\nMETHOD:PUBLISH\r?\n/);
      expect(ics).toContain(`UID:viewing-${orderId}@second-gear`);
      const stamp = later.toISOString().replace(/[-:]/g, '').replace('.000', '');
      expect(ics).toContain(`DTSTART:${stamp}`);
      expect(ics).toContain('LOCATION:Gulshan 2');
      expect(ics).toMatch(/END:VEVENT\r?\nEND:VCALENDAR\s*$/);
    }

    // The reminder was queued for two hours before, and is sent once however often it runs.
    const jobs = await queryRows<{ data: { orderId: string; at: string }; start_after: Date }>(
      t.app.db,
      sql`select data, start_after from pgboss.job where name = ${viewingReminderJob} and data->>'orderId' = ${orderId}`,
    );
    expect(jobs).toHaveLength(1);
    const startAfter = new Date(jobs[0]!.start_after).getTime();
    expect(Math.abs(startAfter - (later.getTime() - 2 * hour))).toBeLessThan(5_000);
    await remindViewing(t.app, jobs[0]!.data);
    await remindViewing(t.app, jobs[0]!.data);
    // Two runs queue two jobs per side; the mail key lets each side's reminder out once.
    expect(await deliver(`order:${orderId}:viewing-reminder`)).toBe(4);
    for (const user of [buyer, seller]) {
      const reminders = smtp.inbox.filter(
        (mail) => mail.to.includes(user.email) && mail.raw.includes('Reminder: viewing'),
      );
      expect(reminders).toHaveLength(1);
    }

    // Both steps are in the pair's conversation as system messages.
    const notes = await t.database.db
      .select({ kind: messages.kind, body: messages.body })
      .from(messages)
      .where(eq(messages.kind, 'viewing'));
    expect(notes.map((note) => note.body)).toEqual(
      expect.arrayContaining([
        `Proposed a viewing at ${later.toISOString()}.`,
        `Confirmed the viewing at ${later.toISOString()}.`,
      ]),
    );
  });

  it('sends no reminder for a viewing that moved after the job was queued', async () => {
    const product = await listing();
    const booked = await bookWith(buyer, product.id, inHours(10).toISOString());
    const orderId = booked.json<{ insertedId: string }>().insertedId;
    const first = inHours(10);
    await viewing(seller, orderId, { action: 'confirm' });
    await viewing(seller, orderId, { action: 'propose', at: inHours(30).toISOString() });
    await remindViewing(t.app, { orderId, at: first.toISOString() });
    expect(await deliver(`order:${orderId}:viewing-reminder`)).toBe(0);
  });

  it('refuses strangers (403), unknown orders (404) and closed bookings (409)', async () => {
    const product = await listing();
    const booked = await bookWith(buyer, product.id, inHours(10).toISOString());
    const orderId = booked.json<{ insertedId: string }>().insertedId;
    expect((await viewing(stranger, orderId, { action: 'confirm' })).statusCode).toBe(403);
    expect(
      (await viewing(stranger, orderId, { action: 'propose', at: inHours(12).toISOString() }))
        .statusCode,
    ).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await viewing(buyer, unknown, { action: 'confirm' })).statusCode).toBe(404);
    const noToken = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/viewing`,
      payload: { action: 'confirm' },
    });
    expect(noToken.statusCode).toBe(401);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: bearer(buyer.token),
    });
    expect((await viewing(seller, orderId, { action: 'confirm' })).statusCode).toBe(409);
  });

  it('refuses to confirm when nothing was proposed, and bad times and actions with 400', async () => {
    const product = await listing();
    const booked = await bookWith(buyer, product.id);
    const orderId = booked.json<{ insertedId: string }>().insertedId;
    expect((await viewing(seller, orderId, { action: 'confirm' })).statusCode).toBe(409);
    const past = await viewing(seller, orderId, {
      action: 'propose',
      at: new Date(Date.now() - hour).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(messageOf(past)).toContain('body.at');
    const far = await viewing(seller, orderId, {
      action: 'propose',
      at: inHours(24 * 31).toISOString(),
    });
    expect(far.statusCode).toBe(400);
    expect((await viewing(seller, orderId, { action: 'reschedule' })).statusCode).toBe(400);
    expect((await viewing(seller, orderId, { action: 'propose' })).statusCode).toBe(400);
    expect((await orderView(buyer, orderId))?.viewing).toBeNull();
  });
});
