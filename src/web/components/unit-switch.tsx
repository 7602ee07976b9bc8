/**
 * The `km | mi` switch (decision 0036): the viewer's one unit for mileage and distance
 * (units.ts), stored in local storage; every length on the page follows at once. Disabled until
 * hydrated (decision 0015): a choice made in the server's HTML before React runs would have no
 * handler. Sized for a thumb (44 px targets).
 */
import { useHydrated } from '../lib/use-hydrated';
import { useUnit, writeUnit, type DistanceUnit } from '../lib/units';

const choices: ReadonlyArray<{ unit: DistanceUnit; title: string }> = [
  { unit: 'km', title: 'Kilometres' },
  { unit: 'mi', title: 'Miles' },
];

export function UnitSwitch({ className = '' }: { className?: string }) {
  const unit = useUnit();
  const hydrated = useHydrated();
  return (
    <fieldset className={`flex items-center gap-2 ${className}`}>
      <legend className="float-left mr-2 text-sm">Units</legend>
      <div className="join">
        {choices.map((choice) => (
          <label key={choice.unit} title={choice.title} className="join-item">
            <input
              type="radio"
              name="units"
              value={choice.unit}
              checked={unit === choice.unit}
              disabled={!hydrated}
              onChange={() => writeUnit(choice.unit)}
              className="peer sr-only"
            />
            <span className="btn min-h-11 min-w-11 btn-sm peer-checked:btn-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-current">
              {choice.unit}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
