/**
 * `app.listingEvents`: listing views and search impressions recorded in memory on the request
 * path (no database work there) and written in batches every INSIGHTS_FLUSH_MS and when the app
 * closes (decision 0029). Views are deduplicated in the batch per listing, UTC day and visitor;
 * the database deduplicates across batches and instances (repository.ts `writeViews`).
 * Memory is bounded: past `maxPending` views or listing-days of impressions in one batch, more
 * are dropped (and counted in the log) until the next write.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { writeImpressions, writeViews, type HashedView } from './repository.js';
import { saltOf, utcDay, visitorHash } from './visitors.js';

/** Views (and listing-days of impressions) one batch holds at most. */
export const maxPending = 100_000;

export interface ListingEvents {
  /** Records one view of `productId` by `visitorId` (raw; hashed when written). */
  view(productId: string, visitorId: string, viewerUid: string | null): void;
  /** Records one impression of each listing. */
  impressions(productIds: string[]): void;
  /** Writes what is pending now (also done every INSIGHTS_FLUSH_MS and on close). */
  flush(): Promise<void>;
  /** Views and listing-days of impressions waiting to be written. */
  readonly pending: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    listingEvents: ListingEvents;
  }
}

export interface ListingEventsOptions {
  /** The clock (tests); the day of an event is its UTC day at recording. */
  now?: () => Date;
}

export const listingEventsPlugin = fp(
  async (app: FastifyInstance, options: ListingEventsOptions) => {
    const now = options.now ?? (() => new Date());
    let views = new Map<
      string,
      { productId: string; day: string; visitorId: string; viewerUid: string | null }
    >();
    let impressions = new Map<string, { productId: string; day: string; count: number }>();
    let dropped = 0;
    let running: Promise<void> | null = null;
    const salts = new Map<string, string>();

    async function saltFor(day: string): Promise<string> {
      const known = salts.get(day);
      if (known) return known;
      const salt = await saltOf(app.db, day);
      if (salts.size > 4) salts.clear();
      salts.set(day, salt);
      return salt;
    }

    async function write(): Promise<void> {
      const batchViews = views;
      const batchImpressions = impressions;
      views = new Map();
      impressions = new Map();
      if (dropped > 0) {
        app.log.warn({ dropped }, 'listing events dropped: the batch was full');
        dropped = 0;
      }
      if (batchViews.size > 0) {
        try {
          const hashed: HashedView[] = [];
          for (const view of batchViews.values()) {
            hashed.push({
              productId: view.productId,
              day: view.day,
              visitorHash: visitorHash(await saltFor(view.day), view.visitorId),
              viewerUid: view.viewerUid,
            });
          }
          await writeViews(app.db, hashed);
        } catch (error) {
          // Writing views again is harmless (unique per listing, day and visitor): keep them
          // for the next batch, within the bound.
          for (const [key, view] of batchViews) {
            if (views.size >= maxPending) break;
            if (!views.has(key)) views.set(key, view);
          }
          app.log.warn({ err: error }, 'listing views not written; retrying with the next batch');
        }
      }
      if (batchImpressions.size > 0) {
        try {
          await writeImpressions(app.db, [...batchImpressions.values()]);
        } catch (error) {
          // Not idempotent (counts are added): dropped rather than risk counting twice.
          app.log.warn({ err: error }, 'search impressions not written; dropped');
        }
      }
    }

    const events: ListingEvents = {
      view(productId, visitorId, viewerUid) {
        const day = utcDay(now());
        const key = `${productId} ${day} ${visitorId}`;
        if (views.has(key)) return;
        if (views.size >= maxPending) {
          dropped += 1;
          return;
        }
        views.set(key, { productId, day, visitorId, viewerUid });
      },
      impressions(productIds) {
        const day = utcDay(now());
        for (const productId of new Set(productIds)) {
          const key = `${productId} ${day}`;
          const known = impressions.get(key);
          if (known) known.count += 1;
          else if (impressions.size >= maxPending) dropped += 1;
          else impressions.set(key, { productId, day, count: 1 });
        }
      },
      async flush() {
        // One write at a time; a flush asked for meanwhile writes what came in after it.
        while (running) await running;
        running = write().finally(() => {
          running = null;
        });
        await running;
      },
      get pending() {
        return views.size + impressions.size;
      },
    };
    app.decorate('listingEvents', events);

    const timer = setInterval(() => {
      if (views.size + impressions.size === 0 || running) return;
      void events.flush();
    }, app.config.insights.flushMs);
    timer.unref();

    // Before the database closes (it was registered earlier, so it closes later).
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await events.flush();
    });
  },
  { name: 'listing-events', dependencies: ['database'] },
);
