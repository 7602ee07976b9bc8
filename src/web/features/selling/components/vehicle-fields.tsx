/**
 * The optional vehicle inputs of Add A Product and the edit page (issue 13): make, model, model
 * year, mileage (km), fuel, transmission, body type, colour and VIN, in a fieldset of their own.
 * Shown only for a category that holds vehicles.
 */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { fuelTypes, limits, transmissions } from '../../../../contract/limits';
import { FormField } from '../../../components/form-field';
import { vehicleLabels } from '../../../lib/vehicle-details';

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
};

export interface VehicleFieldsProps {
  // The forms register more fields than these; only the vehicle inputs are used here.
  register: UseFormRegister<VehicleInputs>;
  errors: FieldErrors<VehicleInputs>;
}

export function VehicleFields({ register, errors }: VehicleFieldsProps) {
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
      <FormField label={`${vehicleLabels.mileage_km} (km)`} error={errors.mileage_km?.message}>
        <input
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          className="input w-full"
          {...register('mileage_km')}
        />
      </FormField>
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
      <FormField label={vehicleLabels.vin} error={errors.vin?.message}>
        <input
          type="text"
          maxLength={17}
          autoCapitalize="characters"
          spellCheck={false}
          className="input w-full font-mono uppercase"
          {...register('vin')}
        />
      </FormField>
    </fieldset>
  );
}
