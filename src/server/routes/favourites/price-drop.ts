/**
 * Price-drop e-mail (decision 0013): when a listing's resell price is lowered, every
 * watcher (favourites) gets one e-mail about that drop, queued in the edit's transaction so the
 * mail exists exactly when the new price does. Key `price-drop:<productId>:<watcherId>:
 * <newPriceCents>:<editMs>` is unique per drop and watcher (the mail job sends a key once).
 * Watchers who unsubscribed (topic `price-drop`, `users.price_drop_emails = false`) are skipped.
 */
import type { FastifyInstance } from 'fastify';
import { formatDollars, centsToDollars } from '#contract/index.js';
import type { Database } from '../../db/client.js';
import { renderMail } from '../../notifications/layout.js';
import { priceDropWatchers } from './repository.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A lowered price, as the listing edit saw it. Prices in US cents. */
export interface PriceDrop {
  productId: string;
  productName: string;
  sellerId: string;
  oldPriceCents: number;
  newPriceCents: number;
  /** When the edit happened (milliseconds since the epoch); part of the mail key. */
  editedAtMs: number;
}

/** The unsubscribe topic of price-drop mail. */
export const priceDropTopic = 'price-drop';

/**
 * Queues one mail per watcher of `drop.productId` in `tx`.
 * @returns how many mails were queued.
 */
export async function queuePriceDropMails(
  app: FastifyInstance,
  tx: Transaction,
  drop: PriceDrop,
): Promise<number> {
  if (drop.newPriceCents >= drop.oldPriceCents) return 0;
  const watchers = await priceDropWatchers(tx, drop.productId, drop.sellerId);
  const link = `${app.config.publicUrl}/listing/${drop.productId}`;
  const oldPrice = formatDollars(centsToDollars(drop.oldPriceCents));
  const newPrice = formatDollars(centsToDollars(drop.newPriceCents));
  for (const watcher of watchers) {
    const unsubscribePage = app.unsubscribe.pageUrl(watcher.id, priceDropTopic);
    await app.mail.enqueue(
      {
        key: `price-drop:${drop.productId}:${watcher.id}:${drop.newPriceCents}:${drop.editedAtMs}`,
        to: watcher.email,
        subject: `Price drop: ${drop.productName} is now ${newPrice}`,
        ...renderMail({
          greeting: `Hello ${watcher.name},`,
          blocks: [
            `${drop.productName}, one of your favourites on Second Gear, dropped from ${oldPrice} to ${newPrice}.`,
          ],
          action: { label: 'See the listing', url: link },
          footer: {
            reason: 'You get this because you saved this listing to your favourites.',
            unsubscribe: { label: 'Stop price-drop e-mails', url: unsubscribePage },
          },
        }),
        unsubscribeUrl: app.unsubscribe.url(watcher.id, priceDropTopic),
      },
      { tx },
    );
  }
  return watchers.length;
}
