/**
 * Protected payment's mails through a real SMTP server on loopback (decision 0042): the buyer's
 * receipt shows the handover code and no mail to the seller ever does; on release both sides get
 * the bill of sale as a PDF attachment, the same bytes `GET /api/order/{id}/bill-of-sale`
 * serves and whose SHA-256 the order records. Mail jobs are run directly (workers off).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#contract/index.js';
import { paymentIntentIdOf } from '#contract/paths.js';
import { sendMailJob } from '../../jobs/send-mail.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sendMailNow } from '../../test-support/mail-jobs.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { attachmentsOf, partsOf, startSmtpServer } from '../../test-support/smtp.js';
import { bookOrder } from '../orders/test-helpers.js';
import { clientSecretFor, confirm, paymentMethodFor } from '../payments/test-helpers.js';
import { queryRows } from '../../db/rows.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let categoryId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_WORKERS: 'false' });
  [seller, buyer] = await Promise.all([
    registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
    registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
  ]);
  categoryId = (await createCategory(t.database.db)).id;
  const payout = await t.app.inject({
    method: 'PUT',
    url: '/api/profile/payout',
    headers: bearer(seller.token),
    payload: { account_holder: 'Sam Seller', iban: 'DE89370400440532013000' },
  });
  expect(payout.statusCode, payout.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Runs every queued send-mail job whose key starts with `prefix`; returns how many. */
async function deliver(prefix: string): Promise<number> {
  const result = await queryRows<{ data: { key: string; sealed: string } }>(
    t.app.db,
    sql`select data from pgboss.job where name = ${sendMailJob} and data->>'key' like ${`${prefix}%`}`,
  );
  for (const { data } of result) await sendMailNow(t.app, data);
  return result.length;
}

const mailsTo = (who: TestUser) => smtp.inbox.filter((mail) => mail.to.includes(who.email));

async function buyerOrder(orderId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/order/${orderId}`,
    headers: bearer(buyer.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Order }>().data;
}

describe('protected payment mails', () => {
  it('the receipt shows the buyer the handover code; the seller never gets it; release mails carry the bill of sale', async () => {
    const product = await createProduct(
      t.database.db,
      { categoryId, sellerId: seller.recordId },
      {
        productName: 'Honda Civic 1.8',
        resellPriceCents: 990_000,
        make: 'Honda',
        model: 'Civic',
        modelYear: 2014,
        vin: '2HGFB2F59EH512345',
        mileageKm: 120_000,
      },
    );
    const orderId = await bookOrder(t.app, buyer, product.id);
    const secret = await clientSecretFor(t.app, buyer, product.id);
    const paid = await confirm(
      t.app,
      buyer,
      secret,
      await paymentMethodFor(t.app, buyer, '4242424242424242'),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const transactionId = paymentIntentIdOf(secret);
    expect(await deliver(`payment:${transactionId}:`)).toBe(2);
    const code = (await buyerOrder(orderId)).handover_code!;
    expect(code).toMatch(/^[0-9]{6}$/);

    const receipts = mailsTo(buyer).filter((mail) =>
      partsOf(mail.raw).text.includes(transactionId),
    );
    expect(receipts).toHaveLength(1);
    const receipt = partsOf(receipts[0]!.raw);
    expect(receipt.text).toContain(`Handover code: ${code}`);
    expect(receipt.html).toContain(code);
    expect(receipt.text).toContain('Give the seller your handover code only when');

    const notices = mailsTo(seller).filter((mail) =>
      partsOf(mail.raw).text.includes(transactionId),
    );
    expect(notices).toHaveLength(1);
    const notice = partsOf(notices[0]!.raw);
    expect(notice.text).toContain('Bea Buyer paid $9,900 for Honda Civic 1.8');
    expect(notice.text).not.toContain('Handover code');

    // The seller enters the code; both sides are mailed the bill of sale.
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/payment/release`,
      headers: bearer(seller.token),
      payload: { handover_code: code },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await deliver(`payment:${orderId}:released:`)).toBe(2);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/bill-of-sale`,
      headers: bearer(buyer.token),
    });
    expect(download.statusCode, download.body).toBe(200);
    const recorded = (await buyerOrder(orderId)).payment!.bill_of_sale_sha256;
    for (const who of [buyer, seller]) {
      const mails = mailsTo(who).filter((mail) =>
        /^Subject: Payment released: Honda Civic 1\.8/m.test(mail.raw),
      );
      expect(mails, who.email).toHaveLength(1);
      const attachments = attachmentsOf(mails[0]!.raw);
      expect(attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
        { filename: `bill-of-sale-${orderId}.pdf`, contentType: 'application/pdf' },
      ]);
      const pdf = attachments[0]!.content;
      expect(pdf.equals(download.rawPayload)).toBe(true);
      expect(createHash('sha256').update(pdf).digest('hex')).toBe(recorded);
      expect(partsOf(mails[0]!.raw).text).toContain('The bill of sale is attached');
    }

    // No mail the seller got shows the code, in any part.
    const sellerMails = mailsTo(seller);
    expect(sellerMails.length).toBeGreaterThanOrEqual(2);
    for (const mail of sellerMails) {
      const { text, html } = partsOf(mail.raw);
      expect(text).not.toContain(code);
      expect(html).not.toContain(code);
    }
  });
});
