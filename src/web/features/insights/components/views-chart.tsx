/**
 * A listing's daily views as a line chart (uPlot, decision 0029), as wide as its box (so it fits
 * a 360 px screen) and redrawn when the box changes size. uPlot is imported when the chart is
 * first drawn, so only this page loads it. The canvas is hidden from screen readers: the page
 * gives the same numbers as a table (`DailyViewsTable`).
 */
import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';
import type { ListingInsights } from '#contract/insights';

const height = 220;

export function ViewsChart({ daily }: { daily: ListingInsights['daily'] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    void import('uplot').then(({ default: UPlot }) => {
      const element = box.current;
      if (cancelled || !element) return;
      const stroke = getComputedStyle(element).color || '#1d4ed8';
      const plot = new UPlot(
        {
          width: Math.max(200, element.clientWidth),
          height,
          // Days are UTC dates: label them as such whatever the browser's time zone.
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
          axes: [
            { stroke, grid: { stroke: 'rgba(127,127,127,0.2)' } },
            { stroke, grid: { stroke: 'rgba(127,127,127,0.2)' }, size: 40 },
          ],
          series: [{}, { label: 'Views', stroke, width: 2, points: { show: daily.length <= 31 } }],
        },
        [
          daily.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
          daily.map((day) => day.views),
        ],
        element,
      );
      const observer = new ResizeObserver(() => {
        plot.setSize({ width: Math.max(200, element.clientWidth), height });
      });
      observer.observe(element);
      destroy = () => {
        observer.disconnect();
        plot.destroy();
      };
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [daily]);

  return (
    <div
      ref={box}
      aria-hidden="true"
      data-testid="views-chart"
      className="min-h-[220px] w-full min-w-0 overflow-hidden text-primary"
    />
  );
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The chart's numbers as a table, for screen readers (visually hidden). */
export function DailyViewsTable({
  name,
  daily,
}: {
  name: string;
  daily: ListingInsights['daily'];
}) {
  return (
    // Hidden by its box: a table is never narrower than its content, so `sr-only` on the table
    // itself would still widen the page.
    <div className="sr-only">
      <table data-testid="views-table">
        <caption>Daily views and search impressions of {name}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Views</th>
            <th scope="col">Impressions</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayFormat.format(new Date(`${day.date}T00:00:00Z`))}</th>
              <td>{day.views}</td>
              <td>{day.impressions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
