/** A labelled form control with its validation message (docs/product.md §5 messages, shown under it). */
import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

export interface FormFieldProps {
  label: string;
  /** The validation message, if any. */
  error?: string;
  /** The control (input, select); it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
}

export function FormField({ label, error, children, hint }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {hint}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
