/**
 * The listing's refundable viewing deposit (whole dollars, 0–500, empty = none), on
 * Add A Product and the edit page. Booking the listing holds it on the buyer's card; the hint
 * says so.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { depositMaxDollars } from '#contract/deposits';
import { FormField } from '#web/components/form-field';

export function DepositField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'deposit'>;
  error: string | undefined;
}) {
  return (
    <FormField
      label="Viewing deposit ($, optional)"
      error={error}
      hint={
        <span className="text-sm text-base-content/70">
          Up to ${depositMaxDollars}, held on the buyer&apos;s card when they book, released after
          the viewing.
        </span>
      }
    >
      <input
        type="number"
        inputMode="numeric"
        min="0"
        max={depositMaxDollars}
        step="1"
        placeholder="None"
        className="input w-full"
        {...registration}
      />
    </FormField>
  );
}
