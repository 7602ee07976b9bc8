/**
 * The optional vehicle inputs of Add A Product and the edit page: make, model, model
 * year, mileage (km), fuel, transmission, body type, colour and VIN, in a fieldset of their own.
 * Shown only for a category that holds vehicles. Under the mileage, what similar cars
 * are listed for (`PriceGuidanceHint`); next to the VIN, `Decode VIN` fills make, model, model
 * year, body type, fuel type and transmission from it, where known, for the seller to check.
 * Under the guidance, how long similar cars priced like the typed price took to sell.
 */
import { useId, useState } from 'react';
import { fromKm, toKm, useUnit, type DistanceUnit } from '#web/lib/units';
import {
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { fuelTypes, limits, transmissions, vinPattern } from '#contract/limits';
import { vehicleTexts, type VinDecode } from '#contract/vehicles';
import { ErrorMessage } from '#web/components/error-message';
import { FormField } from '#web/components/form-field';
import { vehicleLabels } from '#web/lib/vehicle-details';
import { useDecodeVin } from '../api/vehicle-tools';
import { PriceGuidanceHint, TimeToSellHint } from './price-guidance-hint';

/** The vehicle inputs as a form holds them (numbers and selects as strings). */
export type VehicleInputs = {
  make: string | null | undefined;
  model: string | null | undefined;
  model_year: string;
  mileage_km: string;
  fuel_type: string;
  transmission: string;
  body_type: string | null | undefined;
  color: string | null | undefined;
  vin: string | null | undefined;
  /** The asking price the form holds (dollars, as typed): for the time-to-sell line. */
  resell_price: string;
};

export interface VehicleFieldsProps {
  // The forms register more fields than these; only the vehicle inputs are used here.
  register: UseFormRegister<VehicleInputs>;
  errors: FieldErrors<VehicleInputs>;
  control: Control<VehicleInputs>;
  setValue: UseFormSetValue<VehicleInputs>;
  /** Told what a VIN decode found, after the inputs are filled. */
  onDecoded?: (decoded: VinDecode) => void;
}

/** The inputs a decoded VIN fills, with the value each gets (only what the data knows). */
function decodedValues(decoded: VinDecode): Partial<Record<keyof VehicleInputs, string>> {
  const values: Partial<Record<keyof VehicleInputs, string>> = {};
  if (decoded.make) values.make = decoded.make;
  if (decoded.model) values.model = decoded.model;
  if (decoded.model_year !== null) values.model_year = String(decoded.model_year);
  if (decoded.body_type) values.body_type = decoded.body_type;
  if (decoded.fuel_type) values.fuel_type = decoded.fuel_type;
  if (decoded.transmission) values.transmission = decoded.transmission;
  return values;
}

export function VehicleFields({
  register,
  errors,
  control,
  setValue,
  onDecoded,
}: VehicleFieldsProps) {
  const unit = useUnit();
  const [make, model, modelYear, mileageKm, vin, price] = useWatch({
    control,
    name: ['make', 'model', 'model_year', 'mileage_km', 'vin', 'resell_price'],
  });
  const typedVin = (vin ?? '').trim().toUpperCase();
  const vinId = useId();
  const decode = useDecodeVin();
  const handleDecodeVin = () =>
    decode.mutate(typedVin, {
      onSuccess: (decoded) => {
        for (const [name, value] of Object.entries(decodedValues(decoded))) {
          setValue(name as keyof VehicleInputs, value, { shouldValidate: true, shouldDirty: true });
        }
        onDecoded?.(decoded);
      },
    });
  const text = (name: 'make' | 'model' | 'body_type' | 'color', autoComplete = 'off') => (
    <FormField label={vehicleLabels[name]} error={errors[name]?.message}>
      <input
        type="text"
        maxLength={limits.vehicleTextMax}
        autoComplete={autoComplete}
        className="input w-full"
        {...register(name)}
      />
    </FormField>
  );
  return (
    <fieldset className="grid gap-x-6 gap-y-2 rounded-box border border-base-300 p-4 md:col-span-2 md:grid-cols-2">
      <legend className="px-1 font-semibold">Vehicle details (optional)</legend>
      <div className="fieldset md:col-span-2">
        {/* FormField's markup, with Decode VIN beside the input. */}
        <label htmlFor={vinId} className="fieldset-legend pb-1">
          {vehicleLabels.vin}
        </label>
        <div className="flex gap-2">
          <input
            id={vinId}
            type="text"
            maxLength={17}
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={errors.vin ? true : undefined}
            aria-describedby={errors.vin ? `${vinId}-error` : undefined}
            className="input min-w-0 flex-1 font-mono uppercase"
            {...register('vin')}
          />
          <button
            type="button"
            className="btn btn-outline shrink-0"
            disabled={!vinPattern.test(typedVin) || decode.isPending}
            onClick={handleDecodeVin}
          >
            {decode.isPending ? vehicleTexts.decoding : vehicleTexts.decodeVin}
          </button>
        </div>
        {errors.vin?.message && (
          <p id={`${vinId}-error`} role="alert" className="text-sm text-error">
            {errors.vin.message}
          </p>
        )}
        <div aria-live="polite" className="text-sm">
          {decode.isError && <ErrorMessage error={decode.error} />}
          {decode.data && decode.variables === typedVin && (
            <div className="flex flex-col gap-1">
              {decode.data.make && (
                <p data-testid="vin-filled">
                  {vehicleTexts.decoded}:{' '}
                  {Object.keys(decodedValues(decode.data))
                    .map((name) => vehicleLabels[name as keyof typeof vehicleLabels].toLowerCase())
                    .join(', ')}
                  .
                </p>
              )}
              {decode.data.errors.map((message) => (
                <p key={message} className="alert alert-warning alert-soft py-2">
                  {message}
                </p>
              ))}
            </div>
          )}
        </div>
      </div>
      {text('make')}
      {text('model')}
      <FormField label={vehicleLabels.model_year} error={errors.model_year?.message}>
        <input
          type="number"
          inputMode="numeric"
          min={limits.modelYearMin}
          max={limits.modelYearMax}
          step="1"
          className="input w-full"
          {...register('model_year')}
        />
      </FormField>
      <FormField label={`${vehicleLabels.mileage_km} (${unit})`} error={errors.mileage_km?.message}>
        <MileageInput
          unit={unit}
          km={mileageKm}
          onKm={(km) => setValue('mileage_km', km, { shouldValidate: true, shouldDirty: true })}
        />
      </FormField>
      <PriceGuidanceHint make={make} model={model} modelYear={modelYear} mileageKm={mileageKm} />
      <TimeToSellHint
        make={make}
        model={model}
        modelYear={modelYear}
        mileageKm={mileageKm}
        price={price}
      />
      <FormField label={vehicleLabels.fuel_type} error={errors.fuel_type?.message}>
        <select className="select w-full" {...register('fuel_type')}>
          <option value="">Not given</option>
          {fuelTypes.map((fuel) => (
            <option key={fuel} value={fuel}>
              {fuel}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={vehicleLabels.transmission} error={errors.transmission?.message}>
        <select className="select w-full" {...register('transmission')}>
          <option value="">Not given</option>
          {transmissions.map((transmission) => (
            <option key={transmission} value={transmission}>
              {transmission}
            </option>
          ))}
        </select>
      </FormField>
      {text('body_type')}
      {text('color')}
    </fieldset>
  );
}

/**
 * The mileage in the viewer's unit (miles or kilometres, lib/units.ts); the form holds it in
 * whole kilometres, as the API stores it.
 */
function MileageInput({
  unit,
  km,
  onKm,
  ...rest
}: {
  unit: DistanceUnit;
  km: string | undefined;
  onKm: (km: string) => void;
  /** The id and ARIA attributes FormField gives its control. */
  id?: string;
}) {
  const shownFor = (value: string | undefined) =>
    value ? String(Math.round(fromKm(Number(value), unit))) : '';
  const [shown, setShown] = useState(() => shownFor(km));
  // The unit may change (hydration, the footer's switch), and a draft may be restored: the
  // shown value follows unless it already says that mileage (React's "adjust state on a prop
  // change" pattern, no effect).
  const [seen, setSeen] = useState({ unit, km });
  if (seen.unit !== unit || seen.km !== km) {
    setSeen({ unit, km });
    const typedKm = shown === '' ? '' : String(Math.round(toKm(Number(shown), unit)));
    if (typedKm !== (km ?? '') || seen.unit !== unit) setShown(shownFor(km));
  }
  return (
    <input
      {...rest}
      type="number"
      inputMode="numeric"
      min="0"
      step="1"
      className="input w-full"
      value={shown}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setShown(value);
        onKm(value === '' ? '' : String(Math.round(toKm(Number(value), unit))));
      }}
    />
  );
}
