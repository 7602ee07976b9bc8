/**
 * The offer mails (decision 0034), queued in the transaction of the change that causes them: a
 * new offer → the seller; a counter, an acceptance or a decline by the seller → the buyer; the
 * buyer's acceptance, decline or withdrawal → the seller; an offer that lapsed → the side that
 * waited for an answer. All of kind `offer` (decision 0049), mail and push alike. Each offer
 * reaches each state once, so the key `offer:<id>:<event>` makes a retried job send once.
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { centsToDollars, formatDollars } from '#contract/index.js';
import { paths } from '#contract/spa-paths.js';
import { offers, products, users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { renderMail } from '../notifications/layout.js';
import { wantsMail } from '../notifications/preferences.js';

/** What happened to the offer. */
export type OfferEvent = 'made' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired';

const buyer = alias(users, 'offer_mail_buyer');
const seller = alias(users, 'offer_mail_seller');
const price = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * Queues the mail of `event` on offer `offerId` to the side that did not act, in `tx`.
 * @returns the job id, or null when the reader turned the kind off.
 */
export async function notifyOffer(
  app: FastifyInstance,
  tx: Executor,
  offerId: string,
  event: OfferEvent,
): Promise<string | null> {
  const [offer] = await tx
    .select({
      id: offers.id,
      status: offers.status,
      amountCents: offers.amountCents,
      counterCents: offers.counterAmountCents,
      productName: products.productName,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
      buyerName: buyer.displayName,
      buyerEmail: buyer.email,
      sellerName: seller.displayName,
      sellerEmail: seller.email,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(buyer, eq(buyer.id, offers.buyerId))
    .innerJoin(seller, eq(seller.id, offers.sellerId))
    .where(eq(offers.id, offerId));
  if (!offer) return null;
  // Who acted: the buyer made, withdrew, or answered a counter; the seller answered an offer.
  // An expiry tells the side that waited: the buyer for an offer, the seller for a counter.
  const buyerActed =
    event === 'made' ||
    event === 'withdrawn' ||
    (offer.counterCents !== null && event !== 'countered');
  const toSeller = buyerActed;
  const kind = 'offer';
  const reader = toSeller
    ? { id: offer.sellerId, name: offer.sellerName, email: offer.sellerEmail }
    : { id: offer.buyerId, name: offer.buyerName, email: offer.buyerEmail };
  const { publicUrl } = app.config;
  const pagePath = (toSeller ? paths.sellerOffers : paths.buyerOffers).href();
  const page = `${publicUrl}${pagePath}`;
  const amount = price(offer.amountCents);
  const counter = offer.counterCents === null ? null : price(offer.counterCents);
  const lines: Record<OfferEvent, { subject: string; text: string }> = {
    made: {
      subject: `New offer on ${offer.productName}: ${amount}`,
      text: `${offer.buyerName} offered ${amount} for ${offer.productName}. Accept, decline or counter it within 48 hours.`,
    },
    countered: {
      subject: `Counter-offer on ${offer.productName}: ${counter}`,
      text: `${offer.sellerName} answered your offer of ${amount} with ${counter}. Accept or decline it within 48 hours.`,
    },
    accepted: {
      subject: `Offer accepted: ${offer.productName}`,
      text: toSeller
        ? `${offer.buyerName} accepted your counter-offer of ${counter} for ${offer.productName}. The order waits for their payment.`
        : `${offer.sellerName} accepted your offer of ${amount} for ${offer.productName}. Pay it from My Orders.`,
    },
    declined: {
      subject: `Offer declined: ${offer.productName}`,
      text: toSeller
        ? `${offer.buyerName} declined your counter-offer of ${counter} for ${offer.productName}.`
        : `${offer.sellerName} declined your offer of ${amount} for ${offer.productName}.`,
    },
    withdrawn: {
      subject: `Offer withdrawn: ${offer.productName}`,
      text: `${offer.buyerName} withdrew their offer of ${amount} for ${offer.productName}.`,
    },
    expired: {
      subject: `Offer expired: ${offer.productName}`,
      text: toSeller
        ? `${offer.buyerName} did not answer your counter-offer of ${counter} for ${offer.productName} within 48 hours, so it expired.`
        : `${offer.sellerName} did not answer your offer of ${amount} for ${offer.productName} within 48 hours, so it expired. You may make a new one.`,
    },
  };
  const line = lines[event];
  await app.push.notify(tx, reader.id, {
    kind: 'offer',
    title: line.subject,
    body: line.text,
    url: pagePath,
    tag: `offer:${offer.id}`,
  });
  if (!(await wantsMail(tx, reader.id, kind))) return null;
  return app.mail.enqueue(
    {
      key: `offer:${offer.id}:${event}`,
      to: reader.email,
      subject: line.subject,
      ...renderMail({
        greeting: `Hello ${reader.name},`,
        blocks: [line.text],
        action: { label: toSeller ? 'Offers on your listings' : 'Your offers', url: page },
        footer: {
          reason: 'You get this because of an offer on a listing on Second Gear.',
          unsubscribe: {
            label: 'Stop e-mails about offers',
            url: app.unsubscribe.pageUrl(reader.id, kind),
          },
        },
      }),
      unsubscribeUrl: app.unsubscribe.url(reader.id, kind),
    },
    { tx },
  );
}
