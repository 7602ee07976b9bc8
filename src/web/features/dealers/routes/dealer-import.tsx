/**
 * Seller dashboard → Import (business sellers; decision 0046): download the template, choose a
 * CSV or JSON file, try it as a dry run (the default), then import it. The report says how many
 * cars were created, updated, left unchanged and removed, and lists refused rows by row and
 * field. Below, the feed: an address imported on a schedule, with its last run's report. Private
 * sellers are sent to their profile to give trader details first.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { dealerTexts } from '#contract/dealers';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { SubmitButton } from '#web/components/submitting-indicator';
import { ErrorMessage } from '#web/components/error-message';
import { LocalTime } from '#web/components/local-time';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import { useImportReports, useRunImport } from '../api/dealers';
import { FeedSettings } from '../components/feed-settings';
import { ImportReportView } from '../components/import-report';

export const importTexts = {
  intro:
    'Import your stock from a CSV or JSON file: one car per row, identified by your own external_id. Importing the same file again changes nothing.',
  template: 'Download the template',
  file: 'Inventory file (CSV or JSON)',
  dryRun: 'Dry run: show what would change, save nothing',
  full: 'Full stock: cars missing from the file become unavailable',
  run: 'Import',
  history: 'Earlier imports',
} as const;

export interface DealerImportRouteProps {
  /** The signed-in seller's profile query (the accounts feature's, passed in by the app). */
  profile: { isPending: boolean; isError: boolean; error: unknown; data?: { seller_type: string } };
}

export function DealerImportRoute({ profile }: DealerImportRouteProps) {
  const business = profile.data?.seller_type === 'business';
  const reports = useImportReports(business);
  const run = useRunImport();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [full, setFull] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) {
      setProblem('Choose a file first');
      return;
    }
    try {
      await run.mutateAsync({ file, mode: full ? 'full' : 'partial', dryRun });
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <div className="flex w-full max-w-3xl flex-col gap-4">
      <PageTitle title={dealerTexts.importTitle} />
      <h1 className="text-2xl font-bold">{dealerTexts.importTitle}</h1>
      {profile.isPending ? (
        <ProgressBar label="Loading" />
      ) : profile.isError ? (
        <ErrorMessage error={profile.error} />
      ) : !business ? (
        <p>
          {dealerTexts.businessOnly}:{' '}
          <Link className="link" to={`${paths.profile.href()}#business-seller`}>
            Business seller on your profile
          </Link>
          .
        </p>
      ) : (
        <>
          <p className="text-sm">{importTexts.intro}</p>
          <p>
            <a className="link" href="/api/dealer/imports/template.csv" download>
              {importTexts.template}
            </a>
          </p>
          <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)}>
            <label className="flex flex-col gap-1">
              <span className="text-sm font-medium">{importTexts.file}</span>
              <input
                type="file"
                name="file"
                accept=".csv,.json,text/csv,application/json"
                className="file-input file-input-bordered w-full"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm mt-0.5"
                checked={dryRun}
                onChange={(event) => setDryRun(event.target.checked)}
              />
              <span>{importTexts.dryRun}</span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm mt-0.5"
                checked={full}
                onChange={(event) => setFull(event.target.checked)}
              />
              <span>{importTexts.full}</span>
            </label>
            {problem && (
              <p role="alert" className="text-sm text-error">
                {problem}
              </p>
            )}
            <div>
              <SubmitButton submitting={run.isPending} progressLabel="Importing">
                {importTexts.run}
              </SubmitButton>
            </div>
          </form>
          {run.data && (
            <ImportReportView
              report={run.data}
              title={run.data.dry_run ? dealerTexts.dryRunDone : dealerTexts.importDone}
              testId="import-report"
            />
          )}
          <FeedSettings />
          {reports.data && reports.data.length > 0 && (
            <section aria-labelledby="import-history" className="flex flex-col gap-2">
              <h2 id="import-history" className="text-lg font-semibold">
                {importTexts.history}
              </h2>
              <ul className="text-sm">
                {reports.data.slice(0, 10).map((report) => (
                  <li key={report.import_id}>
                    <LocalTime value={report.created_at} /> ·{' '}
                    {report.dry_run ? 'dry run' : report.mode}
                    {report.source === 'feed' ? ' (feed)' : ''}: {report.created} created,{' '}
                    {report.updated} updated, {report.unchanged} unchanged, {report.removed}{' '}
                    removed, {report.failed.length} failed
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
