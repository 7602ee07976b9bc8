/**
 * The booking mails of issue 14, queued in the transaction of the action that causes them (the
 * `send-mail` job, docs/jobs.md), each with a key unique to the event so a retried job or a
 * repeated call sends it once:
 * - a new booking → the seller: product, buyer's name, phone and meeting location (`order:<id>:booked`);
 * - a declined booking → the buyer, with the seller's message (`order:<id>:declined`);
 * - a cancelled booking → the seller (`order:<id>:cancelled`).
 * Plain text; each links back to the page where the reader acts on it.
 */
import { centsToDollars } from '../../../contract/index.js';
import type { MailService } from '../../jobs/send-mail.js';
import type { Executor } from '../../jobs/queue.js';
import type { OrderRow } from './repository.js';

/** What a booking mail needs to know about the order. */
export type NotifiedOrder = Pick<
  OrderRow,
  | 'id'
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

const price = (cents: number) => `$${centsToDollars(cents).toLocaleString('en-US')}`;

/** Queues the mail of `event` on `order` in the transaction `tx`. */
export function notifyBooking(
  mail: MailService,
  publicUrl: string,
  tx: Executor,
  event: 'booked' | 'declined' | 'cancelled',
  order: NotifiedOrder,
): Promise<string> {
  const key = `order:${order.id}:${event}`;
  switch (event) {
    case 'booked':
      return mail.enqueue(
        {
          key,
          to: order.sellerEmail,
          subject: `New booking: ${order.productName}`,
          text: [
            `Hello ${order.sellerName},`,
            '',
            `${order.customerName} booked ${order.productName} (${price(order.productPriceCents)}).`,
            `Phone: ${order.customerPhone}`,
            `E-mail: ${order.customerEmail}`,
            `Meeting location: ${order.meetingLocation}`,
            '',
            'See all your bookings, or decline this one:',
            `${publicUrl}/user/seller/bookings`,
          ].join('\n'),
        },
        { tx },
      );
    case 'declined':
      return mail.enqueue(
        {
          key,
          to: order.customerEmail,
          subject: `Your booking of ${order.productName} was declined`,
          text: [
            `Hello ${order.customerName},`,
            '',
            `${order.sellerName} declined your booking of ${order.productName}; it can no longer be paid.`,
            ...(order.declineMessage ? ['', 'Their message:', order.declineMessage] : []),
            '',
            'Your orders:',
            `${publicUrl}/user/buyer`,
          ].join('\n'),
        },
        { tx },
      );
    case 'cancelled':
      return mail.enqueue(
        {
          key,
          to: order.sellerEmail,
          subject: `Booking cancelled: ${order.productName}`,
          text: [
            `Hello ${order.sellerName},`,
            '',
            `${order.customerName} cancelled their booking of ${order.productName}.`,
            '',
            'Your bookings:',
            `${publicUrl}/user/seller/bookings`,
          ].join('\n'),
        },
        { tx },
      );
  }
}
