/**
 * The Import page's feed (decision 0046): the address of a CSV or JSON file in the template's
 * format that the server fetches and imports on a schedule the dealer chooses (every 1, 3, 6 or
 * 12 hours or once a day), whether it is the full stock, when it runs next, and the last run's
 * error or report. Stopping the feed asks first (decision 0040); imported cars stay as they are.
 */
import { useId, useState, type FormEvent } from 'react';
import { feedIntervals, type DealerFeed, type FeedInterval } from '#contract/dealers';
import { confirmAction, dialogTexts, showFailure } from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { LocalTime } from '#web/components/local-time';
import { ProgressBar } from '#web/components/progress-bar';
import { SubmitButton } from '#web/components/submitting-indicator';
import { errorText } from '#web/lib/error-text';
import toast from '#web/lib/toast';
import { useDealerFeed, useDeleteFeed, usePutFeed } from '../api/dealers';
import { ImportReportView } from './import-report';

export const feedTexts = {
  heading: 'Feed',
  intro:
    'Or give the address of your stock file (CSV or JSON, the template’s columns): we fetch it and import it on the schedule you choose.',
  url: 'Feed address (URL)',
  interval: 'How often',
  full: 'Full stock: cars missing from the feed become unavailable',
  save: 'Save feed',
  saved: 'Feed saved',
  stop: 'Stop the feed',
  stopped: 'Feed stopped',
  nextRun: 'Next import',
  lastRun: 'Last run',
  notRunYet: 'Not run yet',
  lastReport: 'Last feed run',
  lastError: 'The last run could not read the feed',
} as const;

/** Words for each interval. */
export const intervalLabels: Record<FeedInterval, string> = {
  1: 'Every hour',
  3: 'Every 3 hours',
  6: 'Every 6 hours',
  12: 'Every 12 hours',
  24: 'Once a day',
};

function FeedForm({ feed }: { feed: DealerFeed | null }) {
  const put = usePutFeed();
  const urlId = useId();
  const intervalId = useId();
  const [url, setUrl] = useState(feed?.url ?? '');
  const [interval, setInterval] = useState<FeedInterval>(feed?.interval_hours ?? 1);
  const [full, setFull] = useState((feed?.mode ?? 'full') === 'full');
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await put.mutateAsync({
        url: url.trim(),
        mode: full ? 'full' : 'partial',
        interval_hours: interval,
      });
      toast.success(feedTexts.saved);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)}>
      <div className="flex flex-col gap-1">
        <label htmlFor={urlId} className="text-sm font-medium">
          {feedTexts.url}
        </label>
        <input
          id={urlId}
          type="url"
          name="url"
          required
          inputMode="url"
          placeholder="https://"
          className="input input-bordered w-full"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={intervalId} className="text-sm font-medium">
          {feedTexts.interval}
        </label>
        <select
          id={intervalId}
          name="interval_hours"
          className="select select-bordered w-full"
          value={interval}
          onChange={(event) => setInterval(Number(event.target.value) as FeedInterval)}
        >
          {feedIntervals.map((hours) => (
            <option key={hours} value={hours}>
              {intervalLabels[hours]}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm mt-0.5"
          checked={full}
          onChange={(event) => setFull(event.target.checked)}
        />
        <span>{feedTexts.full}</span>
      </label>
      {problem && (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
      <div>
        <SubmitButton submitting={put.isPending} progressLabel="Saving the feed">
          {feedTexts.save}
        </SubmitButton>
      </div>
    </form>
  );
}

function FeedStatus({ feed }: { feed: DealerFeed }) {
  const remove = useDeleteFeed();

  const handleStop = async () => {
    const confirmed = await confirmAction({
      title: `${feedTexts.stop}?`,
      detail: feed.url,
      consequence: 'We stop fetching this address. Your imported cars stay as they are.',
      tone: 'destructive',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync();
      toast.success(feedTexts.stopped);
    } catch (error) {
      await showFailure(dialogTexts.adminFailure, errorText(error));
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="feed-status">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="text-base-content/70">{feedTexts.interval}</dt>
        <dd>{intervalLabels[feed.interval_hours]}</dd>
        <dt className="text-base-content/70">{feedTexts.nextRun}</dt>
        <dd>
          <LocalTime value={feed.next_run_at} />
        </dd>
        <dt className="text-base-content/70">{feedTexts.lastRun}</dt>
        <dd>{feed.last_run_at ? <LocalTime value={feed.last_run_at} /> : feedTexts.notRunYet}</dd>
      </dl>
      {feed.last_error && (
        <p role="alert" className="text-sm text-error [overflow-wrap:anywhere]">
          {feedTexts.lastError}: {feed.last_error}
        </p>
      )}
      {feed.last_report && (
        <ImportReportView
          report={feed.last_report}
          title={feedTexts.lastReport}
          testId="feed-report"
          headingLevel={3}
        />
      )}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          disabled={remove.isPending}
          onClick={() => void handleStop()}
        >
          {feedTexts.stop}
        </button>
      </div>
    </div>
  );
}

export function FeedSettings() {
  const feed = useDealerFeed(true);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {feedTexts.heading}
      </h2>
      <p className="text-sm">{feedTexts.intro}</p>
      {feed.isPending ? (
        <ProgressBar label="Loading the feed" />
      ) : feed.isError ? (
        <ErrorMessage error={feed.error} />
      ) : (
        <>
          {/* The form starts from the saved feed, and again when it is stopped. */}
          <FeedForm key={feed.data ? 'saved' : 'none'} feed={feed.data} />
          {feed.data && <FeedStatus feed={feed.data} />}
        </>
      )}
    </section>
  );
}
