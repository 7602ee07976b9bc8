/**
 * Protected payment with the sandbox provider (decision 0042): book → pay → held; the seller's
 * release with the buyer's handover code (seller only, wrong code, lockout, stranger, twice);
 * refunds by each side; disputes decided by an admin; the automatic release and reminders on a
 * controlled clock; a crash between the provider call and the write, then the retry; release
 * waiting for payout details. After each scenario the ledger invariant holds for every order:
 * held = charged − released − refunded, equal to the amount while held or disputed, else 0.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Order, PaymentView } from '#contract/index.js';
import {
  billsOfSale,
  orderPayments,
  paymentLedger,
  products,
  sandboxTransfers,
} from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { heldByLedger, sweepPayments } from '../../payments/protected.js';
import { bookOrder } from '../orders/test-helpers.js';
import { clientSecretFor, confirm, paymentMethodFor } from '../payments/test-helpers.js';
import { queryRows } from '../../db/rows.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let categoryId: string;
let admin: TestUser;
let stranger: TestUser;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  categoryId = (await createCategory(db(), 'Protected cars')).id;
  [admin, stranger] = await Promise.all([
    registerUser(t.app, { role: 'buyer', admin: true, name: 'Ada Admin' }),
    registerUser(t.app, { role: 'buyer', name: 'Stan Stranger' }),
  ]);
});
afterEach(async () => {
  vi.useRealTimers();
  await expectLedgerInvariant();
});
afterAll(() => t.close());

function call(
  who: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, payload });
}

/** Keys of the mails queued for `orderId`'s payment, sorted. */
async function mailKeys(orderId: string) {
  const result = await queryRows<{ key: string }>(
    db(),
    sql`select data->>'key' as key from pgboss.job where name = 'send-mail'
        and data->>'key' like ${`payment:${orderId}:%`} order by 1`,
  );
  return result.map((row) => row.key);
}

/** Every order's ledger balance matches its payment's status. */
async function expectLedgerInvariant() {
  const balances = await heldByLedger(db());
  const rows = await db().select().from(orderPayments);
  for (const row of rows) {
    const expected = row.status === 'held' || row.status === 'disputed' ? row.amountCents : 0;
    expect(balances.get(row.orderId) ?? 0, `order ${row.orderId} (${row.status})`).toBe(expected);
  }
}

async function giveBank(seller: TestUser) {
  const response = await call(seller, 'PUT', '/api/profile/payout', {
    account_holder: 'Sam Seller',
    iban: 'DE89 3704 0044 0532 0130 00',
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The car of `paidOrder`: a 2015 Toyota Corolla with 85,000 km. */
const car = {
  productName: 'Toyota Corolla 1.6 VVT-i',
  make: 'Toyota',
  model: 'Corolla',
  modelYear: 2015,
  vin: 'JTDBR32E150123456',
  mileageKm: 85_000,
};

/** A seller (with payout details unless told) and a buyer; the buyer has paid $13,200. */
async function paidOrder(options: { payout?: boolean } = {}) {
  const [seller, buyer] = await Promise.all([
    registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
    registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
  ]);
  if (options.payout !== false) await giveBank(seller);
  const product = await createProduct(
    db(),
    { categoryId, sellerId: seller.recordId },
    { resellPriceCents: 1_320_000, ...car },
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
  return { seller, buyer, orderId, productId: product.id };
}

async function buyerView(buyer: TestUser, orderId: string) {
  const response = await call(buyer, 'GET', `/api/order/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Order }>().data;
}

async function codeOf(buyer: TestUser, orderId: string) {
  return (await buyerView(buyer, orderId)).handover_code!;
}

const release = (who: TestUser | undefined, orderId: string, code: string) =>
  call(who, 'POST', `/api/order/${orderId}/payment/release`, { handover_code: code });

async function listingStatus(productId: string) {
  const [row] = await db()
    .select({ status: products.listingStatus })
    .from(products)
    .where(eq(products.id, productId));
  return row!.status;
}

async function ledgerKinds(orderId: string) {
  const rows = await db()
    .select({ kind: paymentLedger.kind })
    .from(paymentLedger)
    .where(eq(paymentLedger.orderId, orderId));
  return rows.map((row) => row.kind).sort();
}

describe('paying holds the money', () => {
  it('the order is paid and the listing sold; the buyer sees the code, the seller never', async () => {
    const { seller, buyer, orderId, productId } = await paidOrder();
    const order = await buyerView(buyer, orderId);
    expect(order.order_status).toBe(true);
    expect(order.payment).toMatchObject({
      status: 'held',
      amount: 13_200,
      released_at: null,
      refunded_at: null,
    } satisfies Partial<PaymentView>);
    expect(order.handover_code).toMatch(/^[0-9]{6}$/);
    expect(await listingStatus(productId)).toBe('sold');

    const mine = await call(buyer, 'GET', '/api/orders');
    expect(mine.json<Order[]>()[0]).toMatchObject({ handover_code: order.handover_code });
    const bookings = await call(seller, 'GET', '/api/seller-orders');
    const booking = bookings.json<Order[]>().find((o) => o._id === orderId)!;
    expect(booking.payment?.status).toBe('held');
    expect(booking.handover_code).toBeNull();
    expect(JSON.stringify(bookings.json())).not.toContain(order.handover_code!);
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold']);
  });
});

describe('release with the handover code', () => {
  it('the seller releases once; a second release pays nothing more', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    const code = await codeOf(buyer, orderId);
    const first = await release(seller, orderId, code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ changed: true, payment: { status: 'released' } });
    const again = await release(seller, orderId, code);
    expect(again.json()).toMatchObject({ changed: false, payment: { status: 'released' } });
    const transfers = await db()
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.orderId, orderId));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amountCents: 1_320_000,
      destination: `payout:${seller.recordId}`,
    });
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold', 'payout', 'release']);
    expect((await buyerView(buyer, orderId)).handover_code).toBeNull();
    const keys = await mailKeys(orderId);
    expect(keys).toContain(`payment:${orderId}:released:buyer`);
    expect(keys).toContain(`payment:${orderId}:released:seller`);
  });

  it('the buyer 403, a stranger 404, no token 401; nothing released', async () => {
    const { buyer, orderId } = await paidOrder();
    const code = await codeOf(buyer, orderId);
    expect((await release(buyer, orderId, code)).statusCode).toBe(403);
    expect((await release(stranger, orderId, code)).statusCode).toBe(404);
    expect((await release(undefined, orderId, code)).statusCode).toBe(401);
    expect((await buyerView(buyer, orderId)).payment?.status).toBe('held');
  });

  it('a wrong code is 400; the fifth locks the order for an hour, even for the right code', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    const code = await codeOf(buyer, orderId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await release(seller, orderId, wrong)).statusCode).toBe(400);
    }
    expect((await release(seller, orderId, wrong)).statusCode).toBe(429);
    expect((await release(seller, orderId, code)).statusCode).toBe(429);
    const [locked] = await db()
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(locked!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    // An hour later (the lock moved into the past; API tokens would expire on a faked clock).
    await db()
      .update(orderPayments)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(orderPayments.orderId, orderId));
    const after = await release(seller, orderId, code);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ payment: { status: 'released' } });
  });

  it('a malformed code is 400 naming the field', async () => {
    const { seller, orderId } = await paidOrder();
    const response = await release(seller, orderId, '12ab');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('handover_code');
  });
});

describe('payout details', () => {
  it('release waits for them and happens when they are given', async () => {
    const { seller, buyer, orderId } = await paidOrder({ payout: false });
    const payout = await call(seller, 'GET', '/api/profile/payout');
    expect(payout.json()).toEqual({
      has_payout: false,
      account_holder: null,
      last4: null,
      method: 'bank_details',
      onboarding: null,
    });
    const code = await codeOf(buyer, orderId);
    const waiting = await release(seller, orderId, code);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ payment: { status: 'held', awaiting_payout: true } });
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold']);

    const bad = await call(seller, 'PUT', '/api/profile/payout', {
      account_holder: 'Sam Seller',
      iban: 'DE89370400440532013001',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('iban');
    const badRouting = await call(seller, 'PUT', '/api/profile/payout', {
      account_holder: 'Sam Seller',
      routing_number: '110000001',
      account_number: '000123456789',
    });
    expect(badRouting.statusCode).toBe(400);
    const given = await call(seller, 'PUT', '/api/profile/payout', {
      account_holder: 'Sam Seller',
      routing_number: '110000000',
      account_number: '000123456789',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({
      has_payout: true,
      account_holder: 'Sam Seller',
      last4: '6789',
      method: 'bank_details',
      onboarding: null,
    });
    // With the sandbox there is no Stripe onboarding.
    const onboarding = await call(seller, 'POST', '/api/profile/payout/onboarding');
    expect(onboarding.statusCode).toBe(409);
    expect(messageOf(onboarding)).toContain('PUT /api/profile/payout');
    expect((await buyerView(buyer, orderId)).payment?.status).toBe('released');
  });
});

describe('refund before release', () => {
  it.each(['buyer', 'seller'] as const)(
    'by the %s: money back, listing back on the market, both mailed, then sold again',
    async (side) => {
      const { seller, buyer, orderId, productId } = await paidOrder();
      const who = side === 'buyer' ? buyer : seller;
      const refunded = await call(who, 'POST', `/api/order/${orderId}/payment/refund`, {
        reason: side === 'buyer' ? 'Not as described' : 'The car is no longer available',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ changed: true, payment: { status: 'refunded' } });
      expect(await listingStatus(productId)).toBe('active');
      expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold', 'refund']);
      const keys = await mailKeys(orderId);
      expect(keys).toContain(`payment:${orderId}:refunded:buyer`);
      expect(keys).toContain(`payment:${orderId}:refunded:seller`);
      // Released afterwards: 409, nothing paid out.
      const code = (
        await db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId))
      )[0]!.handoverCode;
      expect((await release(seller, orderId, code)).statusCode).toBe(409);
      // A repeat answers unchanged.
      const again = await call(who, 'POST', `/api/order/${orderId}/payment/refund`, {
        reason: 'x',
      });
      expect(again.json()).toMatchObject({ changed: false });
      // Another buyer can buy the car now.
      const next = await registerUser(t.app, { role: 'buyer', name: 'Nick Next' });
      await bookOrder(t.app, next, productId);
      const secret = await clientSecretFor(t.app, next, productId);
      const paid = await confirm(
        t.app,
        next,
        secret,
        await paymentMethodFor(t.app, next, '4242424242424242'),
      );
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await listingStatus(productId)).toBe('sold');
    },
  );

  it('a stranger cannot refund (404); an empty reason is 400', async () => {
    const { buyer, orderId } = await paidOrder();
    expect(
      (await call(stranger, 'POST', `/api/order/${orderId}/payment/refund`, { reason: 'mine' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(buyer, 'POST', `/api/order/${orderId}/payment/refund`, { reason: ' ' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('disputes', () => {
  it.each(['release', 'refund'] as const)(
    'the buyer disputes; the admin decides %s, audit-logged',
    async (outcome) => {
      const { seller, buyer, orderId, productId } = await paidOrder();
      const disputed = await call(buyer, 'POST', `/api/order/${orderId}/payment/dispute`, {
        reason: 'The gearbox slips',
      });
      expect(disputed.statusCode, disputed.body).toBe(200);
      expect(disputed.json()).toMatchObject({ payment: { status: 'disputed' } });
      // Disputed money is not released by the code, nor refunded by a side.
      expect((await release(seller, orderId, await dbCode(orderId))).statusCode).toBe(409);
      const list = await call(admin, 'GET', '/api/payment-disputes');
      expect(list.json()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ order_id: orderId, disputed_by: 'buyer', amount: 13_200 }),
        ]),
      );
      expect((await call(buyer, 'GET', '/api/payment-disputes')).statusCode).toBe(403);
      const decided = await call(admin, 'POST', `/api/payment-disputes/${orderId}/decision`, {
        outcome,
        note: 'Checked the photos',
      });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json()).toMatchObject({
        payment: { status: outcome === 'release' ? 'released' : 'refunded' },
      });
      expect(await listingStatus(productId)).toBe(outcome === 'release' ? 'sold' : 'active');
      const audit = await queryRows<{ action: string }>(
        db(),
        sql`select action from audit_log where target_id = ${orderId}`,
      );
      expect(audit.map((row) => row.action)).toEqual([`payment.${outcome}`]);
    },
  );
});

async function statusOf(orderId: string) {
  const [row] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  return row!.status;
}

async function dbCode(orderId: string) {
  const [row] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  return row!.handoverCode;
}

describe('automatic release', () => {
  it('reminds at 7 and 12 days and releases at 14 unless disputed', async () => {
    const held = await paidOrder();
    const disputed = await paidOrder();
    await call(disputed.buyer, 'POST', `/api/order/${disputed.orderId}/payment/dispute`, {
      reason: 'Not as described',
    });
    const start = Date.now();
    const day = 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    const sweepAt = async (days: number) => {
      vi.setSystemTime(start + days * day + 60_000);
      await sweepPayments(t.app, new Date());
    };
    const reminders = async () =>
      (await mailKeys(held.orderId)).filter((k) => k.includes(':reminder'));
    await sweepAt(6);
    expect(await reminders()).toEqual([]);
    await sweepAt(7);
    expect(await reminders()).toEqual([
      `payment:${held.orderId}:reminder-1:buyer`,
      `payment:${held.orderId}:reminder-1:seller`,
    ]);
    await sweepAt(12);
    expect(await reminders()).toHaveLength(4);
    await sweepAt(13);
    expect(await statusOf(held.orderId)).toBe('held');
    await sweepAt(14);
    expect(await statusOf(held.orderId)).toBe('released');
    expect(await statusOf(disputed.orderId)).toBe('disputed');
  });
});

describe('crash safety', () => {
  it('a crash after the provider paid the seller leaves the release pending; a retry completes it once', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    const code = await codeOf(buyer, orderId);
    const original = t.app.payments.transfer.bind(t.app.payments);
    t.app.payments.transfer = async (request) => {
      await original(request);
      throw new Error('killed after the provider call');
    };
    try {
      expect((await release(seller, orderId, code)).statusCode).toBe(500);
    } finally {
      t.app.payments.transfer = original;
    }
    const [pending] = await db()
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(pending).toMatchObject({ status: 'held', pending: 'release' });
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold']);
    // A refund meanwhile is refused: the release is under way.
    expect(
      (await call(buyer, 'POST', `/api/order/${orderId}/payment/refund`, { reason: 'x' }))
        .statusCode,
    ).toBe(409);
    const retry = await release(seller, orderId, code);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ payment: { status: 'released' } });
    const transfers = await db()
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.orderId, orderId));
    expect(transfers).toHaveLength(1);
  });

  it('a crash after the provider refunded is completed by the sweep after a minute', async () => {
    const { buyer, orderId, productId } = await paidOrder();
    const original = t.app.payments.refundPayment.bind(t.app.payments);
    t.app.payments.refundPayment = async (id, key) => {
      await original(id, key);
      throw new Error('killed after the provider call');
    };
    try {
      const response = await call(buyer, 'POST', `/api/order/${orderId}/payment/refund`, {
        reason: 'Not as described',
      });
      expect(response.statusCode).toBe(500);
    } finally {
      t.app.payments.refundPayment = original;
    }
    expect(await listingStatus(productId)).toBe('sold');
    await sweepPayments(t.app, new Date());
    expect((await buyerView(buyer, orderId)).payment?.status).toBe('held');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await sweepPayments(t.app, new Date());
    vi.useRealTimers();
    expect((await buyerView(buyer, orderId)).payment?.status).toBe('refunded');
    expect(await listingStatus(productId)).toBe('active');
    expect(await ledgerKinds(orderId)).toEqual(['charge', 'hold', 'refund']);
  });
});

/** GET the bill of sale of `orderId` as `who` (a bearer token, or the session cookie). */
const billOf = (who: TestUser | undefined, orderId: string, via: 'token' | 'cookie' = 'token') =>
  t.app.inject({
    method: 'GET',
    url: `/api/order/${orderId}/bill-of-sale`,
    headers: !who ? {} : via === 'token' ? bearer(who.token) : { cookie: who.cookie },
  });

/** The text of a PDF, read back with a PDF text extractor (pdf.js through unpdf). */
async function pdfText(bytes: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('bill of sale', () => {
  it('is made on release: the PDF names both sides, the car, price, handover and order', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    // Before release: 409 for the sides, 404 for a stranger, 401 without a token.
    const early = await billOf(buyer, orderId);
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe('The bill of sale exists once the payment is released');
    expect((await billOf(seller, orderId)).statusCode).toBe(409);
    expect((await billOf(stranger, orderId)).statusCode).toBe(404);
    expect((await billOf(undefined, orderId)).statusCode).toBe(401);
    expect((await buyerView(buyer, orderId)).payment?.bill_of_sale_sha256).toBeNull();

    const code = await codeOf(buyer, orderId);
    const released = await release(seller, orderId, code);
    expect(released.statusCode, released.body).toBe(200);
    const [row] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, orderId));

    const response = await billOf(buyer, orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bill-of-sale-${orderId}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The recorded SHA-256 is the served bytes' (order view, database, Repr-Digest header).
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(row!.billOfSaleSha256).toBe(sha256);
    expect((await buyerView(buyer, orderId)).payment?.bill_of_sale_sha256).toBe(sha256);
    expect(response.headers['repr-digest']).toBe(
      `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`,
    );

    const text = await pdfText(bytes);
    const handover = row!.handedOverAt!;
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(handover);
    const time = handover.toISOString().slice(11, 16);
    for (const expected of [
      'Bill of sale',
      `Order number: ${orderId}`,
      'Seller Name: Sam Seller',
      'Buyer Name: Bea Buyer',
      `Listing: ${car.productName}`,
      'Make: Toyota',
      'Model: Corolla',
      'Year: 2015',
      `VIN: ${car.vin}`,
      'Mileage: 85,000 km (52,817 mi)',
      'Price paid: $13,200.00 (USD)',
      `Date: ${day}`,
      `Time: ${time} UTC`,
      'Place: Gulshan 2',
      "Confirmed by: the buyer's handover code, entered by the seller",
      'Sold as seen: the buyer has had the chance to inspect the vehicle and accepts it in its present condition, with no warranty given by the seller.',
    ]) {
      expect(text).toContain(expected);
    }

    // The seller, an admin, and the buyer's browser by its session cookie get the same bytes.
    for (const answer of [
      await billOf(seller, orderId),
      await billOf(admin, orderId),
      await billOf(buyer, orderId, 'cookie'),
    ]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.rawPayload.equals(bytes)).toBe(true);
    }
    // Anyone else: 404, also by cookie; no token: 401.
    expect((await billOf(stranger, orderId)).statusCode).toBe(404);
    expect((await billOf(stranger, orderId, 'cookie')).statusCode).toBe(404);
    expect((await billOf(undefined, orderId)).statusCode).toBe(401);
    // One bill per order, made once.
    const bills = await db().select().from(billsOfSale).where(eq(billsOfSale.orderId, orderId));
    expect(bills).toHaveLength(1);
  });

  it("an admin's release makes it too; a refunded payment has none (409)", async () => {
    const decided = await paidOrder();
    await call(decided.buyer, 'POST', `/api/order/${decided.orderId}/payment/dispute`, {
      reason: 'Scratches not in the photos',
    });
    const decision = await call(
      admin,
      'POST',
      `/api/payment-disputes/${decided.orderId}/decision`,
      { outcome: 'release', note: 'Scratches were in photo 4' },
    );
    expect(decision.statusCode, decision.body).toBe(200);
    const bill = await billOf(decided.seller, decided.orderId);
    expect(bill.statusCode, bill.body).toBe(200);
    expect(await pdfText(bill.rawPayload)).toContain(
      "Confirmed by: a Second Gear admin's decision on a dispute",
    );

    const refunded = await paidOrder();
    await call(refunded.buyer, 'POST', `/api/order/${refunded.orderId}/payment/refund`, {
      reason: 'Not as described',
    });
    expect((await billOf(refunded.buyer, refunded.orderId)).statusCode).toBe(409);
    expect((await billOf(stranger, refunded.orderId)).statusCode).toBe(404);
  });

  it('a released payment without a kept bill gets one on the first download', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    await release(seller, orderId, await codeOf(buyer, orderId));
    // As for a payment released before bills of sale were made.
    await db().delete(billsOfSale).where(eq(billsOfSale.orderId, orderId));
    await db()
      .update(orderPayments)
      .set({ billOfSaleSha256: null })
      .where(eq(orderPayments.orderId, orderId));
    const first = await billOf(seller, orderId);
    expect(first.statusCode, first.body).toBe(200);
    const sha256 = createHash('sha256').update(first.rawPayload).digest('hex');
    expect((await buyerView(buyer, orderId)).payment?.bill_of_sale_sha256).toBe(sha256);
    expect((await billOf(buyer, orderId)).rawPayload.equals(first.rawPayload)).toBe(true);
  });
});

describe('metrics', () => {
  it('payments_held_cents is the ledger total', async () => {
    const { totalHeldCents } = await import('../../payments/protected.js');
    const before = await totalHeldCents(db());
    await paidOrder();
    expect(await totalHeldCents(db())).toBe(before + 1_320_000);
  });
});
