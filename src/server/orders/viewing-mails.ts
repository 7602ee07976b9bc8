/**
 * The viewing mails (decision 0034): when one side proposes a time, the other side gets it to
 * confirm; when a viewing is confirmed, each side gets the time, the place and the other side's
 * phone with an iCalendar invitation (RFC 5545, made with ical-generator; its UID is stable per
 * booking, so a later time updates the same calendar entry); two hours before, each side gets a
 * reminder. Kind `viewing` (decision 0049), mail and push alike, so a user who turned it off gets
 * none of them. Times are in each reader's own time zone, and the mail says which
 * (`notifications/time-zone.ts`). Each mail's key names the order, the event, the time and the
 * side: a retried job or a repeated confirmation sends it once.
 */
import { eq } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { FastifyInstance } from 'fastify';
import { paths } from '#contract/spa-paths.js';
import { orders } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { renderMail } from '../notifications/layout.js';
import { wantsMail } from '../notifications/preferences.js';
import { formatMailTime, readerZone, zoneNote } from '../notifications/time-zone.js';

/** How long a viewing is put in the calendar for (ms). */
export const viewingDurationMs = 30 * 60 * 1000;

/**
 * The iCalendar text of a booking's viewing (RFC 5545, METHOD:PUBLISH: an entry to add, not a
 * meeting request that expects a reply). UID `viewing-<orderId>@second-gear`; SEQUENCE rises
 * with each confirmation, so a calendar replaces the entry when the time changes.
 */
export function viewingCalendar(input: {
  orderId: string;
  at: Date;
  productName: string;
  meetingLocation: string;
  description: string;
  url: string;
  sequence: number;
}): string {
  const calendar = ical({
    name: 'Second Gear',
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'Second Gear', product: 'marketplace' },
  });
  calendar.createEvent({
    id: `viewing-${input.orderId}@second-gear`,
    sequence: input.sequence,
    start: input.at,
    end: new Date(input.at.getTime() + viewingDurationMs),
    summary: `Viewing: ${input.productName}`,
    location: input.meetingLocation,
    description: input.description,
    url: input.url,
  });
  return calendar.toString();
}

/** What happened to a booking's viewing. */
export type ViewingEvent = 'proposed' | 'confirmed' | 'reminder';

/**
 * Queues the mail and push of `event` for order `orderId`'s viewing at `at`, in `tx`: to both
 * sides, or only to side `only` (a proposal goes to the side that did not propose).
 * @returns how many mails were queued (a side that turned `viewing` mails off gets none).
 */
export async function notifyViewing(
  app: FastifyInstance,
  tx: Executor,
  event: ViewingEvent,
  orderId: string,
  at: Date,
  only?: 'buyer' | 'seller',
): Promise<number> {
  const [order] = await tx
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      productName: orders.productName,
      meetingLocation: orders.meetingLocation,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      sellerName: orders.sellerName,
      sellerEmail: orders.sellerEmail,
      sellerPhone: orders.sellerPhone,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return 0;
  const { publicUrl } = app.config;
  const sides = [
    {
      side: 'buyer' as const,
      userId: order.buyerId,
      to: order.customerEmail,
      name: order.customerName,
      other: { role: 'Seller', name: order.sellerName, phone: order.sellerPhone },
      page: `${publicUrl}${paths.buyerOrders.href()}`,
    },
    {
      side: 'seller' as const,
      userId: order.sellerId,
      to: order.sellerEmail,
      name: order.sellerName,
      other: { role: 'Buyer', name: order.customerName, phone: order.customerPhone },
      page: `${publicUrl}${paths.sellerBookings.href()}`,
    },
  ];
  const texts: Record<
    ViewingEvent,
    { title: string; lead: string; subject: (when: string) => string }
  > = {
    proposed: {
      title: `Viewing proposed: ${order.productName}`,
      lead: `A viewing of ${order.productName} is proposed. Confirm it or propose another time.`,
      subject: (when) => `Viewing proposed: ${order.productName}, ${when}`,
    },
    confirmed: {
      title: `Viewing confirmed: ${order.productName}`,
      lead: `The viewing of ${order.productName} is confirmed.`,
      subject: (when) => `Viewing confirmed: ${order.productName}, ${when}`,
    },
    reminder: {
      title: `Viewing in two hours: ${order.productName}`,
      lead: `The viewing of ${order.productName} starts in two hours.`,
      subject: () => `Reminder: viewing of ${order.productName} in two hours`,
    },
  };
  const text = texts[event];
  let queued = 0;
  for (const reader of sides) {
    if (only && reader.side !== only) continue;
    const zone = await readerZone(tx, reader.userId);
    const when = formatMailTime(at, zone);
    await app.push.notify(tx, reader.userId, {
      kind: 'viewing',
      title: text.title,
      body:
        event === 'proposed'
          ? `${when}. Confirm it or propose another time.`
          : `${when}, ${order.meetingLocation}`,
      url: reader.page.slice(publicUrl.length),
      tag: `viewing:${order.id}`,
    });
    if (!(await wantsMail(tx, reader.userId, 'viewing'))) continue;
    const subject = text.subject(when);
    const content = renderMail({
      greeting: `Hello ${reader.name},`,
      blocks: [
        text.lead,
        {
          facts: [
            ['When', when],
            ['Where', order.meetingLocation],
            [reader.other.role, reader.other.name],
            ['Phone', reader.other.phone],
          ],
        },
        zoneNote(zone, publicUrl) +
          (event === 'confirmed' ? " The invitation shows the time in your calendar's zone." : ''),
      ],
      action: { label: 'See the booking', url: reader.page },
      footer: {
        reason: 'You get this because you arranged a viewing on Second Gear.',
        unsubscribe: {
          label: 'Stop e-mails about viewings',
          url: app.unsubscribe.pageUrl(reader.userId, 'viewing'),
        },
      },
    });
    await app.mail.enqueue(
      {
        key: `order:${order.id}:viewing-${event}:${at.toISOString()}:${reader.side}`,
        to: reader.to,
        subject,
        ...content,
        unsubscribeUrl: app.unsubscribe.url(reader.userId, 'viewing'),
        ...(event === 'confirmed'
          ? {
              calendar: {
                filename: 'viewing.ics',
                method: 'PUBLISH' as const,
                content: viewingCalendar({
                  orderId: order.id,
                  at,
                  productName: order.productName,
                  meetingLocation: order.meetingLocation,
                  description: `${reader.other.role}: ${reader.other.name}, ${reader.other.phone}`,
                  url: reader.page,
                  sequence: Math.floor(Date.now() / 1000),
                }),
              },
            }
          : {}),
      },
      { tx },
    );
    queued += 1;
  }
  return queued;
}
