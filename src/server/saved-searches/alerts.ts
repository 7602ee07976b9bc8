/**
 * Saved-search alerts through the job queue (decision 0014; docs/jobs.md).
 *
 * - `saved-search-match` `{productIds}`: enqueued in the transaction that makes a listing live
 *   (created, edited, put back on the market; `enqueueListingMatch`). It records the new
 *   (saved search, listing) matches with the reverse query (repository.ts `recordMatches`) and,
 *   in the same transaction, queues one mail per `instant` saved search listing its new matches.
 *   Running it twice records and mails nothing more (the pairs are already recorded).
 * - `saved-search-digest`: scheduled daily (SAVED_SEARCH_DIGEST_CRON, 07:00 UTC); one mail per
 *   `daily` saved search with matches waiting, listing those still live.
 *
 * Every mail carries the unsubscribe link of topic `saved-search:<id>`, which turns that saved
 * search's alert off.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { centsToDollars, formatDollars } from '#contract/index.js';
import { paths } from '#contract/spa-paths.js';
import type { Executor } from '../jobs/queue.js';
import { escapeHtml } from '../lib/html.js';
import {
  alertDrafts,
  markAnnounced,
  recordMatches,
  takeDigestPairs,
  turnAlertOff,
  type AlertDraft,
} from './repository.js';

/** Queue names. */
export const savedSearchMatchJob = 'saved-search-match';
export const savedSearchDigestJob = 'saved-search-digest';
/** When the daily digest goes out (cron, UTC). */
export const savedSearchDigestCron = '0 7 * * *';

/** The matcher job's data. */
export interface SavedSearchMatchData {
  productIds: string[];
}

/** The search URL of a saved query (`/search?make=Toyota&max_price=15000`). */
export function searchPathOf(query: Record<string, string | number | boolean>): string {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const text = params.toString();
  return text ? `/search?${text}` : '/search';
}

/**
 * Queues the matcher for listings that just went live, in the caller's transaction `tx` (so it
 * exists exactly when the listing does).
 */
export function enqueueListingMatch(app: FastifyInstance, productIds: string[], tx: Executor) {
  return app.jobs.enqueue<SavedSearchMatchData>(savedSearchMatchJob, { productIds }, { tx });
}

/** Defines the two alert jobs and the `saved-search` unsubscribe topic. */
export const savedSearchAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    const publicUrl = app.config.publicUrl;

    /**
     * Queues the alert mail of one draft in `tx`, keyed by the saved search and the run that
     * recorded its matches (`runId`), so a duplicated send-mail job sends it once. That no
     * listing is announced twice is the matches table's doing, not the key's.
     */
    async function enqueueAlert(
      draft: AlertDraft,
      kind: 'instant' | 'daily',
      runId: string,
      tx: Executor,
    ) {
      const ids = draft.listings.map((listing) => listing.id).sort();
      const digest = createHash('sha256')
        .update(`${runId}|${ids.join(',')}`)
        .digest('hex')
        .slice(0, 24);
      const topic = `saved-search:${draft.savedSearchId}`;
      const pageUrl = app.unsubscribe.pageUrl(draft.userId, topic);
      const searchUrl = `${publicUrl}${searchPathOf(draft.query)}`;
      const lines = draft.listings.map(
        (listing) =>
          `- ${listing.name} — ${formatDollars(centsToDollars(listing.priceCents))}: ${publicUrl}${paths.listing.href(listing.id)}`,
      );
      const count = draft.listings.length;
      const subject =
        count === 1
          ? `New match for “${draft.name}”: ${draft.listings[0]!.name}`
          : `${count} new matches for “${draft.name}”`;
      const text = [
        kind === 'daily'
          ? `Today's new listings for your saved search “${draft.name}”:`
          : `New listings for your saved search “${draft.name}”:`,
        '',
        ...lines,
        '',
        `See every match: ${searchUrl}`,
        '',
        `Stop these e-mails: ${pageUrl}`,
      ].join('\n');
      const html = [
        `<p>New listings for your saved search “${escapeHtml(draft.name)}”:</p>`,
        '<ul>',
        ...draft.listings.map(
          (listing) =>
            `<li><a href="${escapeHtml(`${publicUrl}${paths.listing.href(listing.id)}`)}">${escapeHtml(listing.name)}</a> — ${escapeHtml(formatDollars(centsToDollars(listing.priceCents)))}</li>`,
        ),
        '</ul>',
        `<p><a href="${escapeHtml(searchUrl)}">See every match</a></p>`,
        `<p><a href="${escapeHtml(pageUrl)}">Stop these e-mails</a></p>`,
      ].join('\n');
      if (kind === 'instant') {
        await app.push.notify(tx, draft.userId, {
          kind: 'saved-search',
          title: subject,
          body: draft.listings.map((listing) => listing.name).join(', '),
          url: count === 1 ? paths.listing.href(draft.listings[0]!.id) : searchPathOf(draft.query),
          tag: `saved-search:${draft.savedSearchId}`,
        });
      }
      await app.mail.enqueue(
        {
          key: `saved-search:${draft.savedSearchId}:${kind}:${digest}`,
          to: draft.email,
          subject,
          text,
          html,
          unsubscribeUrl: app.unsubscribe.url(draft.userId, topic),
        },
        { tx },
      );
    }

    app.jobs.define<SavedSearchMatchData>({
      name: savedSearchMatchJob,
      retryLimit: 5,
      retryDelaySeconds: 10,
      handler: async ({ productIds }, job) => {
        await app.db.transaction(async (tx) => {
          const matches = await recordMatches(tx, productIds, (savedSearchId, error) =>
            app.log.warn({ err: error, savedSearchId }, 'saved search left out of matching'),
          );
          const instant = matches.filter((match) => match.alert === 'instant');
          for (const draft of await alertDrafts(tx, instant)) {
            await enqueueAlert(draft, 'instant', job.id, tx);
          }
          await markAnnounced(tx, instant);
        });
      },
    });

    app.jobs.define({
      name: savedSearchDigestJob,
      schedule: savedSearchDigestCron,
      retryLimit: 3,
      handler: async (_data, job) => {
        await app.db.transaction(async (tx) => {
          const pairs = await takeDigestPairs(tx);
          for (const draft of await alertDrafts(tx, pairs)) {
            await enqueueAlert(draft, 'daily', job.id, tx);
          }
        });
      },
    });

    app.unsubscribe.register('saved-search', {
      describe: () => 'alert e-mails for this saved search',
      apply: (db, userId, argument) =>
        argument ? turnAlertOff(db, userId, argument) : Promise.resolve(false),
    });
  },
  { name: 'saved-search-alerts', dependencies: ['jobs', 'mail', 'unsubscribe', 'database'] },
);
