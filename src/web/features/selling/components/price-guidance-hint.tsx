/**
 * `Similar cars are listed for $X – $Y (N listings)` under the vehicle inputs, from
 * the make, model, model year and mileage the seller has typed, asked 400 ms after the last key.
 * The line's height is kept whether or not it says anything, so the form never jumps.
 */
import { useEffect, useState } from 'react';
import { limits } from '#contract/limits';
import { formatDollars } from '#contract/money';
import { vehicleTexts, type PriceGuidanceQuery } from '#contract/vehicles';
import { insightsTexts, type TimeToSellQuery } from '#contract/insights';
import { usePriceGuidance, useTimeToSell } from '../api/vehicle-tools';

const debounceMs = 400;

export interface PriceGuidanceHintProps {
  make: string | null | undefined;
  model: string | null | undefined;
  modelYear: string | undefined;
  mileageKm: string | undefined;
}

/** The query for the typed values, or null while make, model or a valid year is missing. */
export function guidanceQuery({
  make,
  model,
  modelYear,
  mileageKm,
}: PriceGuidanceHintProps): PriceGuidanceQuery | null {
  const trimmedMake = make?.trim() ?? '';
  const trimmedModel = model?.trim() ?? '';
  const year = Number(modelYear);
  if (!trimmedMake || !trimmedModel || !modelYear || !Number.isInteger(year)) return null;
  if (year < limits.modelYearMin || year > limits.modelYearMax) return null;
  const mileage = mileageKm ? Number(mileageKm) : undefined;
  const validMileage =
    mileage !== undefined &&
    Number.isInteger(mileage) &&
    mileage >= 0 &&
    mileage <= limits.mileageKmMax;
  return {
    make: trimmedMake.slice(0, limits.vehicleTextMax),
    model: trimmedModel.slice(0, limits.vehicleTextMax),
    model_year: year,
    ...(validMileage ? { mileage_km: mileage } : {}),
  };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function PriceGuidanceHint(props: PriceGuidanceHintProps) {
  const query = guidanceQuery(props);
  // Debounce the serialised query: an equal query keeps the same string, so no new timer runs.
  const key = useDebounced(query ? JSON.stringify(query) : '', debounceMs);
  const debouncedQuery = key ? (JSON.parse(key) as PriceGuidanceQuery) : null;
  const { data } = usePriceGuidance(debouncedQuery);
  const shown =
    debouncedQuery && data && data.low !== null && data.high !== null
      ? vehicleTexts.guidance(formatDollars(data.low), formatDollars(data.high), data.count)
      : '';
  return (
    <p
      className="min-h-5 text-sm font-medium md:col-span-2"
      aria-live="polite"
      data-testid="price-guidance"
    >
      {shown}
    </p>
  );
}

/**
 * `Similar cars priced like this sold in about N days (M sales)` (seller insights, decision
 * 0029) under the price guidance, from the same details and the typed price, asked 400 ms after
 * the last change; under 5 sales it says there are too few. Keeps its height when empty.
 */
export function TimeToSellHint(props: PriceGuidanceHintProps & { price: string | undefined }) {
  const details = guidanceQuery(props);
  const price = Number(props.price);
  const query: TimeToSellQuery | null =
    details &&
    props.price &&
    Number.isFinite(price) &&
    price > 0 &&
    price <= limits.priceMaxCents / 100
      ? { ...details, price }
      : null;
  const key = useDebounced(query ? JSON.stringify(query) : '', debounceMs);
  const debouncedQuery = key ? (JSON.parse(key) as TimeToSellQuery) : null;
  const { data } = useTimeToSell(debouncedQuery);
  const shown =
    debouncedQuery && data
      ? data.median_days === null
        ? insightsTexts.timeToSellUnknown(data.count)
        : insightsTexts.timeToSell(data.median_days, data.count)
      : '';
  return (
    <p
      className="min-h-5 text-sm font-medium md:col-span-2"
      aria-live="polite"
      data-testid="time-to-sell"
    >
      {shown}
    </p>
  );
}
