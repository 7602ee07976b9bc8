/**
 * The viewing deposit's ledger for the deposit kill test (decision 0020): deposits,
 * their recorded transitions and the sandbox provider's hold intents, read straight from the
 * server's database once the server has stopped, and every way in which they disagree.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.js';
import { depositEvents, deposits, sandboxPaymentIntents } from '#server/db/schema.js';
import type { Storage } from './server.js';
import { rowsOf } from '#server/db/rows.js';

export interface DepositLedger {
  deposits: {
    id: string;
    orderId: string;
    state: string;
    amountCents: number;
    intentId: string | null;
  }[];
  events: { depositId: string; fromState: string; toState: string }[];
  /** The sandbox's hold intents (capture_method manual). */
  holds: { id: string; orderId: string; status: string; amountCents: number; refunded: number }[];
  /** The `deposit-settle` jobs (queued when a booking closes) by pg-boss state. */
  settleJobs: Record<string, number>;
}

/** Opens the storage's database (PGlite in DATA_DIR/db, or the PostgreSQL database) and reads. */
export async function readDepositLedger(storage: Storage): Promise<DepositLedger> {
  const handle = storage.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: storage.databaseUrl }, { poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dir: path.join(storage.dataDir, 'db') });
  try {
    const { db } = handle;
    const intents = await db
      .select({
        id: sandboxPaymentIntents.id,
        orderId: sandboxPaymentIntents.orderId,
        status: sandboxPaymentIntents.status,
        amountCents: sandboxPaymentIntents.amountCents,
        refunded: sandboxPaymentIntents.refundedCents,
        captureMethod: sandboxPaymentIntents.captureMethod,
      })
      .from(sandboxPaymentIntents);
    const jobs = await db.execute(
      sql`select state, count(*)::int as n from pgboss.job where name = 'deposit-settle' group by state`,
    );
    return {
      settleJobs: Object.fromEntries(
        rowsOf<{ state: string; n: number }>(jobs).map((row) => [row.state, row.n]),
      ),
      deposits: await db
        .select({
          id: deposits.id,
          orderId: deposits.orderId,
          state: deposits.state,
          amountCents: deposits.amountCents,
          intentId: deposits.intentId,
        })
        .from(deposits),
      events: await db
        .select({
          depositId: depositEvents.depositId,
          fromState: depositEvents.fromState,
          toState: depositEvents.toState,
        })
        .from(depositEvents),
      holds: intents
        .filter((intent) => intent.captureMethod === 'manual')
        .map(({ captureMethod: _manual, ...intent }) => ({
          ...intent,
          refunded: intent.refunded ?? 0,
        })),
    };
  } finally {
    await handle.close();
  }
}

/** The provider statuses a deposit's own intent may have in each settled state. */
const agreeing: Record<string, (intent: DepositLedger['holds'][number] | undefined) => boolean> = {
  awaiting_card: (i) =>
    !i || ['requires_payment_method', 'requires_confirmation'].includes(i.status),
  held: (i) => i?.status === 'requires_capture',
  released: (i) => i?.status === 'canceled',
  captured: (i) => i?.status === 'succeeded' && i.refunded === 0,
  disputed: (i) => i?.status === 'succeeded' && i.refunded === 0,
  kept: (i) => i?.status === 'succeeded' && i.refunded === 0,
  refunded: (i) => i?.status === 'succeeded' && i.refunded === i.amountCents,
  void: (i) => !i || i.status === 'canceled',
};

/** Pending states: a provider call was claimed and its final write has not happened yet. */
export const pendingStates = ['releasing', 'capturing', 'refunding'];

/**
 * Deposits "in between": a pending state, or a settled state the provider disagrees with
 * (e.g. `awaiting_card` while the card already authorised the hold). A retry or the sweep must
 * complete every one of them. @returns one sentence per such deposit.
 */
export function inBetween(ledger: DepositLedger): string[] {
  const holdById = new Map(ledger.holds.map((hold) => [hold.id, hold]));
  const found: string[] = [];
  for (const deposit of ledger.deposits) {
    const intent = deposit.intentId ? holdById.get(deposit.intentId) : undefined;
    if (pendingStates.includes(deposit.state)) {
      found.push(`deposit ${deposit.id} is ${deposit.state} (intent ${intent?.status})`);
    } else if (!agreeing[deposit.state]?.(intent)) {
      found.push(`deposit ${deposit.id} is ${deposit.state} but its intent is ${intent?.status}`);
    }
  }
  return found;
}

/**
 * Every broken invariant that no retry may leave behind, as a sentence; empty when consistent:
 * - the recorded transitions of each deposit form one path from `awaiting_card` to its state,
 *   no transition recorded twice (the machine never revisits a state);
 * - every intent belongs to the deposit of its order, and no hold other than the deposit's own
 *   intent is authorised or captured (money held or taken without a record);
 * - the amounts of deposit and intent agree.
 */
export function depositProblems(ledger: DepositLedger): string[] {
  const problems: string[] = [];
  const depositByOrder = new Map(ledger.deposits.map((d) => [d.orderId, d]));
  const eventsOf = new Map<string, DepositLedger['events']>();
  for (const event of ledger.events) {
    const list = eventsOf.get(event.depositId) ?? [];
    list.push(event);
    eventsOf.set(event.depositId, list);
  }
  for (const deposit of ledger.deposits) {
    const events = eventsOf.get(deposit.id) ?? [];
    const next = new Map<string, string>();
    for (const event of events) {
      if (next.has(event.fromState)) {
        problems.push(
          `deposit ${deposit.id}: two transitions recorded from ${event.fromState} ` +
            `(to ${next.get(event.fromState)} and ${event.toState})`,
        );
      }
      next.set(event.fromState, event.toState);
    }
    // Walk the path from the first state; it must use every event and end at the state.
    let at = 'awaiting_card';
    let steps = 0;
    while (next.has(at) && steps <= events.length) {
      at = next.get(at)!;
      steps += 1;
    }
    if (at !== deposit.state || steps !== events.length) {
      problems.push(
        `deposit ${deposit.id} is ${deposit.state} but its events ` +
          `(${events.map((e) => `${e.fromState}>${e.toState}`).join(', ')}) do not lead there`,
      );
    }
  }
  for (const hold of ledger.holds) {
    const deposit = depositByOrder.get(hold.orderId);
    if (!deposit) {
      problems.push(`hold ${hold.id} belongs to no deposit`);
      continue;
    }
    if (deposit.intentId === hold.id) {
      if (hold.amountCents !== deposit.amountCents) {
        problems.push(`hold ${hold.id} is of another amount than deposit ${deposit.id}`);
      }
    } else if (['requires_capture', 'succeeded'].includes(hold.status)) {
      problems.push(`hold ${hold.id} is ${hold.status} but not deposit ${deposit.id}'s intent`);
    }
  }
  return problems;
}
