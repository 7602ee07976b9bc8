/**
 * The card form of the payment page (docs/product.md §2 Payment page, §4 Payment flow, §5 Payment, §8
 * Payment error). It asks for a client secret on load (`POST /api/create-payment-intent/{productId}`)
 * and shows the provider's card input (sandbox form, or Stripe's CardElement). Pay is disabled
 * until the provider has loaded, the client secret has arrived and no payment is in progress.
 *
 * On Pay (docs/product.md §4): create the card payment method; on error show the provider's message in red
 * below the form — and go on to confirm with the client secret anyway, as the spec's flow does
 * (an invalid card then fails again with its own message); only status `succeeded` leads to
 * `POST /api/payments`, after which `onPaid(transactionId)` lets the page congratulate and
 * re-read the order.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { formatDollars } from '#contract/money';
import { protectionText } from '#contract/payments';
import type { Order } from '#contract/orders';
import type { AuthUser } from '#web/lib/auth/auth-context';
import { usePaymentConfig } from '../api/get-payment-config';
import { useClientSecret } from '../api/create-payment-intent';
import { savePayment } from '../api/save-payment';
import { payWithCard, toCardError, type CardPayment } from '../lib/card-payment';
import { SandboxCardElement } from './sandbox-card-element';
import { StripeCardElement } from './stripe-card-element';

export interface CheckoutFormProps {
  order: Order;
  user: AuthUser;
  /** Called with the transaction id (the PaymentIntent id) once the payment is stored. */
  onPaid: (transactionId: string) => void;
}

export function CheckoutForm({ order, user, onPaid }: CheckoutFormProps) {
  const config = usePaymentConfig();
  const clientSecret = useClientSecret(order.product_info.product_id, true);
  const [cardPayment, setCardPayment] = useState<CardPayment | null>(null);
  const [cardError, setCardError] = useState('');
  const [processing, setProcessing] = useState(false);
  const handleReady = useCallback((payment: CardPayment | null) => setCardPayment(payment), []);

  const secret = clientSecret.data;
  const canPay = cardPayment !== null && Boolean(secret) && !processing;

  const handlePay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // docs/product.md §5 Payment: blocked without a provider, a card input or a client secret.
    if (!cardPayment || !secret || processing) return;
    const billing = { name: user.displayName, email: user.email };
    setProcessing(true);
    try {
      const intent = await payWithCard(cardPayment, secret, billing, setCardError);
      if (intent?.status === 'succeeded') {
        const transactionId = intent.id;
        await savePayment({
          price: order.product_info.product_price,
          transactionId,
          email: user.email,
          orderId: order._id,
          product_id: order.product_info.product_id,
        });
        onPaid(transactionId);
      }
    } catch (error) {
      setCardError(toCardError(error).message);
    } finally {
      setProcessing(false);
    }
  };

  const providerError = config.error ?? clientSecret.error;

  return (
    <form noValidate onSubmit={(event) => void handlePay(event)} className="space-y-4">
      {config.data?.provider === 'stripe' && config.data.publishableKey ? (
        <StripeCardElement publishableKey={config.data.publishableKey} onReady={handleReady} />
      ) : config.data ? (
        <SandboxCardElement onReady={handleReady} disabled={processing} />
      ) : (
        <div className="skeleton h-11 w-full" aria-hidden="true" />
      )}
      {config.data && config.data.provider !== 'stripe' && (
        <p className="text-sm" data-testid="sandbox-note">
          Test mode: no real card is charged. Pay with the test card 4242 4242 4242 4242, any future
          expiry date and any CVC (4000 0000 0000 0002 shows a declined card).
        </p>
      )}
      {config.data && (
        <p className="text-sm" data-testid="protection-note">
          {protectionText(config.data.release_days)}
        </p>
      )}
      <button type="submit" className="btn btn-sm btn-primary" disabled={!canPay}>
        Pay {formatDollars(order.product_info.product_price, { cents: true })}
      </button>
      {processing && (
        <div role="status">
          <progress className="progress w-full progress-primary" aria-label="Paying" />
        </div>
      )}
      {cardError && (
        <p role="alert" data-testid="card-error" className="text-error">
          {cardError}
        </p>
      )}
      {providerError && !cardError && (
        <p role="alert" className="text-error">
          {toCardError(providerError).message}
        </p>
      )}
    </form>
  );
}
