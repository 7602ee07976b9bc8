/**
 * Price-drop e-mail (decision 0013): when a listing's resell price is lowered, every
 * watcher (favourites) gets one e-mail about that drop, queued in the edit's transaction so the
 * mail exists exactly when the new price does. Key `price-drop:<productId>:<watcherId>:
 * <newPriceCents>:<editMs>` is unique per drop and watcher (the mail job sends a key once).
 * Watchers who unsubscribed (topic `price-drop`, `users.price_drop_emails = false`) get no mail.
 * Each watcher also gets a push (kind `price-drop`, per their push switch; decision 0045). Mail
 * and push go out at most once a day per watcher and listing: the edit claims the pair's row in
 * `price_drop_alerts` with one upsert that only succeeds when the last alert is a day old.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { formatDollars, centsToDollars } from '#contract/index.js';
import type { Database } from '../db/client.js';
import { priceDropAlerts } from '../db/schema.js';
import { renderMail } from '../notifications/layout.js';
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

/** At most one price-drop alert per watcher and listing in this many seconds. */
export const priceDropAlertIntervalSeconds = 24 * 60 * 60;

/**
 * Queues one mail (when the watcher gets price-drop mail) and one push per watcher of
 * `drop.productId` in `tx`, skipping watchers alerted about this listing in the last day.
 * @returns how many mails were queued.
 */
export async function queuePriceDropMails(
  app: FastifyInstance,
  tx: Transaction,
  drop: PriceDrop,
): Promise<number> {
  if (drop.newPriceCents >= drop.oldPriceCents) return 0;
  const watchers = await priceDropWatchers(tx, drop.productId, drop.sellerId);
  const listingPath = `/listing/${drop.productId}`;
  const link = `${app.config.publicUrl}${listingPath}`;
  const oldPrice = formatDollars(centsToDollars(drop.oldPriceCents));
  const newPrice = formatDollars(centsToDollars(drop.newPriceCents));
  let mailed = 0;
  for (const watcher of watchers) {
    const [claim] = await tx
      .insert(priceDropAlerts)
      .values({ userId: watcher.id, productId: drop.productId, alertedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [priceDropAlerts.userId, priceDropAlerts.productId],
        set: { alertedAt: sql`now()` },
        setWhere: sql`${priceDropAlerts.alertedAt} <= now() - make_interval(secs => ${priceDropAlertIntervalSeconds})`,
      })
      .returning({ userId: priceDropAlerts.userId });
    if (!claim) continue;
    await app.push.notify(tx, watcher.id, {
      kind: 'price-drop',
      title: `Price drop: ${drop.productName}`,
      body: `Now ${newPrice} (was ${oldPrice})`,
      url: listingPath,
      tag: `price-drop:${drop.productId}`,
    });
    if (!watcher.wantsMail) continue;
    mailed += 1;
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
  return mailed;
}
