/**
 * Notification e-mail against a real SMTP server on loopback: each notification has a
 * plain-text and an HTML part, a link back, and (when it can be turned off) the one-click
 * unsubscribe of its kind; a payment sends a receipt to the buyer and a notice to the seller
 * once; an unread message is mailed once after the delay, not when read first, not twice an
 * hour, not when blocked; a kind turned off (settings or unsubscribe link) sends nothing; user
 * text never becomes HTML. Jobs are driven directly (`runNow`, workers off), no sleeps.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSetting } from '../../contract/index.js';
import { conversations, messageMailThrottle } from '../db/schema.js';
import { sendMailJob } from '../jobs/send-mail.js';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { sendMailNow } from '../test-support/mail-jobs.js';
import { createCategory, createProduct } from '../test-support/factories.js';
import { bookOrder } from '../routes/orders/test-helpers.js';
import {
  clientSecretFor,
  confirm,
  paymentMethodFor,
  recordPayment,
} from '../routes/payments/test-helpers.js';
import { paymentIntentIdOf } from '../../contract/paths.js';
import { escapeHtml } from '../lib/html.js';
import { renderMail } from './layout.js';
import { messageMailJob, runMessageMail } from './message-mail.js';
import { headersOf, partsOf, startSmtpServer } from '../test-support/smtp.js';
import { queryRows } from '../db/rows.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    JOB_WORKERS: 'false',
    MESSAGE_MAIL_DELAY_SECONDS: '300',
  });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bina <b>Buyer</b>' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sara Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailsTo = (address: string) => smtp.inbox.filter((mail) => mail.to.includes(address));

/** A live listing of `seller` named `name`, $12,500. */
const listing = (name = 'Honda Civic 2015') =>
  createProduct(
    t.database.db,
    { categoryId, sellerId: seller.recordId },
    { productName: name, resellPriceCents: 1_250_000 },
  );

type JobRow = { data: { key: string; sealed: string } };

/** The queued send-mail jobs whose key starts with `prefix`. */
async function mailJobs(prefix: string): Promise<JobRow[]> {
  const result = await queryRows<JobRow>(
    t.app.db,
    sql`select data from pgboss.job where name = ${sendMailJob} and data->>'key' like ${`${prefix}%`}
        union all
        select data from pgboss.archive where name = ${sendMailJob} and data->>'key' like ${`${prefix}%`}`,
  );
  return result;
}

/** Runs every queued send-mail job with a key starting `prefix`, `times` times (a retry). */
async function deliver(prefix: string, times = 1): Promise<number> {
  const jobs = await mailJobs(prefix);
  for (let i = 0; i < times; i += 1) {
    for (const job of jobs) await sendMailNow(t.app, job.data);
  }
  return jobs.length;
}

const settingsOf = async (as: TestUser) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notification-settings',
    headers: bearer(as.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ settings: NotificationSetting[] }>().settings;
};
const putSettings = (as: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/notification-settings',
    headers: as ? bearer(as.token) : {},
    payload: payload as object,
  });
const enabled = async (as: TestUser, kind: string) =>
  (await settingsOf(as)).find((setting) => setting.kind === kind)!.enabled;

/** The unsubscribe token of the `List-Unsubscribe` header of `raw`. */
function listUnsubscribeToken(raw: string): string {
  const header = headersOf(raw)['list-unsubscribe'] ?? '';
  const token = /\/api\/unsubscribe\?token=([A-Za-z0-9_.-]+)>/.exec(header)?.[1];
  expect(token, header).toBeTruthy();
  return token!;
}

describe('the mail layout', () => {
  it('escapes every piece of text in the HTML part and keeps it verbatim in the text part', () => {
    const evil = `<script>alert("x")</script> & <img src=x onerror=alert(1)> 'q'`;
    const { text, html } = renderMail({
      greeting: `Hello ${evil},`,
      blocks: [evil, { facts: [[evil, evil]] }, { quote: `${evil}\nsecond line`, by: evil }],
      action: { label: evil, url: 'https://example.test/a?b=1&c="2"' },
      footer: { reason: evil, unsubscribe: { label: evil, url: 'https://example.test/u' } },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain(escapeHtml(evil));
    expect(html).toContain('href="https://example.test/a?b=1&amp;c=&quot;2&quot;"');
    expect(text).toContain(evil);
    expect(text).toContain('> second line');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      renderMail({
        greeting: 'Hi',
        blocks: [],
        action: { label: 'x', url: 'javascript:alert(1)' },
      }),
    ).toThrow(/not an http/);
  });
});

describe('notification settings API', () => {
  it('needs a signed-in user (401 without a token)', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notification-settings' })).statusCode,
    ).toBe(401);
    expect((await putSettings(null, { settings: [] })).statusCode).toBe(401);
  });

  it('lists every kind with labels, all on by default, payment locked; any role may use it', async () => {
    const someone = await registerUser(t.app, { role: 'seller' });
    const settings = await settingsOf(someone);
    expect(settings.map((setting) => setting.kind)).toEqual([
      'booking',
      'offer',
      'viewing',
      'order-update',
      'payment',
      'message',
      'price-drop',
    ]);
    expect(settings.every((setting) => setting.enabled && setting.label.length > 0)).toBe(true);
    expect(settings.filter((setting) => setting.locked).map((setting) => setting.kind)).toEqual([
      'payment',
    ]);
  });

  it("changes only the caller's own settings, and answers the new ones", async () => {
    const one = await registerUser(t.app, { role: 'buyer' });
    const other = await registerUser(t.app, { role: 'buyer' });
    const response = await putSettings(one, {
      settings: [
        { kind: 'message', enabled: false },
        { kind: 'price-drop', enabled: false },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<{ settings: NotificationSetting[] }>().settings;
    expect(answered.find((s) => s.kind === 'message')!.enabled).toBe(false);
    expect(await enabled(one, 'price-drop')).toBe(false);
    expect(await enabled(one, 'booking')).toBe(true);
    expect(await enabled(other, 'message')).toBe(true);
    expect(await enabled(other, 'price-drop')).toBe(true);
    // and back on
    expect(
      (await putSettings(one, { settings: [{ kind: 'message', enabled: true }] })).statusCode,
    ).toBe(200);
    expect(await enabled(one, 'message')).toBe(true);
  });

  it('refuses bad bodies with 400 naming the problem, and payment off; nothing changes', async () => {
    const one = await registerUser(t.app, { role: 'buyer' });
    const cases: [unknown, RegExp][] = [
      [
        { settings: [{ kind: 'payment', enabled: false }] },
        /payment receipts cannot be turned off/,
      ],
      [{ settings: [{ kind: 'spam', enabled: false }] }, /kind/],
      [{ settings: [{ kind: 'message', enabled: 'no' }] }, /enabled/],
      [{ settings: [] }, /at least one kind/],
      [
        {
          settings: [
            { kind: 'message', enabled: false },
            { kind: 'message', enabled: true },
          ],
        },
        /twice/,
      ],
      [{ settings: [{ kind: 'message', enabled: false }], extra: 1 }, /extra|unrecognized/i],
    ];
    for (const [payload, message] of cases) {
      const response = await putSettings(one, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    // a payment-off mixed with a valid change changes nothing
    await putSettings(one, {
      settings: [
        { kind: 'booking', enabled: false },
        { kind: 'payment', enabled: false },
      ],
    });
    expect(await enabled(one, 'booking')).toBe(true);
  });
});

describe('booking mails', () => {
  it('a booking sends the seller one mail with both parts, a link back and the unsubscribe; a retry sends nothing more', async () => {
    const product = await listing('Mazda <3> & friends');
    const orderId = await bookOrder(t.app, buyer, product.id);
    expect(await deliver(`order:${orderId}:booked`, 2)).toBe(1);
    const mails = mailsTo(seller.email);
    const mail = mails.find(
      (m) => m.raw.includes(orderId) || partsOf(m.raw).text.includes('Mazda'),
    );
    expect(mails.filter((m) => partsOf(m.raw).text.includes('Mazda <3> & friends'))).toHaveLength(
      1,
    );
    const { text, html } = partsOf(mail!.raw);
    expect(text).toContain('Bina <b>Buyer</b> booked Mazda <3> & friends ($12,500)');
    expect(text).toContain('Phone: 01711111111');
    expect(text).toContain('Meeting location: Gulshan 2');
    expect(text).toContain(`${t.config.publicUrl}/user/seller/bookings`);
    expect(text).toMatch(/Stop e-mails about new bookings: \S+\/unsubscribe\?token=/);
    expect(html).toContain('Bina &lt;b&gt;Buyer&lt;/b&gt;');
    expect(html).toContain('Mazda &lt;3&gt; &amp; friends');
    expect(html).not.toContain('<b>Buyer');
    expect(html).toContain(`href="${t.config.publicUrl}/user/seller/bookings"`);
    const headers = headersOf(mail!.raw);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['list-unsubscribe']).toContain('/api/unsubscribe?token=');
  });

  it('the one-click unsubscribe turns booking mail off: the next booking mails nothing', async () => {
    const first = await listing('Subaru Outback');
    const firstOrder = await bookOrder(t.app, buyer, first.id);
    await deliver(`order:${firstOrder}:booked`);
    const mail = mailsTo(seller.email).find((m) => partsOf(m.raw).text.includes('Subaru Outback'))!;
    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the header's URL.
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${listUnsubscribeToken(mail.raw)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ description: string }>().description).toMatch(/new bookings/);
    expect(await enabled(seller, 'booking')).toBe(false);

    const second = await listing('Volvo V70');
    const secondOrder = await bookOrder(t.app, buyer, second.id);
    expect(await mailJobs(`order:${secondOrder}:`)).toHaveLength(0);
    // Other kinds still arrive: the buyer cancels → the seller's order-update mail.
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${secondOrder}`,
      headers: bearer(buyer.token),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await deliver(`order:${secondOrder}:cancelled`)).toBe(1);
    expect(
      mailsTo(seller.email).filter((m) =>
        partsOf(m.raw).text.includes('cancelled their booking of Volvo V70'),
      ),
    ).toHaveLength(1);
    await putSettings(seller, { settings: [{ kind: 'booking', enabled: true }] });
  });

  it("a decline tells the buyer with the seller's message escaped in HTML", async () => {
    const product = await listing('Kia Rio');
    const orderId = await bookOrder(t.app, buyer, product.id);
    const declined = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/decline`,
      headers: bearer(seller.token),
      payload: { message: 'Sold to <i>a friend</i>\nsorry' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await deliver(`order:${orderId}:declined`, 2)).toBe(1);
    const mails = mailsTo(buyer.email).filter((m) => partsOf(m.raw).text.includes('Kia Rio'));
    expect(mails).toHaveLength(1);
    const { text, html } = partsOf(mails[0]!.raw);
    expect(text).toContain('> Sold to <i>a friend</i>');
    expect(html).toContain('Sold to &lt;i&gt;a friend&lt;/i&gt;');
    expect(html).not.toContain('<i>a friend');
    expect(headersOf(mails[0]!.raw)['list-unsubscribe']).toContain('/api/unsubscribe?token=');
  });
});

describe('payment mails', () => {
  it('a sandbox payment sends a receipt to the buyer and a notice to the seller, once each', async () => {
    const product = await listing('Ford Focus');
    const orderId = await bookOrder(t.app, buyer, product.id);
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const method = await paymentMethodFor(t.app, buyer, '4242424242424242');
    const confirmed = await confirm(t.app, buyer, secret, method);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const transactionId = paymentIntentIdOf(secret);
    // The buyer's page records it too (a replay of the same transaction): nothing new queued.
    const recorded = await recordPayment(t.app, buyer, {
      orderId,
      transactionId,
      product_id: product.id,
      price: 12500,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await mailJobs(`payment:${transactionId}:`)).toHaveLength(2);
    expect(await deliver(`payment:${transactionId}:`, 2)).toBe(2);

    const receipts = mailsTo(buyer.email).filter((m) =>
      partsOf(m.raw).text.includes(transactionId),
    );
    expect(receipts).toHaveLength(1);
    const receipt = partsOf(receipts[0]!.raw);
    expect(receipt.text).toContain('Product: Ford Focus');
    expect(receipt.text).toContain('Amount: $12,500 (USD)');
    expect(receipt.text).toContain(`Transaction id: ${transactionId}`);
    expect(receipt.text).toMatch(/Date: \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/);
    expect(receipt.text).toContain(`${t.config.publicUrl}/user/buyer`);
    expect(receipt.html).toContain(transactionId);
    expect(receipt.html).toContain('$12,500 (USD)');
    // a receipt cannot be turned off: no unsubscribe header
    expect(headersOf(receipts[0]!.raw)['list-unsubscribe']).toBeUndefined();

    const notices = mailsTo(seller.email).filter((m) =>
      partsOf(m.raw).text.includes(transactionId),
    );
    expect(notices).toHaveLength(1);
    const notice = partsOf(notices[0]!.raw);
    expect(notice.text).toContain('Bina <b>Buyer</b> paid $12,500 for Ford Focus');
    expect(notice.text).toContain('Buyer phone: 01711111111');
    expect(notice.html).toContain('Bina &lt;b&gt;Buyer&lt;/b&gt;');
    expect(notice.html).toContain(transactionId);
  });
});

describe('unread message mails', () => {
  let conversationId: string;

  const sendMessage = async (as: TestUser, text: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(as.token),
      payload: { text },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const readConversation = async (as: TestUser) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(as.token),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const messageMails = () =>
    mailsTo(seller.email).filter((m) => partsOf(m.raw).text.includes('Peugeot 208'));
  /** Forgets the last mail time, as if an hour had passed. */
  const anHourLater = () =>
    t.database.db
      .update(messageMailThrottle)
      .set({ mailedAt: sql`now() - interval '61 minutes'` })
      .where(eq(messageMailThrottle.conversationId, conversationId));

  beforeAll(async () => {
    const product = await listing('Peugeot 208');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(buyer.token),
      payload: { product_id: product.id, text: 'Is it still <b>available</b>?' },
    });
    expect(response.statusCode, response.body).toBe(201);
    conversationId = response.json<{ conversation_id: string }>().conversation_id;
  });

  it('queues one delayed job per conversation and recipient for a burst of messages', async () => {
    for (const text of ['Any rust?', 'Service book?', 'Two keys?', 'And the mileage?']) {
      await sendMessage(buyer, text);
    }
    const result = await queryRows<{ delayed: boolean }>(
      t.app.db,
      sql`select start_after > now() + interval '200 seconds' as delayed from pgboss.job
          where name = ${messageMailJob} and data->>'conversationId' = ${conversationId}`,
    );
    // five messages, one job (two when the burst straddles a five-minute slot boundary)
    expect(result.length).toBeGreaterThanOrEqual(1);
    expect(result.length).toBeLessThanOrEqual(2);
    expect(result.every((row) => row.delayed)).toBe(true);
  });

  it('mails the recipient once when still unread; again within the hour sends nothing', async () => {
    const data = { conversationId, recipientId: seller.recordId };
    expect(await runMessageMail(t.app, data)).toBe('queued');
    // the job retried, or a second instance's job for the same pair
    expect(await runMessageMail(t.app, data)).toBe('throttled');
    expect(await deliver(`message:${conversationId}:${seller.recordId}:`, 2)).toBe(1);
    expect(messageMails()).toHaveLength(1);
    const mail = messageMails()[0]!;
    const { text, html } = partsOf(mail.raw);
    expect(text).toMatch(/You have 5 unread messages from Bina <b>Buyer<\/b> about Peugeot 208/);
    expect(text).toContain('> And the mileage?');
    expect(text).toContain(`${t.config.publicUrl}/messages/${conversationId}`);
    expect(html).toContain('Bina &lt;b&gt;Buyer&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    expect(headersOf(mail.raw)['list-unsubscribe']).toContain('/api/unsubscribe?token=');
    // a new message within the hour: still nothing more
    await sendMessage(buyer, 'Hello?');
    expect(await runMessageMail(t.app, data)).toBe('throttled');
    expect(messageMails()).toHaveLength(1);
  });

  it('sends nothing when the message was read before the delay', async () => {
    await anHourLater();
    await readConversation(seller);
    const data = { conversationId, recipientId: seller.recordId };
    expect(await runMessageMail(t.app, data)).toBe('read');
    // the seller's own reply is not "unread" for the seller either
    await sendMessage(seller, 'Yes, it is.');
    expect(await runMessageMail(t.app, data)).toBe('read');
    expect(messageMails()).toHaveLength(1);
  });

  it('sends nothing when the conversation is blocked or the kind is off', async () => {
    await sendMessage(buyer, '<script>alert(1)</script>');
    const data = { conversationId, recipientId: seller.recordId };
    await t.database.db
      .update(conversations)
      .set({ blockedBy: seller.recordId })
      .where(eq(conversations.id, conversationId));
    expect(await runMessageMail(t.app, data)).toBe('blocked');
    await t.database.db
      .update(conversations)
      .set({ blockedBy: null })
      .where(eq(conversations.id, conversationId));

    await putSettings(seller, { settings: [{ kind: 'message', enabled: false }] });
    expect(await runMessageMail(t.app, data)).toBe('opted-out');
    expect(messageMails()).toHaveLength(1);

    // back on, an hour on: the unread message is mailed, its text escaped in the HTML part
    await putSettings(seller, { settings: [{ kind: 'message', enabled: true }] });
    expect(await runMessageMail(t.app, data)).toBe('queued');
    await deliver(`message:${conversationId}:${seller.recordId}:`);
    expect(messageMails()).toHaveLength(2);
    const latest = partsOf(messageMails()[1]!.raw);
    expect(latest.text).toContain('> <script>alert(1)</script>');
    expect(latest.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(latest.html).not.toContain('<script>');
  });

  it('two workers running the job for one pair at once mail once (two instances)', async () => {
    await anHourLater();
    await sendMessage(buyer, 'Still there?');
    const data = { conversationId, recipientId: seller.recordId };
    const outcomes = await Promise.all([runMessageMail(t.app, data), runMessageMail(t.app, data)]);
    expect(outcomes.sort()).toEqual(['queued', 'throttled']);
    await deliver(`message:${conversationId}:${seller.recordId}:`, 2);
    expect(messageMails()).toHaveLength(3);
  });

  it('the message unsubscribe link turns message mail off', async () => {
    const mail = messageMails()[0]!;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${listUnsubscribeToken(mail.raw)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await enabled(seller, 'message')).toBe(false);
  });
});
