/**
 * One import's report (decision 0046): how many cars were created, updated, left unchanged and
 * removed, and the refused rows by row number, field and reason. Used for the run just made on
 * the Import page and for the feed's last run.
 */
import { useId } from 'react';
import type { ImportReport } from '#contract/dealers';

export function ImportReportView({
  report,
  title,
  testId,
  headingLevel = 2,
}: {
  report: ImportReport;
  /** The report's heading, e.g. "Import finished". */
  title: string;
  testId: string;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid={testId}>
      <Heading id={headingId} className="text-lg font-semibold">
        {title}
      </Heading>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>Created</dt>
        <dd data-testid="import-created">{report.created}</dd>
        <dt>Updated</dt>
        <dd data-testid="import-updated">{report.updated}</dd>
        <dt>Unchanged</dt>
        <dd data-testid="import-unchanged">{report.unchanged}</dd>
        <dt>Removed</dt>
        <dd data-testid="import-removed">{report.removed}</dd>
        <dt>Failed</dt>
        <dd data-testid="import-failed">{report.failed.length}</dd>
      </dl>
      {report.failed.length > 0 && (
        <ul className="list-disc pl-5 text-sm [overflow-wrap:anywhere]">
          {report.failed.map((failure) => (
            <li key={`${failure.row} ${failure.field}`}>
              Row {failure.row}, {failure.field}: {failure.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
