/**
 * `Similar cars priced like this sold in about N days (M sales)` for a car's details and price,
 * or, under 5 sales, that there are too few to say (decision 0029). Nothing while the details
 * are incomplete.
 */
import { insightsTexts, type TimeToSellQuery } from '#contract/insights';
import { useTimeToSell } from '../api/get-insights';

export function TimeToSellLine({ query }: { query: TimeToSellQuery | null }) {
  const { data } = useTimeToSell(query);
  const text =
    query && data
      ? data.median_days === null
        ? insightsTexts.timeToSellUnknown(data.count)
        : insightsTexts.timeToSell(data.median_days, data.count)
      : '';
  return (
    <p className="min-h-5 text-sm font-medium" aria-live="polite" data-testid="time-to-sell">
      {text}
    </p>
  );
}
