/**
 * Viewing deposit calls (contract src/contract/deposits.ts; decision 0020): the buyer holds the
 * deposit with a card and may dispute a capture, the seller marks the viewing's outcome, the
 * admin decides disputes. The jobs `deposit-sweep` and `deposit-settle` are
 * src/server/deposits/jobs.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centsToDollars,
  confirmDepositHoldContract,
  createDepositHoldContract,
  decideDepositDisputeContract,
  disputeDepositContract,
  listDepositDisputesContract,
  markDepositContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { deposits, orders, users } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { presentDeposit } from '../../orders/presenters.js';
import {
  createHold,
  decide,
  dispute,
  findDeposit,
  markHeld,
  runMove,
  type FoundDeposit,
} from '../../deposits/service.js';

const tags = ['deposits'];
const asBuyer = { tags, access: { role: 'buyer' } satisfies RouteAccess };
const asSeller = { tags, access: { role: 'seller' } satisfies RouteAccess };
const asAdmin = { tags, access: { role: 'admin' } satisfies RouteAccess };

const notFound = () => httpError(404, 'No deposit found for this order');

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The order's deposit view after a change. */
  const view = async (orderId: string) => {
    const found = await findDeposit(app.db, orderId);
    if (!found) throw notFound();
    return present(found);
  };

  app.route({
    ...route(createDepositHoldContract, asBuyer),
    handler: async (request) => {
      const hold = await createHold(app, request.params.id, requireCallerRecord(request).id);
      return { clientSecret: hold.clientSecret, amount: centsToDollars(hold.amountCents) };
    },
  });

  app.route({
    ...route(confirmDepositHoldContract, asBuyer),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const found = await findDeposit(app.db, request.params.id, { buyerId: me.id });
      if (!found) throw notFound();
      const { changed } = await markHeld(app, found.deposit, { id: me.id, role: 'buyer' });
      return { changed, deposit: await view(request.params.id) };
    },
  });

  app.route({
    ...route(markDepositContract, asSeller),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const found = await findDeposit(app.db, request.params.id, { sellerId: me.id });
      if (!found) throw notFound();
      const noShow = request.body.outcome === 'no_show';
      if (noShow && found.paid) {
        throw httpError(409, 'This order is paid: the buyer came; the deposit is released');
      }
      if (noShow && (found.declinedAt || found.cancelledAt)) {
        throw httpError(409, 'This booking is closed; its deposit is released');
      }
      const { changed } = await runMove(
        app,
        found.deposit.id,
        noShow ? 'capture' : 'release',
        { id: me.id, role: 'seller' },
        { note: noShow ? 'the buyer did not come' : 'the viewing happened' },
      );
      return { changed, deposit: await view(request.params.id) };
    },
  });

  app.route({
    ...route(disputeDepositContract, asBuyer),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const found = await findDeposit(app.db, request.params.id, { buyerId: me.id });
      if (!found) throw notFound();
      const { changed } = await dispute(
        app,
        found.deposit,
        { id: me.id, role: 'buyer' },
        request.body.reason,
      );
      return { changed, deposit: await view(request.params.id) };
    },
  });

  const buyer = alias(users, 'deposit_buyer');
  const seller = alias(users, 'deposit_seller');
  app.route({
    ...route(listDepositDisputesContract, asAdmin),
    handler: async () => {
      const rows = await app.db
        .select({
          orderId: orders.id,
          productName: orders.productName,
          amountCents: deposits.amountCents,
          state: deposits.state,
          buyerName: buyer.displayName,
          buyerEmail: buyer.email,
          sellerName: seller.displayName,
          sellerEmail: seller.email,
          capturedAt: deposits.capturedAt,
          disputedAt: deposits.disputedAt,
          disputeReason: deposits.disputeReason,
        })
        .from(deposits)
        .innerJoin(orders, eq(orders.id, deposits.orderId))
        .innerJoin(buyer, eq(buyer.id, orders.buyerId))
        .innerJoin(seller, eq(seller.id, orders.sellerId))
        .where(inArray(deposits.state, ['disputed', 'refunding']))
        .orderBy(desc(deposits.disputedAt))
        .limit(200);
      return rows.map((row) => ({
        order_id: row.orderId,
        product_name: row.productName,
        amount: centsToDollars(row.amountCents),
        state: row.state,
        buyer_name: row.buyerName,
        buyer_email: row.buyerEmail,
        seller_name: row.sellerName,
        seller_email: row.sellerEmail,
        captured_at: row.capturedAt?.toISOString() ?? null,
        disputed_at: row.disputedAt?.toISOString() ?? null,
        dispute_reason: row.disputeReason,
      }));
    },
  });

  app.route({
    ...route(decideDepositDisputeContract, asAdmin),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const found = await findDeposit(app.db, request.params.id);
      if (!found) throw notFound();
      const { changed } = await decide(
        app,
        found.deposit,
        { id: me.id, role: 'admin' },
        request.body.decision,
        request.body.note || null,
      );
      return { changed, deposit: await view(request.params.id) };
    },
  });
};

function present(found: FoundDeposit) {
  const d = found.deposit;
  return presentDeposit({
    depositAmountCents: d.amountCents,
    depositState: d.state,
    depositHeldAt: d.heldAt,
    depositCapturedAt: d.capturedAt,
    depositDisputeReason: d.disputeReason,
    depositDecisionNote: d.decisionNote,
  })!;
}
