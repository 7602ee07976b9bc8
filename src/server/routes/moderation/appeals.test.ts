/**
 * Accountable moderation (decision 0021) against a real SMTP server on loopback:
 * report with a reason (DSA Art. 16) → removal with a statement of reasons (Art. 17) → the
 * seller's e-mail holds it → appeal (Art. 20) → reverse → the listing is live again with every
 * field as before; all audit-logged. Then validation, the 14-day window (controllable clock: the
 * repository takes `now`; the API test backdates the decision), one appeal per decision, other
 * people's resources, the guards of every new call, and the transparency counts.
 * Jobs are driven directly (`runNow`, workers off), no sleeps.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  appealConflicts,
  moderationTextLimits,
  type AdminAppeal,
  type AuditEntry,
  type ModerationDecision,
  type ReportedProduct,
  type Transparency,
} from '#contract/index.js';
import {
  auditLog,
  moderationAppeals,
  moderationDecisions,
  moderationNotices,
  products,
} from '../../db/schema.js';
import { sendMailJob } from '../../jobs/send-mail.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sendMailNow } from '../../test-support/mail-jobs.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import { anyString } from '../../test-support/matchers.js';
import { partsOf, startSmtpServer } from '../../test-support/smtp.js';
import {
  appealDeadline,
  createAppeal,
  readTransparency,
} from '../../moderation/appeal-repository.js';
import { queryRows } from '../../db/rows.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let categoryId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_WORKERS: 'false' });
  admin = await registerUser(t.app, { role: 'buyer', admin: true, name: 'Ada Admin' });
  otherAdmin = await registerUser(t.app, { role: 'seller', admin: true, name: 'Otto Admin' });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Bea Buyer' });
  otherBuyer = await registerUser(t.app, { role: 'buyer', name: 'Ben Buyer' });
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Seller' });
  otherSeller = await registerUser(t.app, { role: 'seller', name: 'Sue Seller' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.database.db;
const missingId = '00000000-0000-4000-8000-000000000000';
const statement = {
  rule: 'Scam or fraud',
  facts: 'The seller asked buyers to pay by wire transfer before any viewing.',
  automated: false,
} as const;

function call(
  method: InjectOptions['method'],
  url: string,
  token?: string,
  payload?: InjectOptions['payload'],
) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
}

const report = (as: TestUser, productId: string, payload?: object) =>
  call('PATCH', apiPaths.reportProduct(productId), as.token, payload);
const remove = (productId: string, body: object = statement, as = admin) =>
  call('DELETE', apiPaths.deleteReportedProduct(as.uid, productId), as.token, body);
const appeal = (as: TestUser, productId: string, text = 'This is my own car; here is the title.') =>
  call('POST', '/api/appeals', as.token, { product_id: productId, text });
const decide = (appealId: string, outcome: string, reason: string, as = admin) =>
  call('PATCH', `/api/appeal-decide/${as.uid}?id=${appealId}`, as.token, { outcome, reason });
const decisionsOf = async (as: TestUser) => {
  const response = await call('GET', '/api/moderation-decisions', as.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ModerationDecision[]>();
};

async function productRow(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!;
}

/** Runs every queued send-mail job whose key starts with `prefix`; returns how many. */
async function deliver(prefix: string): Promise<number> {
  const result = await queryRows<{ data: { key: string; sealed: string } }>(
    t.app.db,
    sql`select data from pgboss.job where name = ${sendMailJob} and data->>'key' like ${`${prefix}%`}`,
  );
  for (const job of result) await sendMailNow(t.app, job.data);
  return result.length;
}

/** A live listing of `sellerId` with vehicle details, promoted. */
const listing = (sellerId = seller.recordId) =>
  createProduct(
    db(),
    { categoryId, sellerId },
    {
      productName: 'Honda Accord 2003',
      promote: true,
      make: 'Honda',
      model: 'Accord',
      modelYear: 2003,
      mileageKm: 180_000,
      fuelType: 'Petrol',
      transmission: 'Automatic',
      bodyType: 'Sedan',
      color: 'Silver',
      vin: '1HGCM82633A004352',
    },
  );

/** A listing of `sellerId` reported once and removed with `statement`; returns its id. */
async function removedListing(sellerId = seller.recordId): Promise<string> {
  const product = await listing(sellerId);
  expect((await report(buyer, product.id, { reason: 'Prohibited item' })).statusCode).toBe(200);
  const response = await remove(product.id);
  expect(response.json()).toEqual({ deletedCount: 1 });
  return product.id;
}

describe('report → statement → appeal → reversal', () => {
  it('puts the listing back exactly as it was, mails the statement and the outcome, audits every step', async () => {
    const product = await listing();

    // Art. 16: a notice with a reason and a note; the spec's body-less call counts as `Other`.
    const first = await report(buyer, product.id, {
      reason: 'Scam or fraud',
      note: '  Asked me to pay by wire transfer first.  ',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, modifiedCount: 1, reportCount: 1 });
    const second = await call('PATCH', apiPaths.reportProduct(product.id), otherBuyer.token);
    expect(second.json()).toEqual({ acknowledged: true, modifiedCount: 1, reportCount: 2 });

    const queue = (await call('GET', apiPaths.reportedProducts(admin.uid), admin.token)).json<
      ReportedProduct[]
    >();
    const reported = queue.find((item) => item._id === product.id)!;
    expect(reported.reportCount).toBe(2);
    expect(reported.reasons).toEqual([
      { reason: 'Other', count: 1 },
      { reason: 'Scam or fraud', count: 1 },
    ]);
    expect(reported.notes).toEqual([
      {
        reason: 'Scam or fraud',
        note: 'Asked me to pay by wire transfer first.',
        created_at: anyString(),
      },
    ]);

    // Art. 17: removal with a statement of reasons; the listing leaves the market, kept whole.
    const before = await productRow(product.id);
    const removal = await remove(product.id);
    expect(removal.statusCode, removal.body).toBe(200);
    expect(removal.json()).toEqual({ deletedCount: 1 });
    const removed = await productRow(product.id);
    expect(removed.deletedAt).not.toBeNull();
    expect(removed.promote).toBe(false);
    // Decision 0027: the removal is also the listing's state.
    expect(removed.listingStatus).toBe('removed');
    const same = { listingStatus: 'active', statusChangedAt: before.statusChangedAt };
    expect({ ...removed, deletedAt: null, promote: true, ...same }).toEqual(before);
    const cards = (await call('GET', apiPaths.categoryProducts(categoryId))).json<
      { _id: string }[]
    >();
    expect(cards.map((card) => card._id)).not.toContain(product.id);

    expect(await deliver('moderation:')).toBe(1);
    const statementMail = smtp.inbox.find(
      (mail) => mail.to.includes(seller.email) && mail.raw.includes('removed'),
    );
    expect(statementMail).toBeDefined();
    const { text, html } = partsOf(statementMail!.raw);
    for (const part of [text, html]) {
      expect(part).toContain('Honda Accord 2003');
      expect(part).toContain('Scam or fraud');
      expect(part).toContain('wire transfer before any viewing');
      expect(part).toContain('No, a person decided');
      expect(part).toContain('/user/seller/all-products');
    }
    expect(text).toContain('You may appeal once');

    // The seller sees the statement in My Products and may appeal.
    const [decision] = (await decisionsOf(seller)).filter((d) => d.product_id === product.id);
    expect(decision).toMatchObject({
      product_name: 'Honda Accord 2003',
      rule: 'Scam or fraud',
      facts: statement.facts,
      automated: false,
      can_appeal: true,
      reversed: false,
      appeal: null,
    });
    // DSA Art. 20(1): at least six months after the decision.
    expect(moderationTextLimits.appealDays).toBe(183);
    expect(Date.parse(decision!.appeal_until) - Date.parse(decision!.decided_at)).toBe(
      183 * 24 * 3600 * 1000,
    );
    expect(await decisionsOf(otherSeller)).toEqual([]);

    // Art. 20: one appeal.
    const appealed = await appeal(seller, product.id);
    expect(appealed.statusCode, appealed.body).toBe(201);
    const appealId = appealed.json<{ insertedId: string }>().insertedId;
    const twice = await appeal(seller, product.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(appealConflicts.alreadyAppealed);

    const appeals = (await call('GET', `/api/appeals/${admin.uid}`, admin.token)).json<
      AdminAppeal[]
    >();
    expect(appeals.find((item) => item._id === appealId)).toMatchObject({
      product_id: product.id,
      seller_name: 'Sam Seller',
      rule: 'Scam or fraud',
      outcome: null,
      text: 'This is my own car; here is the title.',
    });

    // Reverse: back on the market exactly as it was.
    const reversed = await decide(appealId, 'reversed', 'The buyer confirmed a normal viewing.');
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toEqual({ modifiedCount: 1 });
    expect({
      ...(await productRow(product.id)),
      statusChangedAt: before.statusChangedAt,
    }).toEqual(before);
    const cardsAfter = (await call('GET', apiPaths.categoryProducts(categoryId))).json<
      { _id: string }[]
    >();
    expect(cardsAfter.map((card) => card._id)).toContain(product.id);
    // Handled: it does not come back to the reported queue until someone reports it again.
    const queueAfter = (await call('GET', apiPaths.reportedProducts(admin.uid), admin.token)).json<
      ReportedProduct[]
    >();
    expect(queueAfter.map((item) => item._id)).not.toContain(product.id);
    const again = await decide(appealId, 'upheld', 'Changed my mind.');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(appealConflicts.alreadyDecided);

    expect(await deliver(`moderation:${appealId}`)).toBe(1);
    const outcomeMail = smtp.inbox.find(
      (mail) => mail.to.includes(seller.email) && mail.raw.includes('accepted'),
    );
    expect(partsOf(outcomeMail!.raw).text).toContain('The buyer confirmed a normal viewing.');

    const [after] = (await decisionsOf(seller)).filter((d) => d.product_id === product.id);
    expect(after).toMatchObject({ reversed: true, can_appeal: false });
    expect(after!.appeal).toMatchObject({ outcome: 'reversed' });

    // Every step is in the audit log, in order.
    const steps = await db()
      .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, product.id))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(steps.map((step) => step.action)).toEqual([
      'report.create',
      'report.create',
      'report.delete_product',
      'appeal.submit',
      'appeal.reverse',
    ]);
    expect(steps.map((step) => step.actorId)).toEqual([
      buyer.recordId,
      otherBuyer.recordId,
      admin.recordId,
      seller.recordId,
      admin.recordId,
    ]);
    expect(steps[2]!.details).toMatchObject({ statement, previousPromote: true });
    const listed = (await call('GET', apiPaths.auditLog(admin.uid), admin.token)).json<
      AuditEntry[]
    >();
    expect(listed.map((entry) => entry.action)).toContain('appeal.reverse');
  });

  it('upholding keeps the listing removed and tells the seller why', async () => {
    const productId = await removedListing();
    const appealId = (await appeal(seller, productId)).json<{ insertedId: string }>().insertedId;
    const upheld = await decide(appealId, 'upheld', 'The photos show a stolen part.');
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect((await productRow(productId)).deletedAt).not.toBeNull();
    const [decision] = (await decisionsOf(seller)).filter((d) => d.product_id === productId);
    expect(decision).toMatchObject({ reversed: false, can_appeal: false });
    expect(decision!.appeal).toMatchObject({
      outcome: 'upheld',
      outcome_reason: 'The photos show a stolen part.',
    });
    await deliver(`moderation:${appealId}`);
    const mail = smtp.inbox.find((m) => m.to.includes(seller.email) && m.raw.includes('rejected'));
    expect(partsOf(mail!.raw).text).toContain('The photos show a stolen part.');
    const [row] = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, productId), eq(auditLog.action, 'appeal.uphold')));
    expect(row).toBeDefined();
  });
});

describe('validation', () => {
  it('refuses an unknown reason and a note over 1,000 characters, and takes one of 1,000', async () => {
    const product = await listing();
    const unknown = await report(buyer, product.id, { reason: 'Too expensive' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('body.reason');
    const long = await report(buyer, product.id, { reason: 'Other', note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('body.note');
    expect((await productRow(product.id)).reportCount).toBe(0);
    const ok = await report(buyer, product.id, { reason: 'Other', note: 'x'.repeat(1000) });
    expect(ok.json()).toMatchObject({ modifiedCount: 1 });
    // A repeat changes nothing, whatever its reason.
    const repeat = await report(buyer, product.id, { reason: 'Scam or fraud' });
    expect(repeat.json()).toMatchObject({ modifiedCount: 0, reportCount: 1 });
  });

  it('requires a complete statement of reasons to remove a listing', async () => {
    const product = await listing();
    const url = apiPaths.deleteReportedProduct(admin.uid, product.id);
    const cases: [InjectOptions['payload'] | undefined, string][] = [
      [undefined, 'body'],
      [{ facts: 'x', automated: false }, 'body.rule'],
      [{ ...statement, rule: 'Ugly' }, 'body.rule'],
      [{ ...statement, facts: '   ' }, 'body.facts'],
      [{ ...statement, facts: 'x'.repeat(2001) }, 'body.facts'],
      [{ rule: statement.rule, facts: 'x' }, 'body.automated'],
      [{ ...statement, automated: 'no' }, 'body.automated'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('DELETE', url, admin.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(field);
    }
    expect((await productRow(product.id)).deletedAt).toBeNull();
  });

  it('accepts an appeal until six months (183 days) after the removal and refuses it after (controllable clock)', async () => {
    const productId = await removedListing();
    const [decision] = await db()
      .select({ decidedAt: moderationDecisions.decidedAt })
      .from(moderationDecisions)
      .where(eq(moderationDecisions.productId, productId));
    const deadline = appealDeadline(decision!.decidedAt);
    const late = await createAppeal(
      db(),
      seller.recordId,
      productId,
      'Too late?',
      new Date(deadline.getTime() + 1),
    );
    expect(late).toEqual({ kind: 'too-late' });
    const inTime = await createAppeal(db(), seller.recordId, productId, 'Just in time', deadline);
    expect(inTime.kind).toBe('created');

    // Through the API: a removal decided 184 days ago is too late; one of 170 days ago is not.
    const recentId = await removedListing();
    await db()
      .update(moderationDecisions)
      .set({ decidedAt: new Date(Date.now() - 170 * 24 * 3600 * 1000) })
      .where(eq(moderationDecisions.productId, recentId));
    expect((await appeal(seller, recentId)).statusCode).toBe(201);
    const oldId = await removedListing();
    await db()
      .update(moderationDecisions)
      .set({ decidedAt: new Date(Date.now() - 184 * 24 * 3600 * 1000) })
      .where(eq(moderationDecisions.productId, oldId));
    const response = await appeal(seller, oldId);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(appealConflicts.tooLate);
    const [listed] = (await decisionsOf(seller)).filter((d) => d.product_id === oldId);
    expect(listed!.can_appeal).toBe(false);
  });

  it("refuses an appeal on someone else's listing, a live listing, an unknown one, and an empty text", async () => {
    const productId = await removedListing();
    const foreign = await appeal(otherSeller, productId);
    expect(foreign.statusCode).toBe(403);
    const live = await listing();
    const notRemoved = await appeal(seller, live.id);
    expect(notRemoved.statusCode).toBe(409);
    expect(notRemoved.json<{ message: string }>().message).toBe(appealConflicts.notRemoved);
    expect((await appeal(seller, missingId)).statusCode).toBe(404);
    const empty = await appeal(seller, productId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('body.text');
    const bad = await call('POST', '/api/appeals', seller.token, { product_id: 'nope', text: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      await db()
        .select()
        .from(moderationAppeals)
        .where(eq(moderationAppeals.sellerId, otherSeller.recordId)),
    ).toEqual([]);
  });

  it('two appeals at once: one is taken, the other refused; two decisions at once: one wins', async () => {
    const productId = await removedListing();
    const appeals = await Promise.all([appeal(seller, productId), appeal(seller, productId)]);
    expect(appeals.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const appealId = appeals
      .find((r) => r.statusCode === 201)!
      .json<{ insertedId: string }>().insertedId;
    const decisions = await Promise.all([
      decide(appealId, 'reversed', 'Fine after all.'),
      decide(appealId, 'upheld', 'Not fine.', otherAdmin),
    ]);
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, productId),
          sql`${auditLog.action} in ('appeal.uphold', 'appeal.reverse')`,
        ),
      );
    expect(row!.n).toBe(1);
  });

  it('refuses deciding an unknown appeal, a bad outcome, or a missing reason', async () => {
    expect((await decide(missingId, 'upheld', 'x')).statusCode).toBe(404);
    const productId = await removedListing();
    const appealId = (await appeal(seller, productId)).json<{ insertedId: string }>().insertedId;
    const bad = await decide(appealId, 'maybe', 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('body.outcome');
    const noReason = await decide(appealId, 'reversed', ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toContain('body.reason');
    expect((await productRow(productId)).deletedAt).not.toBeNull();
  });
});

describe('guards of the new calls', () => {
  it('answer 401 without a token, 403 to the wrong role and for another uid or resource', async () => {
    const productId = await removedListing(otherSeller.recordId);
    const appealId = (await appeal(otherSeller, productId)).json<{ insertedId: string }>()
      .insertedId;
    const cases: [string, InjectOptions['method'], string, TestUser | null, object?][] = [
      ['decisions, no token', 'GET', '/api/moderation-decisions', null],
      ['decisions, buyer', 'GET', '/api/moderation-decisions', buyer],
      ['appeal, no token', 'POST', '/api/appeals', null, { product_id: productId, text: 'x' }],
      ['appeal, buyer', 'POST', '/api/appeals', buyer, { product_id: productId, text: 'x' }],
      [
        "appeal, another's listing",
        'POST',
        '/api/appeals',
        seller,
        { product_id: productId, text: 'x' },
      ],
      ['appeals, no token', 'GET', `/api/appeals/${admin.uid}`, null],
      ['appeals, seller', 'GET', `/api/appeals/${seller.uid}`, seller],
      ["appeals, another admin's uid", 'GET', `/api/appeals/${otherAdmin.uid}`, admin],
      [
        'decide, no token',
        'PATCH',
        `/api/appeal-decide/${admin.uid}?id=${appealId}`,
        null,
        { outcome: 'reversed', reason: 'x' },
      ],
      [
        'decide, seller',
        'PATCH',
        `/api/appeal-decide/${otherSeller.uid}?id=${appealId}`,
        otherSeller,
        { outcome: 'reversed', reason: 'x' },
      ],
      [
        "decide, another admin's uid",
        'PATCH',
        `/api/appeal-decide/${otherAdmin.uid}?id=${appealId}`,
        admin,
        { outcome: 'reversed', reason: 'x' },
      ],
      [
        'remove, buyer',
        'DELETE',
        apiPaths.deleteReportedProduct(buyer.uid, productId),
        buyer,
        statement,
      ],
    ];
    const [auditBefore] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    for (const [name, method, url, as, payload] of cases) {
      const response = await call(method, url, as?.token, payload);
      expect(response.statusCode, name).toBe(as ? 403 : 401);
    }
    const [auditAfter] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog);
    expect(auditAfter!.n).toBe(auditBefore!.n);
    expect((await productRow(productId)).deletedAt).not.toBeNull();
  });
});

describe('transparency', () => {
  it('counts notices by reason, decisions by outcome, appeals, and the median time to decision', async () => {
    const now = new Date('2031-06-01T00:00:00Z');
    const at = (iso: string) => new Date(iso);
    const reporter = await createUser(db(), { role: 'buyer' });
    const ids = await Promise.all([listing(), listing(), listing()]).then((rows) =>
      rows.map((row) => row.id),
    );
    await db()
      .insert(moderationNotices)
      .values([
        {
          productId: ids[0]!,
          reporterId: reporter.id,
          reason: 'Scam or fraud',
          createdAt: at('2031-01-01T00:00:00Z'),
        },
        {
          productId: ids[1]!,
          reporterId: reporter.id,
          reason: 'Scam or fraud',
          createdAt: at('2031-02-01T00:00:00Z'),
        },
        {
          productId: ids[2]!,
          reporterId: reporter.id,
          reason: 'Duplicate listing',
          createdAt: at('2031-03-01T00:00:00Z'),
        },
        // Older than 12 months: not counted.
        {
          productId: ids[2]!,
          reporterId: reporter.id,
          reason: 'Other',
          createdAt: at('2030-05-01T00:00:00Z'),
        },
      ]);
    const decisions = await db()
      .insert(moderationDecisions)
      .values([
        {
          productId: ids[0]!,
          actorId: admin.recordId,
          outcome: 'removed',
          rule: 'Scam or fraud',
          facts: 'x',
          firstNoticeAt: at('2031-01-01T00:00:00Z'),
          decidedAt: at('2031-01-01T02:00:00Z'),
        },
        {
          productId: ids[1]!,
          actorId: admin.recordId,
          outcome: 'removed',
          rule: 'Scam or fraud',
          facts: 'x',
          firstNoticeAt: at('2031-02-01T00:00:00Z'),
          decidedAt: at('2031-02-01T06:00:00Z'),
        },
        {
          productId: ids[2]!,
          actorId: admin.recordId,
          outcome: 'kept',
          firstNoticeAt: at('2031-03-01T00:00:00Z'),
          decidedAt: at('2031-03-02T00:00:00Z'),
        },
      ])
      .returning({ id: moderationDecisions.id });
    await db()
      .insert(moderationAppeals)
      .values([
        {
          decisionId: decisions[0]!.id,
          sellerId: seller.recordId,
          text: 'a',
          createdAt: at('2031-01-02T00:00:00Z'),
          outcome: 'reversed',
          outcomeReason: 'r',
          decidedBy: admin.recordId,
          decidedAt: at('2031-01-03T00:00:00Z'),
        },
        {
          decisionId: decisions[1]!.id,
          sellerId: seller.recordId,
          text: 'b',
          createdAt: at('2031-02-02T00:00:00Z'),
        },
      ]);

    const report = await readTransparency(db(), now);
    expect(report.notices).toEqual([
      { reason: 'Scam or fraud', count: 2 },
      { reason: 'Wrong category', count: 0 },
      { reason: 'Prohibited item', count: 0 },
      { reason: 'Offensive content', count: 0 },
      { reason: 'Duplicate listing', count: 1 },
      { reason: 'Other', count: 0 },
    ]);
    expect(report.decisions).toEqual([
      { outcome: 'removed', count: 2 },
      { outcome: 'kept', count: 1 },
    ]);
    expect(report.appeals).toEqual({ received: 2, upheld: 0, reversed: 1, pending: 1 });
    // 2 h, 6 h and 24 h: the median is 6 h.
    expect(report.medianHoursToDecision).toBe(6);

    // The public call: no token, the contract's shape, today's counts.
    const response = await call('GET', '/api/transparency');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Transparency>();
    expect(body.notices).toHaveLength(6);
    expect(body.decisions.map((d) => d.outcome)).toEqual(['removed', 'kept']);
    expect(body.notices.reduce((sum, n) => sum + n.count, 0)).toBeGreaterThan(0);
    expect(body.median_hours_to_decision).not.toBeNull();
  });
});
