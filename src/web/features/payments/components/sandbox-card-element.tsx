/**
 * The sandbox provider's card input (decision 0005): one bordered row like Stripe's card element,
 * with inputs placeholdered "Card number", "MM / YY", "CVC" and "ZIP"; the number shows in groups
 * of four. It hands the page a `CardPayment` that behaves as Stripe.js does, against the sandbox
 * endpoints: completeness checks in the browser with Stripe's texts, the rest on the server.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { paymentIntentIdOf } from '#contract/paths';
import { confirmSandboxPaymentIntent, createSandboxPaymentMethod } from '../api/sandbox';
import {
  cardDigits,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  incompleteField,
  parseExpiry,
  type CardFields,
} from '../lib/card-format';
import { toCardError, type CardPayment, type CreatePaymentMethodResult } from '../lib/card-payment';

export interface SandboxCardElementProps {
  /** Receives the card payment once the input is ready, and null when it goes away. */
  onReady: (payment: CardPayment | null) => void;
  disabled?: boolean;
}

const emptyFields: CardFields = { number: '', expiry: '', cvc: '', zip: '' };

/** Creates the sandbox `CardPayment` reading the fields' current values. */
function sandboxCardPayment(fields: () => CardFields): CardPayment {
  const createPaymentMethod = async (): Promise<CreatePaymentMethodResult> => {
    const card = fields();
    const incomplete = incompleteField(card);
    if (incomplete) return { error: { message: incomplete } };
    const expiry = parseExpiry(card.expiry)!;
    try {
      const method = await createSandboxPaymentMethod({
        number: cardDigits(card.number),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: card.cvc,
        postal_code: card.zip.trim(),
      });
      return { paymentMethodId: method.id };
    } catch (error) {
      return { error: toCardError(error) };
    }
  };

  return {
    createPaymentMethod,
    async confirmCardPayment(clientSecret, paymentMethodId) {
      let method = paymentMethodId;
      if (!method) {
        // Stripe.js confirms with the card element itself: an invalid card fails again, with
        // the card's own error.
        const created = await createPaymentMethod();
        if (created.error) return { error: created.error };
        method = created.paymentMethodId;
      }
      try {
        const intent = await confirmSandboxPaymentIntent(paymentIntentIdOf(clientSecret), {
          client_secret: clientSecret,
          payment_method: method,
        });
        if (intent.status !== 'succeeded' && intent.last_payment_error) {
          return { error: { message: intent.last_payment_error.message } };
        }
        return { paymentIntent: { id: intent.id, status: intent.status } };
      } catch (error) {
        return { error: toCardError(error) };
      }
    },
  };
}

const inputClass =
  'min-w-0 bg-transparent py-2 outline-none placeholder:text-base-content/50 disabled:opacity-60';

export function SandboxCardElement({ onReady, disabled = false }: SandboxCardElementProps) {
  const [fields, setFields] = useState<CardFields>(emptyFields);
  const fieldsRef = useRef(fields);
  useEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);

  useEffect(() => {
    onReady(sandboxCardPayment(() => fieldsRef.current));
    return () => onReady(null);
  }, [onReady]);

  const handle =
    (field: keyof CardFields, format: (value: string) => string) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const value = format(event.target.value);
      setFields((current) => ({ ...current, [field]: value }));
    };

  return (
    <div
      data-testid="card-element"
      className="flex flex-wrap items-center gap-x-3 rounded-field border border-base-300 bg-base-100 px-3 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary"
    >
      <input
        className={`${inputClass} flex-[1_1_11rem]`}
        placeholder="Card number"
        aria-label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={formatCardNumber(fields.number)}
        onChange={handle('number', cardDigits)}
        disabled={disabled}
      />
      <input
        className={`${inputClass} w-[4.5rem]`}
        placeholder="MM / YY"
        aria-label="Expiration date (MM / YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        value={fields.expiry}
        onChange={handle('expiry', formatExpiry)}
        disabled={disabled}
      />
      <input
        className={`${inputClass} w-12`}
        placeholder="CVC"
        aria-label="CVC"
        inputMode="numeric"
        autoComplete="cc-csc"
        value={fields.cvc}
        onChange={handle('cvc', formatCvc)}
        disabled={disabled}
      />
      <input
        className={`${inputClass} w-16`}
        placeholder="ZIP"
        aria-label="ZIP"
        autoComplete="postal-code"
        maxLength={10}
        value={fields.zip}
        onChange={handle('zip', (value) => value.slice(0, 10))}
        disabled={disabled}
      />
    </div>
  );
}
