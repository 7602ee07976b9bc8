/**
 * The description draft of the car form (docs/features.md, "Listing a car"): a few plain
 * sentences written from the facts the seller has already filled (or the VIN decode filled), for
 * the seller to edit. Templated here, no outside service. No imports, so the form pays nothing for
 * it. Mileage is written in the viewer's unit.
 */

/** The facts a draft is written from; every one may be missing. */
export interface CarFacts {
  make?: string | null;
  model?: string | null;
  model_year?: number | null;
  body_type?: string | null;
  fuel_type?: string | null;
  transmission?: string | null;
  color?: string | null;
  /** Kilometres. */
  mileage_km?: number | null;
  condition?: string | null;
  /** The town the car stands in. */
  place?: string | null;
}

const kmPerMile = 1.609344;

/** `12,345` in en-US grouping. */
const grouped = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * A description draft, e.g. "2003 Honda Accord, sedan, petrol, automatic, silver. 120,000 km on
 * the clock. In good condition. Viewing in Austin." Sentences whose facts are missing are left
 * out; with no facts at all it is ''.
 * @param unit the viewer's distance unit for the mileage ('km' or 'mi')
 */
export function descriptionDraft(facts: CarFacts, unit: 'km' | 'mi' = 'km'): string {
  const text = (value: string | null | undefined) => value?.trim() || '';
  const name = [
    facts.model_year ? String(facts.model_year) : '',
    text(facts.make),
    text(facts.model),
  ]
    .filter(Boolean)
    .join(' ');
  const traits = [facts.body_type, facts.fuel_type, facts.transmission, facts.color]
    .map((value) => text(value).toLowerCase())
    .filter(Boolean);
  const sentences: string[] = [];
  const first = [name, ...traits].filter(Boolean).join(', ');
  if (first) sentences.push(`${first.charAt(0).toUpperCase()}${first.slice(1)}.`);
  if (typeof facts.mileage_km === 'number' && facts.mileage_km >= 0) {
    const distance = unit === 'mi' ? facts.mileage_km / kmPerMile : facts.mileage_km;
    sentences.push(`${grouped(distance)} ${unit === 'mi' ? 'miles' : 'km'} on the clock.`);
  }
  if (text(facts.condition)) sentences.push(`In ${text(facts.condition).toLowerCase()} condition.`);
  if (text(facts.place)) sentences.push(`Viewing in ${text(facts.place)}.`);
  if (sentences.length > 0) sentences.push('Ask me anything about it.');
  return sentences.join(' ');
}
