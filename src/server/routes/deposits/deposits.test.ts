/**
 * The viewing deposit on the sandbox provider: the listing field, hold, release,
 * capture, dispute decided by the admin, automatic release (faked clock), the double-mark race,
 * a crash between the provider call and the database write completed by a retry, and every new
 * call refused without a token, with the wrong role and on someone else's order.
 * The same flow against a loopback Stripe server: src/server/payments/stripe.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, deposits, orders, sandboxPaymentIntents, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createCategory } from '../../test-support/factories.js';
import { recordPayment } from '../payments/test-helpers.js';
import type { DepositView } from '#contract/deposits.js';
import { paymentIntentIdOf } from '#contract/paths.js';
import { settleDeposit, sweepDeposits } from '../../deposits/service.js';
import { bookDeposit, call, depositOf, eventsOf, holdWithSandboxCard } from './test-helpers.js';
import { queryRows } from '../../db/rows.js';
import { messageOf } from '../../test-support/answers.js';

/** A listing's answer, in the part these tests read. */
interface Deposited {
  deposit: number;
}
/** The answer of a deposit action (a mark, a dispute, a decision). */
interface Changed {
  changed: boolean;
  deposit: DepositView;
}

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, otherBuyer, seller, otherSeller, admin] = await Promise.all([
    registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' }),
    registerUser(t.app, { role: 'buyer' }),
    registerUser(t.app, { role: 'seller', name: 'Sam Seller' }),
    registerUser(t.app, { role: 'seller' }),
    registerUser(t.app, { role: 'seller', admin: true }),
  ]);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const db = () => t.database.db;
const mark = (orderId: string, outcome: string, who: TestUser | undefined = seller) =>
  call(t.app, who, 'POST', `/api/order/${orderId}/deposit/outcome`, { outcome });
const disputeCall = (orderId: string, who: TestUser | undefined = buyer) =>
  call(t.app, who, 'POST', `/api/order/${orderId}/deposit/dispute`, { reason: 'I was there' });
const decideCall = (orderId: string, decision: string, who: TestUser | undefined = admin) =>
  call(t.app, who, 'POST', `/api/deposit-disputes/${orderId}/decision`, { decision, note: 'Seen' });

async function intentOf(orderId: string) {
  const deposit = await depositOf(db(), orderId);
  const [row] = await db()
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, deposit.intentId!));
  return row!;
}

async function heldDeposit(amountCents = 5_000) {
  const { orderId, productId } = await bookDeposit(t.app, db(), buyer, seller, amountCents);
  const secret = await holdWithSandboxCard(t.app, buyer, orderId);
  return { orderId, productId, secret };
}

/** The keys of the deposit mails queued for an order's deposit. */
async function mailKeys(orderId: string) {
  const deposit = await depositOf(db(), orderId);
  const result = await queryRows<{ key: string }>(
    db(),
    sql`select data->>'key' as key from pgboss.job where name = 'send-mail'
        and data->>'key' like ${`deposit:${deposit.id}:%`} order by 1`,
  );
  return result.map((row) => row.key);
}

async function orderView(orderId: string) {
  const response = await call(t.app, buyer, 'GET', `/api/order/${orderId}`);
  return response.json<{ data: { deposit: Record<string, unknown> | null } }>().data;
}

describe('the listing field', () => {
  const product = (categoryId: string, deposit?: unknown) => ({
    product_name: 'Deposit car',
    product_description: 'A car with a deposit',
    product_image: '/uploads/deposit.webp',
    category_id: categoryId,
    resell_price: 9000,
    original_price: 12000,
    year_of_used: 2,
    seller_location: 'Dhaka',
    seller_phone: '01711111111',
    ...(deposit === undefined ? {} : { deposit }),
  });

  it('is 0–500 whole dollars, stored in cents, shown on the listing and editable', async () => {
    const category = await createCategory(db());
    for (const bad of [501, -1, 12.5, 'ten']) {
      const refused = await call(t.app, seller, 'POST', '/api/products', product(category.id, bad));
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(messageOf(refused)).toMatch(/deposit/i);
    }
    const none = await call(t.app, seller, 'POST', '/api/products', product(category.id));
    const noneId = none.json<{ insertedId: string }>().insertedId;
    expect(
      (await call(t.app, buyer, 'GET', `/api/product/${noneId}`)).json<Deposited>().deposit,
    ).toBe(0);

    const created = await call(t.app, seller, 'POST', '/api/products', product(category.id, 75));
    expect(created.statusCode).toBe(201);
    const id = created.json<{ insertedId: string }>().insertedId;
    expect((await call(t.app, buyer, 'GET', `/api/product/${id}`)).json<Deposited>().deposit).toBe(
      75,
    );
    const edit = (deposit: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/product/${id}`,
        headers: bearer(seller.token),
        payload: { deposit },
      });
    expect((await edit(600)).statusCode).toBe(400);
    expect((await edit(0)).statusCode).toBe(200);
    expect((await call(t.app, buyer, 'GET', `/api/product/${id}`)).json<Deposited>().deposit).toBe(
      0,
    );
  });

  it('a booking of a listing without deposit has none', async () => {
    const { orderId } = await bookDeposit(t.app, db(), buyer, seller, 0);
    expect((await orderView(orderId)).deposit).toBeNull();
    const hold = await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/hold`);
    expect(hold.statusCode).toBe(404);
  });
});

describe('hold', () => {
  it('authorises the deposit amount from the database without capture; My Orders shows it', async () => {
    const { orderId } = await bookDeposit(t.app, db(), buyer, seller, 12_345);
    expect((await orderView(orderId)).deposit).toMatchObject({
      amount: 123.45,
      state: 'awaiting_card',
    });
    // Confirming before the card authorised it is refused.
    const hold = await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/hold`);
    expect(hold.json()).toMatchObject({ amount: 123.45 });
    const early = await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/confirm`);
    expect(early.statusCode).toBe(409);

    await holdWithSandboxCard(t.app, buyer, orderId);
    const intent = await intentOf(orderId);
    expect(intent).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
      amountCents: 12_345,
    });
    const view = (await orderView(orderId)).deposit!;
    expect(view).toMatchObject({ state: 'held', amount: 123.45 });
    expect(view.release_by).toEqual(expect.any(String));
    // Repeating the confirmation changes nothing.
    const again = await call(t.app, buyer, 'POST', `/api/order/${orderId}/deposit/confirm`);
    expect(again.json()).toMatchObject({ changed: false });
    expect(await eventsOf(db(), orderId)).toEqual(['awaiting_card>held']);
    // The order is not paid, and the hold cannot be recorded as its payment.
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paid).toBe(false);
  });

  it('a deposit intent is never accepted as the payment of the order', async () => {
    const { orderId, productId } = await heldDeposit(5_000);
    await mark(orderId, 'no_show');
    // Even when the deposit equals the price, the captured hold is not the order's payment.
    await db().update(orders).set({ productPriceCents: 5_000 }).where(eq(orders.id, orderId));
    const paid = await recordPayment(t.app, buyer, {
      orderId,
      transactionId: (await depositOf(db(), orderId)).intentId!,
      product_id: productId,
    });
    expect(paid.statusCode).toBe(400);
  });
});

describe('the seller marks the viewing', () => {
  it('Viewing happened releases the hold; a repeat answers changed false', async () => {
    const { orderId } = await heldDeposit();
    const first = await mark(orderId, 'viewing_happened');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ changed: true, deposit: { state: 'released' } });
    expect((await intentOf(orderId)).status).toBe('canceled');
    expect((await mark(orderId, 'viewing_happened')).json()).toMatchObject({ changed: false });
    expect((await mark(orderId, 'no_show')).statusCode).toBe(409);
    expect(await eventsOf(db(), orderId)).toEqual([
      'awaiting_card>held',
      'held>releasing',
      'releasing>released',
    ]);
    // The buyer's mail was queued once, in the transaction that released it.
    expect(await mailKeys(orderId)).toEqual([
      `deposit:${(await depositOf(db(), orderId)).id}:released`,
    ]);
  });

  it('Buyer did not come captures it for the seller; the buyer sees until when to dispute', async () => {
    const { orderId } = await heldDeposit();
    const response = await mark(orderId, 'no_show');
    expect(response.json()).toMatchObject({ changed: true, deposit: { state: 'captured' } });
    expect((await intentOf(orderId)).status).toBe('succeeded');
    expect(await mailKeys(orderId)).toEqual([
      `deposit:${(await depositOf(db(), orderId)).id}:captured`,
    ]);
    const view = (await orderView(orderId)).deposit!;
    expect(view.state).toBe('captured');
    expect(Date.parse(view.dispute_until as string) - Date.parse(view.captured_at as string)).toBe(
      7 * 24 * 3600 * 1000,
    );
  });

  it('cannot capture once the order is paid or closed, nor mark a deposit not yet held', async () => {
    const { orderId } = await heldDeposit();
    await db().update(orders).set({ paid: true }).where(eq(orders.id, orderId));
    expect((await mark(orderId, 'no_show')).statusCode).toBe(409);
    const booked = await bookDeposit(t.app, db(), buyer, seller);
    expect((await mark(booked.orderId, 'viewing_happened')).statusCode).toBe(409);
    const declined = await heldDeposit();
    await db()
      .update(orders)
      .set({ declinedAt: new Date() })
      .where(eq(orders.id, declined.orderId));
    expect((await mark(declined.orderId, 'no_show')).statusCode).toBe(409);
  });

  it('refuses a bad outcome with 400 naming it', async () => {
    const { orderId } = await heldDeposit();
    const response = await mark(orderId, 'maybe');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/outcome/);
  });
});

describe('dispute', () => {
  it('the buyer disputes within 7 days; the admin refunds, audit-logged', async () => {
    const { orderId } = await heldDeposit();
    await mark(orderId, 'no_show');
    const disputed = await disputeCall(orderId);
    expect(disputed.json()).toMatchObject({ changed: true, deposit: { state: 'disputed' } });
    expect((await disputeCall(orderId)).json()).toMatchObject({ changed: false });

    const list = await call(t.app, admin, 'GET', '/api/deposit-disputes');
    expect(list.json()).toContainEqual(
      expect.objectContaining({ order_id: orderId, amount: 50, dispute_reason: 'I was there' }),
    );
    const refunded = await decideCall(orderId, 'refund');
    expect(refunded.json()).toMatchObject({ changed: true, deposit: { state: 'refunded' } });
    expect((await intentOf(orderId)).refundedCents).toBe(5_000);
    expect((await decideCall(orderId, 'refund')).json()).toMatchObject({ changed: false });
    expect((await decideCall(orderId, 'keep')).statusCode).toBe(409);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'deposit.refund')));
    expect(audit).toHaveLength(1);
    expect(await eventsOf(db(), orderId)).toEqual([
      'awaiting_card>held',
      'held>capturing',
      'capturing>captured',
      'captured>disputed',
      'disputed>refunding',
      'refunding>refunded',
    ]);
  });

  it('the admin may keep it for the seller', async () => {
    const { orderId } = await heldDeposit();
    await mark(orderId, 'no_show');
    await disputeCall(orderId);
    const kept = await decideCall(orderId, 'keep');
    expect(kept.json()).toMatchObject({
      changed: true,
      deposit: { state: 'kept', decision_note: 'Seen' },
    });
    expect((await intentOf(orderId)).refundedCents).toBe(0);
  });

  it('is refused after 7 days and before a capture', async () => {
    const { orderId } = await heldDeposit();
    expect((await disputeCall(orderId)).statusCode).toBe(409);
    await mark(orderId, 'no_show');
    // Moving the clock 7 days would expire the buyer's token: the capture moves back instead.
    await db()
      .update(deposits)
      .set({ capturedAt: new Date(Date.now() - 7 * 24 * 3600 * 1000 - 60_000) })
      .where(eq(deposits.orderId, orderId));
    const late = await disputeCall(orderId);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toMatch(/7 days/);
  });
});

describe('automatic release', () => {
  it('releases an untouched hold after 6 days, not before (controllable clock)', async () => {
    const { orderId } = await heldDeposit();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 24 * 3600 * 1000);
    await sweepDeposits(t.app, new Date());
    expect((await depositOf(db(), orderId)).state).toBe('held');
    vi.setSystemTime(Date.now() + 1 * 24 * 3600 * 1000 + 60_000);
    await t.app.jobs.runNow('deposit-sweep', {});
    expect((await depositOf(db(), orderId)).state).toBe('released');
    expect((await intentOf(orderId)).status).toBe('canceled');
    const events = await eventsOf(db(), orderId);
    expect(events.slice(-2)).toEqual(['held>releasing', 'releasing>released']);
  });

  it('a declined booking releases its hold; a cancelled one voids a deposit awaiting a card', async () => {
    const { orderId } = await heldDeposit();
    const declined = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/decline`,
      headers: bearer(seller.token),
      payload: {},
    });
    expect(declined.statusCode).toBe(200);
    await settleDeposit(t.app, (await depositOf(db(), orderId)).id, new Date());
    expect((await depositOf(db(), orderId)).state).toBe('released');

    const booked = await bookDeposit(t.app, db(), buyer, seller);
    await call(t.app, buyer, 'POST', `/api/order/${booked.orderId}/deposit/hold`);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${booked.orderId}`,
      headers: bearer(buyer.token),
    });
    await t.app.jobs.runNow('deposit-settle', {
      depositId: (await depositOf(db(), booked.orderId)).id,
    });
    expect((await depositOf(db(), booked.orderId)).state).toBe('void');
    expect((await intentOf(booked.orderId)).status).toBe('canceled');
  });
});

describe('concurrency and crashes', () => {
  it('two different marks at once: exactly one wins', async () => {
    const { orderId } = await heldDeposit();
    const answers = await Promise.all([
      mark(orderId, 'no_show'),
      mark(orderId, 'viewing_happened'),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json<Changed>().deposit.state;
    expect((await depositOf(db(), orderId)).state).toBe(winner);
    expect((await eventsOf(db(), orderId)).filter((e) => e.startsWith('held>'))).toHaveLength(1);
  });

  it('the same mark twice at once captures once and records one transition', async () => {
    const { orderId } = await heldDeposit();
    const answers = await Promise.all([mark(orderId, 'no_show'), mark(orderId, 'no_show')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.filter((a) => a.json<Changed>().changed)).toHaveLength(1);
    expect(await eventsOf(db(), orderId)).toEqual([
      'awaiting_card>held',
      'held>capturing',
      'capturing>captured',
    ]);
  });

  it('a crash after the provider captured leaves `capturing`; a retry completes it', async () => {
    // Simulated crash: the provider call succeeds, then the process "dies" before the write.
    const { orderId } = await heldDeposit();
    const original = t.app.payments.captureHold.bind(t.app.payments);
    t.app.payments.captureHold = async (id) => {
      await original(id);
      throw new Error('killed after the provider call');
    };
    try {
      expect((await mark(orderId, 'no_show')).statusCode).toBe(500);
    } finally {
      t.app.payments.captureHold = original;
    }
    expect((await depositOf(db(), orderId)).state).toBe('capturing');
    expect((await intentOf(orderId)).status).toBe('succeeded');
    expect((await mark(orderId, 'viewing_happened')).statusCode).toBe(409);
    const retry = await mark(orderId, 'no_show');
    expect(retry.json()).toMatchObject({ changed: true, deposit: { state: 'captured' } });
  });

  it('the reconcile sweep completes an interrupted release after a minute', async () => {
    const { orderId } = await heldDeposit();
    const original = t.app.payments.cancelHold.bind(t.app.payments);
    t.app.payments.cancelHold = async (id) => {
      await original(id);
      throw new Error('killed after the provider call');
    };
    try {
      await mark(orderId, 'viewing_happened');
    } finally {
      t.app.payments.cancelHold = original;
    }
    expect((await depositOf(db(), orderId)).state).toBe('releasing');
    await sweepDeposits(t.app, new Date());
    expect((await depositOf(db(), orderId)).state).toBe('releasing');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await sweepDeposits(t.app, new Date());
    expect((await depositOf(db(), orderId)).state).toBe('released');
    expect((await eventsOf(db(), orderId)).slice(-1)).toEqual(['releasing>released']);
  });
});

describe('who may call', () => {
  it('refuses no token (401), the wrong role (403) and another party’s order (404)', async () => {
    const { orderId } = await heldDeposit();
    const routes: [
      string,
      string,
      Record<string, unknown> | undefined,
      'buyer' | 'seller' | 'admin',
    ][] = [
      ['POST', `/api/order/${orderId}/deposit/hold`, undefined, 'buyer'],
      ['POST', `/api/order/${orderId}/deposit/confirm`, undefined, 'buyer'],
      ['POST', `/api/order/${orderId}/deposit/outcome`, { outcome: 'no_show' }, 'seller'],
      ['POST', `/api/order/${orderId}/deposit/dispute`, { reason: 'x' }, 'buyer'],
      ['GET', '/api/deposit-disputes', undefined, 'admin'],
      ['POST', `/api/deposit-disputes/${orderId}/decision`, { decision: 'keep' }, 'admin'],
    ];
    // Every account buys (decision 0042): the wrong role for a buyer's call is an account
    // without the buyer role.
    const nonBuyer = await registerUser(t.app, { role: 'seller', name: 'Nora Nonbuyer' });
    await t.database.db.update(users).set({ isBuyer: false }).where(eq(users.uid, nonBuyer.uid));
    for (const [method, url, payload, role] of routes) {
      const as = (who: TestUser | undefined) =>
        call(t.app, who, method as 'GET' | 'POST', url, payload);
      expect((await as(undefined)).statusCode, `${url} no token`).toBe(401);
      const wrong = role === 'buyer' ? nonBuyer : buyer;
      expect((await as(wrong)).statusCode, `${url} wrong role`).toBe(403);
      if (role === 'buyer') expect((await as(otherBuyer)).statusCode, url).toBe(404);
      if (role === 'seller') expect((await as(otherSeller)).statusCode, url).toBe(404);
    }
    expect((await depositOf(db(), orderId)).state).toBe('held');
    expect(paymentIntentIdOf('pi_x_secret_y')).toBe('pi_x');
  });
});
