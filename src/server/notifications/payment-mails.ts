/**
 * The mails of a payment: a receipt to the buyer (product, amount, transaction id,
 * date) and a sale notice to the seller (who paid, how to hand the car over). Both are queued by
 * `queuePaymentMails` in the transaction that records the payment (src/server/payments/sale.ts
 * `completeSaleIn`, called with it as `onRecorded` by `POST /api/payments`, the sandbox's confirm
 * step and Stripe's webhook alike), and only when that transaction created the payment record —
 * a replayed webhook or a retried call finds the record and queues nothing. Their keys
 * `payment:<transaction id>:receipt` and `payment:<transaction id>:sale` make a retried
 * `send-mail` job send each once.
 *
 * Kind `payment` cannot be turned off (decision 0018: a receipt is part of the payment), so these
 * mails carry no unsubscribe link; they are skipped only for a deleted account.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { centsToDollars, formatDollars } from '../../contract/index.js';
import { paths } from '../../contract/spa-paths.js';
import { orderPayments, orders, payments } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { renderMail } from './layout.js';
import { wantsMail } from './preferences.js';
import { readerZone, unknownZone, zoneNote, type ReaderZone } from './time-zone.js';

/** A payment just recorded: its order, the provider's transaction id, our record. */
export interface RecordedPayment {
  orderId: string;
  transactionId: string;
  paymentId: string;
}

/**
 * "23 November 2026, 14:05 UTC" or "23 November 2026, 08:05 CST": a moment in the reader's zone
 * (decision 0049), with the zone's abbreviation or offset; UTC when the zone is unknown.
 */
export function formatMailDate(date: Date, reader: ReaderZone = unknownZone): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: reader.zone,
  }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: reader.zone,
  }).format(date);
  const zoneName =
    reader.zone === 'UTC'
      ? 'UTC'
      : (new Intl.DateTimeFormat('en-US', { timeZone: reader.zone, timeZoneName: 'short' })
          .formatToParts(date)
          .find((part) => part.type === 'timeZoneName')?.value ?? reader.zone);
  return `${day}, ${time} ${zoneName}`;
}

/**
 * Queues the receipt and the seller's notice of `payment` in `tx`.
 * @returns the job ids queued (none for a deleted account).
 * @throws Error when the payment or its order does not exist in `tx` (a caller's bug).
 */
export async function queuePaymentMails(
  app: FastifyInstance,
  tx: Executor,
  payment: RecordedPayment,
): Promise<string[]> {
  const [row] = await tx
    .select({
      productId: orders.productId,
      productName: orders.productName,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      meetingLocation: orders.meetingLocation,
      sellerName: orders.sellerName,
      sellerEmail: orders.sellerEmail,
      sellerPhone: orders.sellerPhone,
      priceCents: payments.priceCents,
      paidAt: payments.createdAt,
      handoverCode: orderPayments.handoverCode,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(orderPayments, eq(orderPayments.orderId, payments.orderId))
    .where(eq(payments.id, payment.paymentId));
  if (!row) throw new Error(`payment ${payment.paymentId} was not found`);
  const { publicUrl } = app.config;
  const amount = formatDollars(centsToDollars(row.priceCents));
  const buyerZone = await readerZone(tx, row.buyerId);
  const sellerZone = await readerZone(tx, row.sellerId);
  const jobs: string[] = [];

  if (await wantsMail(tx, row.buyerId, 'payment')) {
    jobs.push(
      await app.mail.enqueue(
        {
          key: `payment:${payment.transactionId}:receipt`,
          to: row.customerEmail,
          subject: `Receipt: ${row.productName}, ${amount}`,
          ...renderMail({
            greeting: `Hello ${row.customerName},`,
            blocks: [
              `Thank you for your payment. This is your receipt.`,
              {
                facts: [
                  ['Product', row.productName],
                  ['Amount', `${amount} (USD)`],
                  ['Transaction id', payment.transactionId],
                  ['Date', formatMailDate(row.paidAt, buyerZone)],
                  ['Seller', row.sellerName],
                  ['Seller phone', row.sellerPhone],
                  ['Seller e-mail', row.sellerEmail],
                  ...(row.handoverCode ? [['Handover code', row.handoverCode] as const] : []),
                ],
              },
              zoneNote(buyerZone, publicUrl),
              'Contact the seller to arrange the hand-over.',
              'Second Gear holds your money until the handover. Give the seller your handover code only when you have checked the car and take the keys and papers.',
            ],
            action: { label: 'Your orders', url: `${publicUrl}${paths.buyerOrders.href()}` },
            footer: {
              reason:
                'You get this receipt because you paid on Second Gear. Receipts are always sent.',
            },
          }),
        },
        { tx },
      ),
    );
  }
  if (await wantsMail(tx, row.sellerId, 'payment')) {
    jobs.push(
      await app.mail.enqueue(
        {
          key: `payment:${payment.transactionId}:sale`,
          to: row.sellerEmail,
          subject: `Sold: ${row.productName} was paid (${amount})`,
          ...renderMail({
            greeting: `Hello ${row.sellerName},`,
            blocks: [
              `${row.customerName} paid ${amount} for ${row.productName}. The listing is now sold.`,
              {
                facts: [
                  ['Product', row.productName],
                  ['Amount', `${amount} (USD)`],
                  ['Transaction id', payment.transactionId],
                  ['Date', formatMailDate(row.paidAt, sellerZone)],
                  ['Buyer', row.customerName],
                  ['Buyer phone', row.customerPhone],
                  ['Buyer e-mail', row.customerEmail],
                  ['Meeting location', row.meetingLocation],
                ],
              },
              zoneNote(sellerZone, publicUrl),
            ],
            action: { label: 'Your bookings', url: `${publicUrl}${paths.sellerBookings.href()}` },
            footer: {
              reason:
                'You get this because a buyer paid for your listing on Second Gear. Sale notices are always sent.',
            },
          }),
        },
        { tx },
      ),
    );
  }
  return jobs;
}
