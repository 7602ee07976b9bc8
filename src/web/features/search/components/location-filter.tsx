/**
 * The search page's location (decision 0026): a place field (`PlaceCombobox`), the radius
 * ("Within": 10–500 km or miles, or "Anywhere"), "Use my location" (the browser's Geolocation
 * API; on refusal it says so and keeps the typed place) and the unit (km or miles, defaulting
 * from the browser's locale). The centre lives in the URL (`near`, `lat`, `lon`, and the radius
 * as `radius_km` or `radius_mi`, in the unit it was chosen in) and is remembered for later visits
 * (local storage, and a chosen place on the signed-in user's profile: lib/home-place.ts).
 *
 * "Within" shows the radius the search applies, in the viewer's unit (decision 0047): a radius
 * that is none of the choices in that unit (50 km seen in miles: 31.1 mi) is shown as it is, as
 * one more option, never rounded to the nearest choice.
 */
import { useState } from 'react';
import { locationMessages, type Place } from '#contract/places';
import { PlaceCombobox } from '#web/components/place-combobox';
import { useHomePlace } from '#web/lib/home-place';
import { radiusChoices, writeRememberedCentre, type DistanceUnit } from '#web/lib/places';
import { usePlace } from '#web/lib/place-query';
import {
  defaultRadius,
  hasCentre,
  radiusIn,
  radiusKey,
  radiusOf,
  type SearchState,
} from '../lib/search-params';

/**
 * The radius parameters of a search centred now: the state's own radius when it has one, else
 * the default in the viewer's unit (50 km, 25 mi).
 */
export function radiusParams(state: SearchState, unit: DistanceUnit): Record<string, string> {
  const mi = state.centre?.radius_mi;
  const km = state.centre?.radius_km;
  if (mi) return { radius_mi: mi };
  if (km) return { radius_km: km };
  return { [radiusKey(unit)]: String(defaultRadius[unit]) };
}

export function LocationFilter({
  state,
  unit,
  onUnit,
  onCentre,
  disabled,
  className = 'mb-6 flex',
}: {
  state: SearchState;
  unit: DistanceUnit;
  onUnit: (unit: DistanceUnit) => void;
  /** A new centre (empty = anywhere); a nearest-first order falls back when it is removed. */
  onCentre: (centre: NonNullable<SearchState['centre']>) => void;
  disabled: boolean;
  /** Margin and display (the page hides it on a phone, where it sits in the filters sheet). */
  className?: string;
}) {
  const centre = state.centre ?? {};
  const near = centre.near ? Number(centre.near) : null;
  const { data: nearPlace } = usePlace(centre.near);
  const { saveHomePlace } = useHomePlace();
  const [problem, setProblem] = useState('');
  const [locating, setLocating] = useState(false);
  const centred = hasCentre(state);
  const applied = radiusOf(state);
  const shown = applied ? radiusIn(applied, unit) : null;
  const choice = shown === null ? 'anywhere' : String(shown);
  const radius = radiusParams(state, unit);
  const options = [...new Set<number>([...radiusChoices, ...(shown === null ? [] : [shown])])].sort(
    (a, b) => a - b,
  );
  const { radius_km: _km, radius_mi: _mi, ...position } = centre;

  const choosePlace = (place: Place | null) => {
    setProblem('');
    void saveHomePlace(place);
    if (!place) {
      onCentre({});
      return;
    }
    onCentre({ near: String(place.id), ...radius });
  };

  const useMyLocation = () => {
    setProblem('');
    if (!globalThis.navigator?.geolocation) {
      setProblem(locationMessages.unavailable);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const lat = Math.round(position.coords.latitude * 1000) / 1000;
        const lon = Math.round(position.coords.longitude * 1000) / 1000;
        writeRememberedCentre({ kind: 'position', lat, lon });
        onCentre({ lat: String(lat), lon: String(lon), ...radius });
      },
      (error) => {
        setLocating(false);
        setProblem(
          error.code === error.PERMISSION_DENIED
            ? locationMessages.refused
            : locationMessages.unavailable,
        );
      },
      { timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };

  const shownPlace: Place | null =
    near !== null && nearPlace
      ? nearPlace
      : centre.lat && centre.lon
        ? {
            id: 0,
            name: locationMessages.here,
            region: null,
            country: `${centre.lat}, ${centre.lon}`,
            lat: Number(centre.lat),
            lon: Number(centre.lon),
          }
        : null;

  return (
    <section
      aria-label="Location"
      className={`${className} flex-wrap items-end gap-3 rounded-box border border-base-300 bg-base-100 p-3`}
    >
      <PlaceCombobox
        label="Location"
        value={shownPlace}
        onChange={choosePlace}
        disabled={disabled}
        className="min-w-0 flex-1 basis-56"
      />
      <label className="flex flex-col text-sm">
        <span className="mb-1 font-medium">Within</span>
        <select
          className="select select-sm w-auto"
          value={choice}
          disabled={disabled}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'anywhere') {
              void saveHomePlace(null);
              onCentre({});
            } else if (centred) {
              onCentre({ ...position, [radiusKey(unit)]: value });
            }
          }}
        >
          <option value="anywhere">Anywhere</option>
          {options.map((value) => (
            <option key={value} value={value} disabled={!centred}>
              {value} {unit}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        <span className="mb-1 font-medium">Units</span>
        <select
          className="select select-sm w-auto"
          value={unit}
          disabled={disabled}
          onChange={(event) => onUnit(event.target.value as DistanceUnit)}
        >
          <option value="km">Kilometres</option>
          <option value="mi">Miles</option>
        </select>
      </label>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={disabled || locating}
        onClick={useMyLocation}
      >
        {locating ? 'Locating…' : 'Use my location'}
      </button>
      {problem && (
        <p role="alert" className="w-full text-sm text-error">
          {problem}
        </p>
      )}
    </section>
  );
}
