/**
 * Alerts against a real SMTP server on loopback: a buyer saves `make=Toyota,
 * max_price=15000` as instant; a seller lists a matching Toyota and a non-matching one through
 * the API; exactly one alert arrives (through the queue's workers), naming the matching listing
 * and carrying its unsubscribe link; editing the listing sends nothing new. Also the daily
 * digest and the `saved-search` unsubscribe topic.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '#contract/index.js';
import { savedSearches } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory } from '../../test-support/factories.js';
import { startSmtpServer } from '../../test-support/smtp.js';
import { savedSearchDigestJob } from '../../saved-searches/alerts.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let buyer: TestUser;
let seller: TestUser;
let categoryId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_POLL_INTERVAL: '1' });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bina Buyer' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sara Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The decoded text of a raw message (quoted-printable soft breaks and escapes undone). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const mailsTo = (address: string) => smtp.inbox.filter((mail) => mail.to.includes(address));

async function saveSearch(as: TestUser, query: object, alert: string, name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: bearer(as.token),
    payload: { name, query, alert },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SavedSearch>();
}

async function list(as: TestUser, name: string, make: string, price: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(seller.token),
    payload: {
      product_name: name,
      product_description: 'Well kept, one owner.',
      product_image: '/uploads/car.webp',
      category_id: categoryId,
      condition: 'Good',
      resell_price: price,
      original_price: price * 2,
      year_of_used: 5,
      seller_location: 'Dhaka',
      seller_phone: '+8801700000000',
      make,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  void as;
  return response.json<{ insertedId: string }>().insertedId;
}

describe('saved-search alerts by e-mail', () => {
  it('sends exactly one instant alert naming the matching listing, and none after an edit', async () => {
    await saveSearch(buyer, { make: 'Toyota', max_price: 15000 }, 'instant', 'Cheap Toyotas');
    const matching = await list(seller, 'Toyota Corolla Axio', 'Toyota', 12000);
    await list(seller, 'Honda Civic Hybrid', 'Honda', 11000);

    await expect.poll(() => mailsTo(buyer.email).length, { timeout: 30_000 }).toBe(1);
    const [mail] = mailsTo(buyer.email);
    const text = decoded(mail!.raw);
    expect(text).toContain('Toyota Corolla Axio');
    expect(text).toContain(`/listing/${matching}`);
    expect(text).not.toContain('Honda Civic');
    expect(text).toMatch(/List-Unsubscribe:\s+<[^>]+\/api\/unsubscribe\?token=/);

    // Edit the listing (it is "listed again"): the matcher runs, finds the pair recorded.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${matching}`,
      headers: bearer(seller.token),
      payload: { resell_price: 11500 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Give the workers time to run the matcher (and any mail it would queue).
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  it('collects daily matches into one digest, and the unsubscribe link turns the alert off', async () => {
    const daily = await registerUser(t.app, { role: 'buyer', name: 'Dana Daily' });
    const search = await saveSearch(daily, { make: 'Suzuki' }, 'daily', 'Suzukis');
    await list(seller, 'Suzuki Swift', 'Suzuki', 7000);
    await list(seller, 'Suzuki Vitara', 'Suzuki', 14000);
    // Let the matcher record both (no instant mail for a daily search).
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(mailsTo(daily.email)).toHaveLength(0);

    await t.app.jobs.runNow(savedSearchDigestJob, {});
    await expect.poll(() => mailsTo(daily.email).length, { timeout: 30_000 }).toBe(1);
    const text = decoded(mailsTo(daily.email)[0]!.raw);
    expect(text).toContain('Suzuki Swift');
    expect(text).toContain('Suzuki Vitara');
    // A second digest has nothing left to send.
    await t.app.jobs.runNow(savedSearchDigestJob, {});
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(mailsTo(daily.email)).toHaveLength(1);

    const url = /List-Unsubscribe:\s+<([^>]+)>/.exec(text)![1]!;
    const unsubscribe = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname + new URL(url).search,
    });
    expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
    const [row] = await t.app.db
      .select({ alert: savedSearches.alert })
      .from(savedSearches)
      .where(eq(savedSearches.id, search._id));
    expect(row?.alert).toBe('off');
    // Once deleted, the link has nothing to unsubscribe from.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-searches/${search._id}`,
      headers: bearer(daily.token),
    });
    const gone = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname + new URL(url).search,
    });
    expect(gone.statusCode).toBe(404);
  });
});
