/**
 * A place field (decision 0026): type the beginning of a town's name, choose it from the
 * suggestions of `GET /api/places`. A WAI-ARIA 1.2 combobox with a list popup: the input has
 * role `combobox`, `aria-expanded`, `aria-controls` and `aria-activedescendant`; Down/Up move
 * through the options, Enter chooses, Escape closes (and clears the text when closed). A screen
 * reader hears the suggestions count through a polite live region.
 *
 * With `onTextChange` the typed text counts too (the listing form's one `Location` field,
 * docs/spec-deviations.md): the parent hears every change of the text, a town chosen or not,
 * and may show a validation message (`error`) under the field.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Place } from '../../contract/places';
import * as apiRoutes from '../../contract/route-table';
import { apiCall } from '../lib/api-client';
import { placeLabel } from '../lib/places';
import { queryKeys } from '../lib/query-keys';

/** Waits this long after the last key before asking the server (ms). */
const TYPING_PAUSE_MS = 150;

export function PlaceCombobox({
  label,
  value,
  onChange,
  placeholder = 'Town or city',
  disabled = false,
  className = '',
  initialText = '',
  onTextChange,
  error,
  labelClassName = 'mb-1 block text-sm font-medium',
  inputClassName = 'input input-sm w-full',
}: {
  label: string;
  /** The chosen place, or null. */
  value: Place | null;
  /** Called with the place chosen, or null when the text is cleared. */
  onChange: (place: Place | null) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** The text shown at first (a location typed earlier); else the chosen place's name. */
  initialText?: string;
  /** Told the field's text after every change (typed, chosen, cleared). */
  onTextChange?: (text: string) => void;
  /** A validation message shown under the field (the input is then `aria-invalid`). */
  error?: string;
  labelClassName?: string;
  inputClassName?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  // When the text counts, a location typed earlier shows as it was (a place may stand behind it).
  const [text, setTextState] = useState(
    (onTextChange && initialText) || (value ? placeLabel(value) : initialText),
  );
  const setText = (next: string) => {
    setTextState(next);
    onTextChange?.(next);
  };
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState('');

  // A new value from outside (a link, "Use my location") shows its name (adjusted while
  // rendering, React's pattern for state derived from a prop).
  const valueKey = value ? `${value.id}:${value.lat}:${value.lon}` : '';
  const [shownKey, setShownKey] = useState(valueKey);
  if (valueKey !== shownKey) {
    setShownKey(valueKey);
    // A place cleared from outside keeps what is typed when the text counts.
    if (value || !onTextChange) setTextState(value ? placeLabel(value) : '');
  }

  useEffect(() => {
    const timer = setTimeout(() => setTyped(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const enabled = open && typed.length > 0 && (!value || typed !== placeLabel(value));
  const { data: options = [] } = useQuery({
    queryKey: queryKeys.places(typed),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.places, { query: { q: typed.slice(0, 100) }, signal }),
    enabled,
    staleTime: 60 * 60 * 1000,
  });
  const shown = enabled ? options : [];
  const expanded = shown.length > 0;

  const choose = (place: Place) => {
    setText(placeLabel(place));
    setOpen(false);
    setActive(-1);
    onChange(place);
  };

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClassName}
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (event.target.value.trim() === '' && value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            if (shown.length > 0) setActive((active + 1) % shown.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            if (shown.length > 0) setActive(active <= 0 ? shown.length - 1 : active - 1);
          } else if (event.key === 'Enter') {
            const place = shown[active >= 0 ? active : 0];
            if (expanded && place) {
              event.preventDefault();
              choose(place);
            }
          } else if (event.key === 'Escape') {
            if (expanded) {
              // Closes the suggestions only, not a dialog the field sits in (the filters sheet).
              event.preventDefault();
              setOpen(false);
            } else {
              setText('');
              if (value) onChange(null);
            }
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        className={`absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-box border border-base-300 bg-base-100 shadow-lg ${expanded ? '' : 'hidden'}`}
      >
        {shown.map((place, index) => (
          <li
            key={place.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(place);
            }}
          >
            <span className="font-medium">{place.name}</span>
            <span className={index === active ? '' : 'text-base-content/70'}>
              {', '}
              {[place.region, place.country].filter(Boolean).join(', ')}
            </span>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {expanded ? `${shown.length} suggestions` : ''}
      </p>
    </div>
  );
}
