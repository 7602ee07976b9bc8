/**
 * The buyer's deposit mails, queued in the transaction that finishes a transition
 * (docs/jobs.md `send-mail`), keyed `deposit:<id>:<state>` so a repeat sends nothing twice:
 * released, captured (with how to dispute), refunded and kept. Money mails, like the payment
 * receipt (decision 0018): they cannot be turned off, so they carry no unsubscribe.
 */
import type { FastifyInstance } from 'fastify';
import { centsToDollars, depositDisputeWindowMs, formatDollars } from '#contract/index.js';
import { paths } from '#contract/spa-paths.js';
import { deposits, orders } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { renderMail, type MailContent } from '../notifications/layout.js';
import { formatMailDay, readerZone } from '../notifications/time-zone.js';
import { eq } from 'drizzle-orm';

type DepositRow = typeof deposits.$inferSelect;

/** Queues the buyer's mail for the deposit's new state; null for states that send none. */
export async function queueDepositMail(
  app: FastifyInstance,
  tx: Executor,
  deposit: DepositRow,
): Promise<string | null> {
  if (!['released', 'captured', 'refunded', 'kept'].includes(deposit.state)) return null;
  const [order] = await tx
    .select({
      productName: orders.productName,
      buyerId: orders.buyerId,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      sellerName: orders.sellerName,
    })
    .from(orders)
    .where(eq(orders.id, deposit.orderId));
  if (!order) return null;
  const amount = formatDollars(centsToDollars(deposit.amountCents));
  const what = `your viewing deposit of ${amount} for ${order.productName}`;
  let subject: string;
  const blocks: MailContent['blocks'] = [];
  switch (deposit.state) {
    case 'released':
      subject = `Deposit released: ${order.productName}`;
      blocks.push(`The hold on ${what} was released; nothing was taken from your card.`);
      break;
    case 'captured': {
      const until = new Date((deposit.capturedAt ?? new Date()).getTime() + depositDisputeWindowMs);
      subject = `Deposit kept: ${order.productName}`;
      blocks.push(
        `${order.sellerName} marked that you did not come to the viewing, so ${what} was taken for the seller.`,
        `If that is wrong, dispute it in My Orders until ${formatMailDay(until, await readerZone(tx, order.buyerId))}; an admin will decide.`,
      );
      break;
    }
    case 'refunded':
      subject = `Deposit refunded: ${order.productName}`;
      blocks.push(`An admin upheld your dispute: ${what} has been refunded to your card.`);
      break;
    default:
      subject = `Dispute decided: ${order.productName}`;
      blocks.push(`An admin rejected your dispute: ${what} stays with the seller.`);
  }
  if (deposit.decisionNote && (deposit.state === 'refunded' || deposit.state === 'kept')) {
    blocks.push({ quote: deposit.decisionNote, by: 'The admin’s note' });
  }
  const content: MailContent = {
    greeting: `Hello ${order.customerName},`,
    blocks,
    action: { label: 'Your orders', url: `${app.config.publicUrl}${paths.buyerOrders.href()}` },
    footer: { reason: 'You get this because you booked a viewing on Second Gear.' },
  };
  return app.mail.enqueue(
    {
      key: `deposit:${deposit.id}:${deposit.state}`,
      to: order.customerEmail,
      subject,
      ...renderMail(content),
    },
    { tx },
  );
}
