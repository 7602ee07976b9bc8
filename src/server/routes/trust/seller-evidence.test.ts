/**
 * The evidence of the admin's Verify dialog (decision 0044): `GET /api/admin/seller-evidence`
 * answers the seller's phone and identity checks, account age, listings, reports and their
 * listings' risk-queue score and reasons. (Who may call it: the authorisation matrix.)
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerEvidence } from '#contract/trust.js';
import { identityChecks, productReports, users } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { riskPoints } from '../../trust/reports-and-risk.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { role: 'seller', admin: true });
});
afterAll(() => t.close());

const evidenceOf = (id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/seller-evidence/${admin.uid}?id=${id}`,
    headers: bearer(admin.token),
  });

describe('GET /api/admin/seller-evidence', () => {
  it('shows a new seller’s checks, age, listings, reports and risk reasons', async () => {
    const seller = await registerUser(t.app, { role: 'seller', name: 'Nina New' });
    const reporter = await registerUser(t.app);
    const db = t.database.db;
    const category = await createCategory(db);
    const live = await createProduct(db, { categoryId: category.id, sellerId: seller.recordId });
    await createProduct(db, { categoryId: category.id, sellerId: seller.recordId }, { sold: true });
    await db.insert(productReports).values({ productId: live.id, reporterId: reporter.recordId });

    const fresh = await evidenceOf(seller.recordId);
    expect(fresh.statusCode, fresh.body).toBe(200);
    // Signed in: the security plugin's `private, no-store` over the route's own `no-store`.
    expect(fresh.headers['cache-control']).toBe('private, no-store');
    const body = fresh.json<SellerEvidence>();
    expect(body).toMatchObject({
      _id: seller.recordId,
      uid: seller.uid,
      displayName: 'Nina New',
      admin_verified: false,
      phone: { verified: false, number: null, verified_at: null },
      identity: { verified: false, status: 'none', reason: null },
      account_age_days: 0,
      listings: { live: 1, total: 2 },
      reports: { listings: 1, messages: 0 },
    });
    // A 0-day-old account: the risk queue's "new seller" reason on the live listing.
    expect(body.risk.score).toBeGreaterThanOrEqual(riskPoints.newSeller);
    expect(body.risk.listings).toHaveLength(1);
    expect(body.risk.listings[0]!._id).toBe(live.id);
    expect(body.risk.listings[0]!.reasons.map((reason) => reason.code)).toContain('new_seller');

    // Checks passed: a verified phone and an approved identity check; a 40-day-old account.
    await db
      .update(users)
      .set({
        phoneE164: '+14155550142',
        phoneVerifiedAt: sql`now()`,
        identityVerifiedAt: sql`now()`,
        createdAt: sql`now() - interval '40 days'`,
      })
      .where(eq(users.id, seller.recordId));
    await db.insert(identityChecks).values({
      userId: seller.recordId,
      provider: 'sandbox',
      status: 'approved',
      decidedAt: sql`now()`,
    });
    const checked = (await evidenceOf(seller.recordId)).json<SellerEvidence>();
    expect(checked).toMatchObject({
      phone: { verified: true, number: '+14155550142' },
      identity: { verified: true, status: 'approved' },
      account_age_days: 40,
    });
    expect(
      checked.risk.listings.flatMap((item) => item.reasons.map((reason) => reason.code)),
    ).not.toContain('new_seller');
  });

  it('answers 404 for no live user', async () => {
    const response = await evidenceOf('00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
  });
});
