/**
 * A buyer's booking caps: a booking shows the buyer the seller's phone and
 * e-mail (docs/product.md §3 Order seller_info), so an account that books everything harvests every
 * seller's contact details. A buyer may hold BOOKING_OPEN_MAX open bookings at once (unpaid, not
 * declined or cancelled, of a listing still for sale: a listing sold to someone else or removed no longer counts) and
 * make BOOKING_DAILY_MAX new bookings per rolling 24 hours. Checked inside the booking's
 * transaction after locking the buyer's row, so parallel bookings cannot overshoot.
 */
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { orders, products } from '../db/schema.js';
import { httpError } from '../lib/http-error.js';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The refusal messages (429). */
export const bookingQuotaMessages = {
  open: (max: number) =>
    `You already have ${max} unpaid bookings. Pay for one of them before booking another product.`,
  daily: (max: number) => `You can book at most ${max} products a day. Please try again tomorrow.`,
};

/**
 * Refuses a new booking when the buyer is at a cap.
 * @throws HttpError 429 naming the cap.
 */
export async function assertBookingAllowed(
  tx: Executor,
  buyerId: string,
  caps: Config['bookings'],
): Promise<void> {
  const [open] = await tx
    .select({ n: count() })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.buyerId, buyerId),
        eq(orders.paid, false),
        isNull(orders.declinedAt),
        isNull(orders.cancelledAt),
        eq(products.sold, false),
        isNull(products.deletedAt),
      ),
    );
  if ((open?.n ?? 0) >= caps.openMax) throw httpError(429, bookingQuotaMessages.open(caps.openMax));
  const [today] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(eq(orders.buyerId, buyerId), gt(orders.createdAt, sql`now() - interval '24 hours'`)),
    );
  if ((today?.n ?? 0) >= caps.dailyMax) {
    throw httpError(429, bookingQuotaMessages.daily(caps.dailyMax));
  }
}
