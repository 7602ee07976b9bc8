/**
 * /transparency (public, DSA Art. 15 and 24): moderation in the last 12 months —
 * notices (reports) by reason, decisions by outcome, appeals and reversals, and the median time
 * from the first report to the decision. Client-rendered from `GET /api/transparency`.
 */
import { accountabilityTexts } from '#contract/accountability';
import { ErrorMessage } from '#web/components/error-message';
import { dateFormat, LocalTime } from '#web/components/local-time';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { useTransparency } from '../api/accountability';

const outcomeLabels = { removed: 'Listing removed', kept: 'No action (marked safe)' } as const;

function CountTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: { label: string; count: number }[];
}) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table">
        <caption className="p-3 text-left text-lg font-semibold">{caption}</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">{head}</th>
            <th scope="col" className="text-right">
              Count
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="font-normal">
                {row.label}
              </th>
              <td className="text-right tabular-nums">{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TransparencyRoute() {
  const { data, isPending, error } = useTransparency();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle title={accountabilityTexts.transparencyHeading} />
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">
        {accountabilityTexts.transparencyHeading}
      </h1>
      {isPending ? (
        <ProgressBar label="Loading the transparency report" />
      ) : !data ? (
        <ErrorMessage error={error} />
      ) : (
        <div className="space-y-6">
          <p className="text-base-content/80">
            How we handled reports of listings from{' '}
            <LocalTime value={data.from} format={dateFormat} /> to{' '}
            <LocalTime value={data.to} format={dateFormat} /> (EU Digital Services Act, Articles 15
            and 24). Every removal comes with a statement of reasons, and sellers may appeal.
          </p>
          <CountTable
            caption="Notices by reason"
            head="Reason"
            rows={data.notices.map((n) => ({ label: n.reason, count: n.count }))}
          />
          <p className="text-base-content/80 text-sm">
            {accountabilityTexts.transparencyNoticesNote}
          </p>
          <CountTable
            caption="Decisions by outcome"
            head="Outcome"
            rows={data.decisions.map((d) => ({ label: outcomeLabels[d.outcome], count: d.count }))}
          />
          <CountTable
            caption="Appeals"
            head="Appeals"
            rows={[
              { label: 'Received', count: data.appeals.received },
              { label: 'Decision upheld', count: data.appeals.upheld },
              { label: 'Decision reversed', count: data.appeals.reversed },
              { label: 'Pending', count: data.appeals.pending },
            ]}
          />
          <p>
            <span className="font-semibold">Median time from report to decision:</span>{' '}
            {data.median_hours_to_decision === null
              ? 'no decisions yet'
              : `${data.median_hours_to_decision} hours`}
          </p>
        </div>
      )}
    </div>
  );
}
