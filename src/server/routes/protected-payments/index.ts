/**
 * Protected payment calls (contract src/contract/protected-payments.ts; decision 0042):
 * the seller's handover code releases the held money, either side refunds or disputes before
 * release, the admin decides disputes, the seller gives payout details. The `payment-sweep` job
 * is src/server/payments/protected-jobs.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { electronicFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import {
  centsToDollars,
  decidePaymentDisputeContract,
  disputePaymentContract,
  getBillOfSaleContract,
  getPayoutContract,
  listPaymentDisputesContract,
  payoutTexts,
  type PaymentDispute,
  type PayoutView,
  protectedPaymentTexts as texts,
  putPayoutContract,
  refundPaymentContract,
  releasePaymentContract,
  startPayoutOnboardingContract,
} from '#contract/index.js';
import { paths } from '#contract/spa-paths.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { payoutAccounts } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import {
  confirmHandover,
  decideDispute,
  disputePayment,
  findOrderPayment,
  listDisputedPayments,
  refreshStripePayout,
  refundPayment,
  releaseAwaitingPayout,
  sideOf,
  type MoveResult,
  type OrderPaymentRow,
} from '../../payments/protected.js';
import { billOfSaleFilename, ensureBillOfSale } from '../../payments/bill-of-sale.js';
import { presentPayment } from '../../orders/presenters.js';

const tags = ['protected payment'];
/** Any signed-in user; the handler checks the caller's side of the order. */
const signedIn = { tags, access: {} satisfies RouteAccess };
const asAdmin = { tags, access: { role: 'admin' } satisfies RouteAccess };

const notFound = () => httpError(404, 'No order found');

/**
 * ABA routing number checksum (the American Bankers Association's check digit:
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 mod 10).
 */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const protectedPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const releaseDays = app.config.protectedPayments.releaseDays;

  /** The caller's payment: 404 for a stranger (or no payment), with the caller's side. */
  async function paymentFor(orderId: string, userId: string) {
    const payment = await findOrderPayment(app.db, orderId);
    const side = payment ? sideOf(payment, userId) : null;
    if (!payment || !side) throw notFound();
    return { payment, side };
  }

  async function answer(orderId: string, changed: boolean) {
    const row = (await findOrderPayment(app.db, orderId))!;
    return { changed, payment: view(row, releaseDays) };
  }

  function refuse(result: Exclude<MoveResult, { kind: 'done' }>): never {
    switch (result.kind) {
      case 'no-payout':
        throw httpError(409, texts.needsPayout);
      case 'busy':
        throw httpError(409, `A ${result.pending} of this payment is under way; try again`);
      case 'not-held':
        throw httpError(409, result.status === 'disputed' ? texts.disputed : texts.notHeld);
    }
  }

  app.route({
    ...route(releasePaymentContract, signedIn),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const { payment, side } = await paymentFor(request.params.id, me.id);
      if (side !== 'seller') throw httpError(403, texts.notSeller);
      const result = await confirmHandover(app, payment, request.body.handover_code);
      switch (result.kind) {
        case 'done':
          return answer(payment.orderId, result.changed);
        case 'awaiting-payout':
          return answer(payment.orderId, true);
        case 'wrong-code':
          if (result.locked) throw httpError(429, texts.locked);
          throw httpError(400, texts.wrongCode);
        case 'locked':
          throw httpError(429, texts.locked);
        default:
          return refuse(result);
      }
    },
  });

  app.route({
    ...route(refundPaymentContract, signedIn),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const { payment, side } = await paymentFor(request.params.id, me.id);
      const result = await refundPayment(app, payment.orderId, side, request.body.reason);
      if (result.kind !== 'done') refuse(result);
      return answer(payment.orderId, result.changed);
    },
  });

  app.route({
    ...route(disputePaymentContract, signedIn),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const { payment, side } = await paymentFor(request.params.id, me.id);
      const result = await disputePayment(app, payment.orderId, side, request.body.reason);
      if (result.kind !== 'done') refuse(result);
      return answer(payment.orderId, result.changed);
    },
  });

  app.route({
    ...route(listPaymentDisputesContract, asAdmin),
    handler: async () => {
      const rows = await listDisputedPayments(app.db);
      return rows.map((row): PaymentDispute => ({
        order_id: row.orderId,
        product_name: row.productName,
        amount: centsToDollars(row.amountCents),
        buyer_name: row.buyerName,
        buyer_email: row.buyerEmail,
        seller_name: row.sellerName,
        seller_email: row.sellerEmail,
        held_at: row.heldAt.toISOString(),
        disputed_at: row.disputedAt?.toISOString() ?? null,
        disputed_by: row.disputedBy === 'seller' ? 'seller' : 'buyer',
        dispute_reason: row.disputeReason ?? '',
      }));
    },
  });

  app.route({
    ...route(decidePaymentDisputeContract, asAdmin),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const payment = await findOrderPayment(app.db, request.params.id);
      if (!payment) throw httpError(404, texts.noPayment);
      const result = await decideDispute(
        app,
        payment.orderId,
        me.id,
        request.body.outcome,
        request.body.note || null,
      );
      if (result.kind !== 'done') refuse(result);
      return answer(payment.orderId, result.changed);
    },
  });

  app.route({
    // A browser's session cookie counts too, so the pages offer a plain download link.
    ...route(getBillOfSaleContract, { tags, access: { via: 'session-or-bearer' } }),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const payment = await findOrderPayment(app.db, request.params.id);
      if (!payment || (!sideOf(payment, me.id) && !me.isAdmin)) throw notFound();
      if (payment.status !== 'released') throw httpError(409, texts.billBeforeRelease);
      // Made on release; a payment released before bills were made gets its bill now.
      const bill = await app.db.transaction((tx) => ensureBillOfSale(tx, payment.orderId));
      if (!bill) throw notFound();
      return (
        reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${billOfSaleFilename(payment.orderId)}"`,
          )
          .header('repr-digest', `sha-256=:${Buffer.from(bill.sha256, 'hex').toString('base64')}:`)
          // Bytes, sent as they are (Fastify serialises no Buffer); the contract's `string` is
          // the OpenAPI document's word for a body that is not JSON.
          .send(bill.pdf as unknown as string)
      );
    },
  });

  const payoutView = async (userId: string): Promise<PayoutView> => {
    const [row] = await app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, userId));
    if (app.payments.onboarding) {
      const stripe = row?.kind === 'stripe' ? row : undefined;
      return {
        has_payout: Boolean(stripe?.stripeReadyAt),
        account_holder: stripe?.accountHolder ?? null,
        last4: null,
        method: 'stripe_onboarding',
        onboarding: !stripe ? 'not_started' : stripe.stripeReadyAt ? 'complete' : 'pending',
      };
    }
    const bank = row?.kind === 'stripe' ? undefined : row;
    return {
      has_payout: bank !== undefined,
      account_holder: bank?.accountHolder ?? null,
      last4: bank?.last4 ?? null,
      method: 'bank_details',
      onboarding: null,
    };
  };

  app.route({
    ...route(getPayoutContract, signedIn),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      // Back from Stripe's onboarding: ask Stripe whether the account can take transfers now.
      // Stripe unreachable: the stored state is answered, the sweep asks again later.
      await refreshStripePayout(app, me.id).catch((error: unknown) => {
        request.log.warn({ err: error }, 'payout account state not refreshed');
      });
      return payoutView(me.id);
    },
  });

  app.route({
    ...route(startPayoutOnboardingContract, signedIn),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const onboarding = app.payments.onboarding;
      if (!onboarding) throw httpError(409, payoutTexts.useBankDetails);
      const [row] = await app.db
        .select()
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, me.id));
      let accountId = row?.kind === 'stripe' ? row.stripeAccountId : null;
      if (!accountId) {
        // Idempotent per user at Stripe: a crash before this write finds the same account.
        accountId = (await onboarding.createPayoutAccount({ userId: me.id, email: me.email })).id;
        const values = {
          accountHolder: me.displayName,
          kind: 'stripe' as const,
          iban: null,
          routingNumber: null,
          accountNumber: null,
          last4: null,
          stripeAccountId: accountId,
          stripeReadyAt: null,
          updatedAt: new Date(),
        };
        await app.db
          .insert(payoutAccounts)
          .values({ userId: me.id, ...values })
          .onConflictDoUpdate({ target: payoutAccounts.userId, set: values });
      } else if (await refreshStripePayout(app, me.id)) {
        throw httpError(409, payoutTexts.onboardingDone);
      }
      const profile = `${app.config.publicUrl}${paths.profile.href()}`;
      const link = await onboarding.createOnboardingLink({
        accountId,
        refreshUrl: `${profile}?payout=refresh`,
        returnUrl: `${profile}?payout=return`,
        idempotencyKey: `payout-onboarding-${accountId}-${request.id}`,
      });
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    },
  });

  app.route({
    ...route(putPayoutContract, signedIn),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      if (app.payments.onboarding) throw httpError(409, payoutTexts.useOnboarding);
      const body = request.body;
      let values: typeof payoutAccounts.$inferInsert;
      if ('iban' in body) {
        const iban = electronicFormatIBAN(body.iban) ?? '';
        const checked = validateIBAN(iban);
        if (!checked.valid) {
          const reason = checked.errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum)
            ? 'its check digits are wrong'
            : 'it is not an IBAN of a known country and length';
          throw httpError(400, `body.iban is not a valid IBAN: ${reason}`);
        }
        values = {
          userId: me.id,
          accountHolder: body.account_holder,
          kind: 'iban',
          iban,
          last4: iban.slice(-4),
        };
      } else {
        if (!isAbaRoutingNumber(body.routing_number)) {
          throw httpError(400, 'body.routing_number is not a valid 9-digit ABA routing number');
        }
        if (!/^[0-9]{4,17}$/.test(body.account_number)) {
          throw httpError(400, 'body.account_number must be 4 to 17 digits');
        }
        values = {
          userId: me.id,
          accountHolder: body.account_holder,
          kind: 'us_bank',
          routingNumber: body.routing_number,
          accountNumber: body.account_number,
          last4: body.account_number.slice(-4),
        };
      }
      await app.db
        .insert(payoutAccounts)
        .values(values)
        .onConflictDoUpdate({
          target: payoutAccounts.userId,
          set: {
            accountHolder: values.accountHolder,
            kind: values.kind,
            iban: values.iban ?? null,
            routingNumber: values.routingNumber ?? null,
            accountNumber: values.accountNumber ?? null,
            last4: values.last4,
            updatedAt: new Date(),
          },
        });
      // Handovers confirmed while the details were missing are paid out now.
      await releaseAwaitingPayout(app, me.id);
      return payoutView(me.id);
    },
  });
};

/** The API view of a payment row. */
export function view(row: OrderPaymentRow, releaseDays: number) {
  return presentPayment(
    {
      paymentStatus: row.status,
      paymentAmountCents: row.amountCents,
      paymentHeldAt: row.heldAt,
      paymentReleasedAt: row.releasedAt,
      paymentRefundedAt: row.refundedAt,
      paymentHandedOverAt: row.handedOverAt,
      paymentDisputeReason: row.disputeReason,
      paymentDecisionNote: row.decisionNote,
      paymentBillOfSaleSha256: row.billOfSaleSha256,
    },
    releaseDays,
  )!;
}
