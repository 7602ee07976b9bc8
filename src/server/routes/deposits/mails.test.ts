/**
 * The buyer's deposit mails through a real SMTP server on loopback — the capture (with
 * the last day to dispute) and the admin's refund (with the note, escaped in the HTML part),
 * each sent once however often its job runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendMailJob } from '../../jobs/send-mail.js';
import { registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sendMailNow } from '../../test-support/mail-jobs.js';
import { partsOf, startSmtpServer } from '../../test-support/smtp.js';
import { bookDeposit, call, depositOf, holdWithSandboxCard } from './test-helpers.js';
import { queryRows } from '../../db/rows.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_WORKERS: 'false' });
  [buyer, seller, admin] = await Promise.all([
    registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
    registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
    registerUser(t.app, { role: 'seller', admin: true }),
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Runs every queued send-mail job of the deposit twice (a retry); returns how many there were. */
async function deliver(depositId: string) {
  const result = await queryRows<{ data: object }>(
    t.app.db,
    sql`select data from pgboss.job where name = ${sendMailJob} and data->>'key' like ${`deposit:${depositId}:%`}`,
  );
  for (let i = 0; i < 2; i += 1) {
    for (const row of result) await sendMailNow(t.app, row.data);
  }
  return result.length;
}

it('mails the buyer the capture and the refund, once each', async () => {
  const { orderId } = await bookDeposit(t.app, t.database.db, buyer, seller, 7_500);
  await holdWithSandboxCard(t.app, buyer, orderId);
  const deposit = await depositOf(t.database.db, orderId);
  await call(t.app, seller, 'POST', `/api/order/${orderId}/deposit/outcome`, {
    outcome: 'no_show',
  });
  expect(await deliver(deposit.id)).toBe(1);
  const mine = () => smtp.inbox.filter((mail) => mail.to.includes(buyer.email));
  expect(mine()).toHaveLength(1);
  const captured = partsOf(mine()[0]!.raw);
  expect(captured.text).toContain('Sam Seller marked that you did not come');
  expect(captured.text).toContain('$75');
  expect(captured.text).toMatch(/dispute it in My Orders until \w+ \d+, \d{4}/);

  await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/dispute`, { reason: 'I came' });
  await call(t.app, admin, 'POST', `/api/deposit-disputes/${orderId}/decision`, {
    decision: 'refund',
    note: 'Photos show <b>you</b> there',
  });
  expect(await deliver(deposit.id)).toBe(2);
  expect(mine()).toHaveLength(2);
  const refunded = partsOf(mine()[1]!.raw);
  expect(refunded.text).toContain('has been refunded to your card');
  expect(refunded.text).toContain('Photos show <b>you</b> there');
  expect(refunded.html).toContain('Photos show &lt;b&gt;you&lt;/b&gt; there');
});
