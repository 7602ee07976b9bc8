/**
 * The booking mails (new booking, declined, cancelled), queued in the transaction of the action that causes them (the
 * `send-mail` job, docs/jobs.md), each with a key unique to the event so a retried job or a
 * repeated call sends it once:
 * - a new booking → the seller: product, buyer's name, phone and meeting location
 *   (`order:<id>:booked`, kind `booking`);
 * - a declined booking → the buyer, with the seller's message (`order:<id>:declined`, kind
 *   `order-update`);
 * - a cancelled booking → the seller (`order:<id>:cancelled`, kind `order-update`).
 * Each has a plain-text and an HTML part (src/server/notifications/layout.ts), links back to the
 * page where the reader acts on it, and carries the one-click unsubscribe of its kind (header and
 * body). A recipient who turned the kind off (src/server/notifications/preferences.ts) gets
 * nothing. @returns the job id, or null when the mail was skipped.
 */
import type { FastifyInstance } from 'fastify';
import { centsToDollars, formatDollars } from '#contract/index.js';
import { paths } from '#contract/spa-paths.js';
import type { Executor } from '../jobs/queue.js';
import { renderMail, type MailContent } from '../notifications/layout.js';
import { wantsMail } from '../notifications/preferences.js';
import type { OrderRow } from './repository.js';

/** What a booking mail needs to know about the order. */
export type NotifiedOrder = Pick<
  OrderRow,
  | 'id'
  | 'buyerId'
  | 'sellerId'
  | 'productName'
  | 'productPriceCents'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'meetingLocation'
  | 'sellerName'
  | 'sellerEmail'
  | 'declineMessage'
>;

const price = (cents: number) => formatDollars(centsToDollars(cents));

/** Queues the mail of `event` on `order` in the transaction `tx`, unless its kind is off. */
export async function notifyBooking(
  app: FastifyInstance,
  tx: Executor,
  event: 'booked' | 'declined' | 'cancelled',
  order: NotifiedOrder,
): Promise<string | null> {
  const { publicUrl } = app.config;
  const kind = event === 'booked' ? 'booking' : 'order-update';
  const toBuyer = event === 'declined';
  const recipientId = toBuyer ? order.buyerId : order.sellerId;
  if (!(await wantsMail(tx, recipientId, kind))) return null;

  const unsubscribe = {
    label:
      kind === 'booking'
        ? 'Stop e-mails about new bookings'
        : 'Stop e-mails about declined or cancelled bookings',
    url: app.unsubscribe.pageUrl(recipientId, kind),
  };
  const bookings = `${publicUrl}${paths.sellerBookings.href()}`;
  let subject: string;
  let content: MailContent;
  switch (event) {
    case 'booked':
      subject = `New booking: ${order.productName}`;
      content = {
        greeting: `Hello ${order.sellerName},`,
        blocks: [
          `${order.customerName} booked ${order.productName} (${price(order.productPriceCents)}).`,
          {
            facts: [
              ['Buyer', order.customerName],
              ['Phone', order.customerPhone],
              ['E-mail', order.customerEmail],
              ['Meeting location', order.meetingLocation],
            ],
          },
        ],
        action: { label: 'See your bookings, or decline this one', url: bookings },
        footer: {
          reason: 'You get this because a buyer booked one of your listings on Second Gear.',
          unsubscribe,
        },
      };
      break;
    case 'declined':
      subject = `Your booking of ${order.productName} was declined`;
      content = {
        greeting: `Hello ${order.customerName},`,
        blocks: [
          `${order.sellerName} declined your booking of ${order.productName}; it can no longer be paid.`,
          ...(order.declineMessage ? [{ quote: order.declineMessage, by: 'Their message' }] : []),
        ],
        action: { label: 'Your orders', url: `${publicUrl}${paths.buyerOrders.href()}` },
        footer: { reason: 'You get this because you booked a car on Second Gear.', unsubscribe },
      };
      break;
    case 'cancelled':
      subject = `Booking cancelled: ${order.productName}`;
      content = {
        greeting: `Hello ${order.sellerName},`,
        blocks: [`${order.customerName} cancelled their booking of ${order.productName}.`],
        action: { label: 'Your bookings', url: bookings },
        footer: {
          reason: 'You get this because a buyer had booked one of your listings on Second Gear.',
          unsubscribe,
        },
      };
      break;
  }
  return app.mail.enqueue(
    {
      key: `order:${order.id}:${event}`,
      to: toBuyer ? order.customerEmail : order.sellerEmail,
      subject,
      ...renderMail(content),
      unsubscribeUrl: app.unsubscribe.url(recipientId, kind),
    },
    { tx },
  );
}
