/**
 * Stripe Elements' CardElement (decision 0005), used when `GET /api/payment-config` answers
 * `stripe`: Stripe.js is loaded from js.stripe.com on first use, the card element is mounted in
 * a bordered box, and once it is ready the page gets a `CardPayment` over Stripe.js.
 */
import { useEffect, useRef, useState } from 'react';
import type { CardPayment } from '../lib/card-payment';
import { loadStripe, type StripeCardElement, type StripeInstance } from '../lib/load-stripe';

export interface StripeCardElementProps {
  publishableKey: string;
  onReady: (payment: CardPayment | null) => void;
}

const unknownError = 'Something went wrong, please try again';

function stripeCardPayment(stripe: StripeInstance, card: StripeCardElement): CardPayment {
  return {
    async createPaymentMethod(billing) {
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: billing,
      });
      if (paymentMethod) return { paymentMethodId: paymentMethod.id };
      return { error: { message: error?.message ?? unknownError } };
    },
    async confirmCardPayment(clientSecret, paymentMethodId, billing) {
      const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: paymentMethodId ?? { card, billing_details: billing },
      });
      if (paymentIntent && !error) return { paymentIntent };
      return { error: { message: error?.message ?? unknownError } };
    },
  };
}

export function StripeCardElement({ publishableKey, onReady }: StripeCardElementProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (cancelled || !mountRef.current) return;
        const element = stripe.elements().create('card', {
          style: { base: { fontSize: '16px' } },
        });
        card = element;
        element.on('ready', () => {
          if (!cancelled) onReady(stripeCardPayment(stripe, element));
        });
        element.mount(mountRef.current);
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      cancelled = true;
      card?.destroy();
      onReady(null);
    };
  }, [publishableKey, onReady]);

  return (
    <>
      <div
        ref={mountRef}
        data-testid="card-element"
        className="rounded-field border border-base-300 bg-base-100 px-3 py-3"
      />
      {loadError && <p className="mt-2 text-sm text-error">{loadError}</p>}
    </>
  );
}
