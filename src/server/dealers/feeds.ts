/**
 * Dealer feeds (decision 0046; docs/features.md "Dealers"): when a feed is due (`feedIsDue`) and
 * when it runs next (`nextFeedRun`, shown with the feed), and the hourly `dealer-feeds` job that
 * imports every due feed as an upload is (`runDealerFeeds`, through inventory.ts `runImport`).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dealerFeeds, users } from '../db/schema.js';
import { OutboundError } from '../lib/outbound.js';
import {
  FEED_TIMEOUT_MS,
  INVENTORY_MAX_BYTES,
  InventoryFileError,
  parseInventory,
  runImport,
} from './inventory.js';

/** Minute of every hour at which the `dealer-feeds` job runs (its cron, UTC). */
const FEED_JOB_MINUTE = 17;
/**
 * A feed counts as due this much before its interval has passed, so that the run an interval
 * later is not skipped because the job started a few seconds or minutes earlier than last time.
 */
const FEED_DUE_SLACK_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;

/** Whether a feed last run at `lastRunAt` (its start) is due at `now`, every `intervalHours`. */
export function feedIsDue(lastRunAt: Date | null, intervalHours: number, now: Date): boolean {
  return (
    lastRunAt === null ||
    now.getTime() - lastRunAt.getTime() >= intervalHours * HOUR_MS - FEED_DUE_SLACK_MS
  );
}

/**
 * The first hourly run of the `dealer-feeds` job (minute FEED_JOB_MINUTE, UTC) at which a feed
 * last run at `lastRunAt` is due again, not before `now`.
 */
export function nextFeedRun(lastRunAt: Date | null, intervalHours: number, now: Date): Date {
  const dueFrom = lastRunAt
    ? Math.max(now.getTime(), lastRunAt.getTime() + intervalHours * HOUR_MS - FEED_DUE_SLACK_MS)
    : now.getTime();
  const next = new Date(dueFrom);
  next.setUTCMinutes(FEED_JOB_MINUTE, 0, 0);
  if (next.getTime() < dueFrom) next.setTime(next.getTime() + HOUR_MS);
  return next;
}

/** Queue name of the hourly feed import. */
export const dealerFeedsJob = 'dealer-feeds';

/**
 * Imports the business sellers' feeds that are due (`feedIsDue`: never run, or their
 * `interval_hours` passed since their last run started), or every feed with `{ all: true }`:
 * each fetched through `app.outbound` (the server's outbound rules, FEED_TIMEOUT_MS,
 * INVENTORY_MAX_BYTES), then imported as an upload is. `last_run_at` is the run's start; a feed
 * that cannot be fetched or read keeps its error in `last_error` and changes nothing.
 * @returns how many feeds were imported.
 */
export async function runDealerFeeds(
  app: FastifyInstance,
  options: { all?: boolean } = {},
): Promise<number> {
  const feeds = await app.db
    .select({ feed: dealerFeeds, seller: users })
    .from(dealerFeeds)
    .innerJoin(users, eq(users.id, dealerFeeds.sellerId))
    .where(and(isNull(users.deletedAt), eq(users.sellerType, 'business')));
  let imported = 0;
  for (const { feed, seller } of feeds) {
    const startedAt = new Date();
    if (!options.all && !feedIsDue(feed.lastRunAt, feed.intervalHours, startedAt)) continue;
    let lastError: string | null = null;
    let lastImportId: string | null = feed.lastImportId;
    try {
      const response = await app.outbound.request(feed.url, {
        timeoutMs: FEED_TIMEOUT_MS,
        maxBytes: INVENTORY_MAX_BYTES,
      });
      if (response.status !== 200)
        throw new InventoryFileError(`The feed answered ${response.status}`);
      const report = await runImport(
        app,
        {
          sellerId: seller.id,
          trader: seller.trader!,
          mode: feed.mode,
          dryRun: false,
          source: 'feed',
          uploaderUid: seller.uid,
        },
        parseInventory(response.body),
      );
      lastImportId = report.import_id;
      imported += 1;
    } catch (error) {
      if (!(error instanceof InventoryFileError) && !(error instanceof OutboundError)) throw error;
      lastError = error.message;
    }
    await app.db
      .update(dealerFeeds)
      .set({ lastRunAt: startedAt, lastError, lastImportId })
      .where(eq(dealerFeeds.sellerId, seller.id));
  }
  return imported;
}

/** Defines the hourly `dealer-feeds` job (docs/jobs.md). */
export const dealerFeedsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define({
      name: dealerFeedsJob,
      schedule: `${FEED_JOB_MINUTE} * * * *`,
      retryLimit: 1,
      handler: async () => {
        const imported = await runDealerFeeds(app);
        if (imported > 0) app.log.info({ imported }, 'dealer feeds imported');
      },
    });
  },
  { name: 'dealer-feeds', dependencies: ['jobs', 'database', 'image-store', 'invalidation'] },
);
