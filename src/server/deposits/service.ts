/**
 * The viewing deposit's state machine (decision 0020). Every transition is a
 * conditional UPDATE (`where state = <expected>`), so of two concurrent marks exactly one wins,
 * and is recorded in `deposit_events` in the same transaction. A transition that needs the
 * payment provider goes through a pending state:
 *
 *   1. claim: `held → capturing` (or `releasing`, `refunding`), committed with its event;
 *   2. the provider call, with an idempotency key per intent and action (stripe.ts, sandbox.ts);
 *   3. finish: `capturing → captured` (etc.) with its event and the buyer's mail.
 *
 * A crash (or a provider failure) between 2 and 3 leaves the pending state; repeating the same
 * call, or the reconcile sweep (`sweepDeposits`, a job every 15 minutes), repeats step 2 (a no-op
 * at the provider) and finishes step 3. All times come from `new Date()` (tests fake it).
 */
import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  bookingStateOf,
  bookingStateRecords,
  depositAutoReleaseMs,
  depositDisputeWindowMs,
  depositStatesWhere,
  depositTransitions,
} from '#contract/index.js';
import type { Database } from '../db/client.js';
import { auditLog, depositEvents, deposits, orders, type DepositState } from '../db/schema.js';
import { httpError } from '../lib/http-error.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { Executor } from '../jobs/queue.js';
import { queueDepositMail } from './mails.js';

/** Queue of one deposit's settlement (routes/deposits registers its handler). */
export const depositSettleJob = 'deposit-settle';

/**
 * Called in the transaction that declines or cancels a booking: queues `deposit-settle` for its
 * deposit, which releases a hold or voids a deposit still awaiting a card.
 */
export async function onBookingClosed(app: FastifyInstance, tx: Executor, orderId: string) {
  const [row] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.orderId, orderId));
  if (row) await app.jobs.enqueue(depositSettleJob, { depositId: row.id }, { tx });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DepositRow = typeof deposits.$inferSelect;

/** Who makes a transition; `id` null for the scheduled job. */
export interface Actor {
  id: string | null;
  role: 'buyer' | 'seller' | 'admin' | 'system';
}
const system: Actor = { id: null, role: 'system' };

/**
 * The transitions that call the provider: from → pending (`via`) → to, as the deposit's
 * transition table names them (src/contract/deal-states.ts), with the provider call of each.
 */
const moves = {
  release: {
    from: depositTransitions.release.from,
    pending: depositTransitions.release.via,
    to: depositTransitions.release.to,
    call: (p: PaymentProvider, id: string) => p.cancelHold(id),
  },
  capture: {
    from: depositTransitions.capture.from,
    pending: depositTransitions.capture.via,
    to: depositTransitions.capture.to,
    call: (p: PaymentProvider, id: string) => p.captureHold(id),
  },
  refund: {
    from: depositTransitions.refund.from,
    pending: depositTransitions.refund.via,
    to: depositTransitions.refund.to,
    call: (p: PaymentProvider, id: string) => p.refundHold(id),
  },
} as const satisfies Record<
  string,
  {
    from: DepositState;
    pending: DepositState;
    to: DepositState;
    call: (p: PaymentProvider, id: string) => Promise<void>;
  }
>;
export type MoveName = keyof typeof moves;
const moveOfPending = Object.fromEntries(
  Object.entries(moves).map(([name, move]) => [move.pending, name as MoveName]),
) as Partial<Record<DepositState, MoveName>>;

/** The deposit of an order with what the checks need; the order's parties filter it. */
export async function findDeposit(
  db: Database | Transaction,
  orderId: string,
  party?: { buyerId: string } | { sellerId: string },
) {
  const [row] = await db
    .select({
      deposit: deposits,
      paid: orders.paid,
      declinedAt: orders.declinedAt,
      cancelledAt: orders.cancelledAt,
      productId: orders.productId,
    })
    .from(deposits)
    .innerJoin(orders, eq(orders.id, deposits.orderId))
    .where(
      and(
        eq(deposits.orderId, orderId),
        party && 'buyerId' in party ? eq(orders.buyerId, party.buyerId) : undefined,
        party && 'sellerId' in party ? eq(orders.sellerId, party.sellerId) : undefined,
      ),
    );
  return row ?? null;
}
export type FoundDeposit = NonNullable<Awaited<ReturnType<typeof findDeposit>>>;

/** The booking is no longer open (paid, declined or cancelled: deal-states.ts). */
const closed = (found: Pick<FoundDeposit, 'paid' | 'declinedAt' | 'cancelledAt'>) =>
  !bookingStateRecords[bookingStateOf(found)].payable;

async function record(
  tx: Transaction,
  depositId: string,
  fromState: DepositState,
  toState: DepositState,
  actor: Actor,
  note: string | null = null,
) {
  await tx
    .insert(depositEvents)
    .values({ depositId, fromState, toState, actorId: actor.id, actorRole: actor.role, note });
}

async function load(db: Database, depositId: string): Promise<DepositRow> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!row) throw new Error(`deposit ${depositId} vanished`);
  return row;
}

function conflict(state: DepositState) {
  return httpError(409, `This deposit is ${state.replace('_', ' ')}; it cannot change that way`);
}

/**
 * Runs the provider transition `name` on a deposit (see the module comment): claim, provider
 * call, finish. `onClaim` runs in the claim's transaction (the admin's audit entry).
 * @returns changed true when this call finished the transition; false when it was already done.
 * @throws HttpError 409 when the deposit is in another state (another mark won);
 *   PaymentProviderError (502) when the provider fails — the pending state stays for a retry.
 */
export async function runMove(
  app: FastifyInstance,
  depositId: string,
  name: MoveName,
  actor: Actor,
  options: { note?: string | null; onClaim?: (tx: Transaction) => Promise<unknown> } = {},
): Promise<{ changed: boolean }> {
  const move = moves[name];
  let row = await app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(deposits)
      .set({
        state: move.pending,
        pendingActorId: actor.id,
        pendingActorRole: actor.role,
        pendingNote: options.note ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(deposits.id, depositId), eq(deposits.state, move.from)))
      .returning();
    if (!claimed) return null;
    await record(tx, depositId, move.from, move.pending, actor, options.note ?? null);
    await options.onClaim?.(tx);
    return claimed;
  });
  if (!row) {
    const current = await load(app.db, depositId);
    if (current.state === move.to) return { changed: false };
    if (current.state !== move.pending) throw conflict(current.state);
    row = current; // an interrupted transition: finish it
  }
  if (!row.intentId) throw new Error(`deposit ${depositId} has no intent`);
  await move.call(app.payments, row.intentId);
  const pendingActor: Actor = {
    id: row.pendingActorId,
    role: (row.pendingActorRole as Actor['role'] | null) ?? 'system',
  };
  const changed = await app.db.transaction(async (tx) => {
    const now = new Date();
    const [done] = await tx
      .update(deposits)
      .set({
        state: move.to,
        ...(move.to === 'captured' ? { capturedAt: now } : {}),
        ...(move.to === 'refunded' ? { decisionNote: row.pendingNote } : {}),
        pendingActorId: null,
        pendingActorRole: null,
        pendingNote: null,
        updatedAt: now,
      })
      .where(and(eq(deposits.id, depositId), eq(deposits.state, move.pending)))
      .returning();
    if (!done) return false;
    await record(tx, depositId, move.pending, move.to, pendingActor, row.pendingNote);
    await queueDepositMail(app, tx, done);
    return true;
  });
  return { changed };
}

/**
 * Creates (or reuses) the hold intent of the buyer's deposit and stores its id.
 * @throws HttpError 404 (no such deposit of the buyer), 409 (booking closed, not awaiting a
 *   card); PaymentProviderError.
 */
export async function createHold(app: FastifyInstance, orderId: string, buyerId: string) {
  const found = await findDeposit(app.db, orderId, { buyerId });
  if (!found) throw httpError(404, 'No deposit found for this order');
  if (closed(found)) throw httpError(409, 'This booking is closed; no deposit can be held');
  if (found.deposit.state !== 'awaiting_card') throw conflict(found.deposit.state);
  const intent = await app.payments.createHold({
    depositId: found.deposit.id,
    orderId,
    productId: found.productId,
    amountCents: found.deposit.amountCents,
  });
  await app.db
    .update(deposits)
    .set({ intentId: intent.id, updatedAt: new Date() })
    .where(and(eq(deposits.id, found.deposit.id), eq(deposits.state, 'awaiting_card')));
  return { clientSecret: intent.clientSecret, amountCents: found.deposit.amountCents };
}

/**
 * `awaiting_card → held` once the provider reports the intent authorised (`requires_capture`)
 * for this order, amount and usd. Idempotent.
 * @throws HttpError 409 while it is not authorised; PaymentProviderError.
 */
export async function markHeld(
  app: FastifyInstance,
  deposit: DepositRow,
  actor: Actor,
): Promise<{ changed: boolean }> {
  if (deposit.state === 'held') return { changed: false };
  if (deposit.state !== 'awaiting_card') throw conflict(deposit.state);
  if (!deposit.intentId) throw httpError(409, 'The deposit has no card hold yet');
  const intent = await app.payments.retrieveIntent(deposit.intentId);
  if (
    !intent ||
    intent.kind !== 'deposit' ||
    intent.orderId !== deposit.orderId ||
    intent.amountCents !== deposit.amountCents ||
    intent.currency !== 'usd'
  ) {
    throw httpError(409, 'The card hold does not match this deposit');
  }
  if (intent.status !== 'requires_capture') {
    throw httpError(409, 'The card has not authorised the deposit yet');
  }
  const changed = await app.db.transaction(async (tx) => {
    const [done] = await tx
      .update(deposits)
      .set({ state: 'held', heldAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(deposits.id, deposit.id),
          eq(deposits.state, 'awaiting_card'),
          eq(deposits.intentId, intent.id),
        ),
      )
      .returning();
    if (!done) return false;
    await record(tx, deposit.id, 'awaiting_card', 'held', actor);
    return true;
  });
  if (!changed) {
    const current = await load(app.db, deposit.id);
    if (current.state !== 'held') throw conflict(current.state);
  }
  return { changed };
}

/**
 * The buyer disputes a capture within 7 days of it (`captured → disputed`).
 * @throws HttpError 409 after the window or in another state.
 */
export async function dispute(
  app: FastifyInstance,
  deposit: DepositRow,
  actor: Actor,
  reason: string,
): Promise<{ changed: boolean }> {
  const now = new Date();
  const changed = await app.db.transaction(async (tx) => {
    const [done] = await tx
      .update(deposits)
      .set({ state: 'disputed', disputedAt: now, disputeReason: reason, updatedAt: now })
      .where(
        and(
          eq(deposits.id, deposit.id),
          eq(deposits.state, 'captured'),
          sql`${deposits.capturedAt} > ${new Date(now.getTime() - depositDisputeWindowMs)}`,
        ),
      )
      .returning();
    if (!done) return false;
    await record(tx, deposit.id, 'captured', 'disputed', actor, reason);
    return true;
  });
  if (changed) return { changed };
  const current = await load(app.db, deposit.id);
  if (current.state === 'disputed') return { changed: false };
  if (current.state === 'captured') {
    throw httpError(409, 'The 7 days to dispute this deposit have passed');
  }
  throw conflict(current.state);
}

/**
 * The admin's decision on a disputed deposit: `refund` (through the provider) or `keep`; each
 * audit-logged (`deposit.refund`, `deposit.keep`, target the order) with the transition.
 */
export async function decide(
  app: FastifyInstance,
  deposit: DepositRow,
  admin: Actor & { id: string },
  decision: 'refund' | 'keep',
  note: string | null,
): Promise<{ changed: boolean }> {
  const audit = (tx: Transaction) =>
    tx.insert(auditLog).values({
      actorId: admin.id,
      action: `deposit.${decision}`,
      targetType: 'order',
      targetId: deposit.orderId,
      details: { depositId: deposit.id, amountCents: deposit.amountCents, note },
    });
  if (decision === 'refund') {
    return runMove(app, deposit.id, 'refund', admin, { note, onClaim: audit });
  }
  const changed = await app.db.transaction(async (tx) => {
    const [done] = await tx
      .update(deposits)
      .set({ state: 'kept', decisionNote: note, updatedAt: new Date() })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.state, 'disputed')))
      .returning();
    if (!done) return false;
    await record(tx, deposit.id, 'disputed', 'kept', admin, note);
    await audit(tx);
    await queueDepositMail(app, tx, done);
    return true;
  });
  if (changed) return { changed };
  const current = await load(app.db, deposit.id);
  if (current.state === 'kept') return { changed: false };
  throw conflict(current.state);
}

/**
 * What the system does with one deposit at `now` (the reconcile step; idempotent):
 * - a pending provider transition older than a minute (a crash, a provider outage) is finished;
 * - awaiting a card on a closed booking: the unconfirmed intent is canceled, the deposit `void`;
 * - awaiting a card whose intent is authorised (the buyer's page closed before confirming): held;
 * - held on a closed or paid booking, or held for 6 days (before the 7-day authorisation window
 *   ends): released.
 */
export async function settleDeposit(app: FastifyInstance, depositId: string, now: Date) {
  try {
    await settle(app, depositId, now);
  } finally {
    // My Orders shows the deposit's state: its cached copies must go (plugins/private-cache.ts).
    app.privateCache.invalidate();
  }
}

/** settleDeposit without the invalidation (the sweep invalidates once for all). */
async function settle(app: FastifyInstance, depositId: string, now: Date) {
  const [found] = await app.db
    .select({
      deposit: deposits,
      paid: orders.paid,
      declinedAt: orders.declinedAt,
      cancelledAt: orders.cancelledAt,
    })
    .from(deposits)
    .innerJoin(orders, eq(orders.id, deposits.orderId))
    .where(eq(deposits.id, depositId));
  if (!found) return;
  const { deposit } = found;
  const pendingMove = moveOfPending[deposit.state];
  if (pendingMove) {
    await runMove(app, deposit.id, pendingMove, system);
    return;
  }
  if (deposit.state === 'awaiting_card') {
    if (closed(found)) {
      if (deposit.intentId) await app.payments.cancelHold(deposit.intentId);
      await app.db.transaction(async (tx) => {
        const [done] = await tx
          .update(deposits)
          .set({ state: 'void', updatedAt: now })
          .where(and(eq(deposits.id, deposit.id), eq(deposits.state, 'awaiting_card')))
          .returning();
        if (done) await record(tx, deposit.id, 'awaiting_card', 'void', system);
      });
      return;
    }
    if (deposit.intentId) {
      const intent = await app.payments.retrieveIntent(deposit.intentId);
      if (intent?.status === 'requires_capture') await markHeld(app, deposit, system);
    }
    return;
  }
  if (deposit.state === 'held') {
    const expired =
      deposit.heldAt !== null && now.getTime() - deposit.heldAt.getTime() >= depositAutoReleaseMs;
    if (expired || closed(found)) {
      await runMove(app, deposit.id, 'release', system, {
        note: expired ? 'released automatically after 6 days' : 'the booking closed',
      });
    }
  }
}

/**
 * The reconcile sweep (job `deposit-sweep`): settles every deposit that may need the system at
 * `now` — pending transitions untouched for a minute, held ones past 6 days or on closed/paid
 * bookings, ones awaiting a card that have an intent. One failure does not stop the others.
 * @returns how many deposits were looked at and how many failed (logged).
 * @throws Error after the sweep when any failed, so the job is retried.
 */
export async function sweepDeposits(app: FastifyInstance, now: Date) {
  const minuteAgo = new Date(now.getTime() - 60_000);
  const releaseBefore = new Date(now.getTime() - depositAutoReleaseMs);
  const candidates = await app.db
    .select({ id: deposits.id })
    .from(deposits)
    .innerJoin(orders, eq(orders.id, deposits.orderId))
    .where(
      or(
        and(
          inArray(
            deposits.state,
            depositStatesWhere((state) => state.pending),
          ),
          lt(deposits.updatedAt, minuteAgo),
        ),
        and(
          eq(deposits.state, 'held'),
          or(
            lt(deposits.heldAt, releaseBefore),
            eq(orders.paid, true),
            isNotNull(orders.declinedAt),
            isNotNull(orders.cancelledAt),
          ),
        ),
        and(eq(deposits.state, 'awaiting_card'), isNotNull(deposits.intentId)),
        and(
          eq(deposits.state, 'awaiting_card'),
          or(isNotNull(orders.declinedAt), isNotNull(orders.cancelledAt)),
        ),
      ),
    )
    .orderBy(asc(deposits.updatedAt))
    .limit(500);
  let failed = 0;
  for (const { id } of candidates) {
    try {
      await settle(app, id, now);
    } catch (error) {
      failed += 1;
      app.log.warn({ err: error, deposit: id }, 'deposit could not be settled');
    }
  }
  if (candidates.length > 0) app.privateCache.invalidate();
  if (failed > 0)
    throw new Error(`${failed} of ${candidates.length} deposits could not be settled`);
  return { looked: candidates.length, failed };
}
