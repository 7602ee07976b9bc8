/**
 * What the payment page needs from a card provider (docs/product.md §4 Payment flow, §7 "A card payment
 * provider creates a payment method and confirms the payment with the client secret"), in
 * Stripe.js's shapes: `{paymentMethod}` or `{error}`, `{paymentIntent}` or `{error}`. Errors never
 * throw; their `message` is the provider's customer-facing text (e.g. "Your card was declined.").
 * Implemented by the sandbox card form and by Stripe Elements' CardElement.
 */
export interface CardError {
  message: string;
}

export interface BillingDetails {
  name: string;
  email: string;
}

export type CreatePaymentMethodResult =
  | { paymentMethodId: string; error?: undefined }
  | { paymentMethodId?: undefined; error: CardError };

export interface ConfirmedIntent {
  /** The PaymentIntent id (`pi_…`): the spec's transaction id. */
  id: string;
  status: string;
}

export type ConfirmCardPaymentResult =
  | { paymentIntent: ConfirmedIntent; error?: undefined }
  | { paymentIntent?: undefined; error: CardError };

export interface CardPayment {
  /** Stripe: `stripe.createPaymentMethod({type: 'card', card, billing_details})`. */
  createPaymentMethod(billing: BillingDetails): Promise<CreatePaymentMethodResult>;
  /**
   * Stripe: `stripe.confirmCardPayment(clientSecret, {payment_method})`. Without a payment method
   * id the card input itself is used, as Stripe.js does with `{payment_method: {card}}`: an
   * invalid card then fails again with the card's own error.
   */
  confirmCardPayment(
    clientSecret: string,
    paymentMethodId: string | undefined,
    billing: BillingDetails,
  ): Promise<ConfirmCardPaymentResult>;
}

/** A thrown error (network, server) as a card error: its message, or a generic text. */
export function toCardError(error: unknown): CardError {
  if (error instanceof TypeError) {
    return { message: 'Network error: please check your connection and try again.' };
  }
  return {
    message:
      error instanceof Error && error.message
        ? error.message
        : 'Something went wrong, please try again',
  };
}

/**
 * The payment page's card sequence (docs/product.md §4 Payment flow), shared by the payment and the
 * viewing-deposit pages: creates a payment method from the card input, then confirms the
 * intent `clientSecret` with it. `showError` receives each step's card error ('' once the
 * method is created), as the page shows it under the card. Resolves to the confirmed intent,
 * or null when the card was refused.
 * @throws what the provider's calls throw (network, server): callers show `toCardError(error)`.
 */
export async function payWithCard(
  card: CardPayment,
  clientSecret: string,
  billing: BillingDetails,
  showError: (message: string) => void,
): Promise<ConfirmedIntent | null> {
  const created = await card.createPaymentMethod(billing);
  showError(created.error ? created.error.message : '');
  const confirmed = await card.confirmCardPayment(clientSecret, created.paymentMethodId, billing);
  if (confirmed.error) {
    showError(confirmed.error.message);
    return null;
  }
  return confirmed.paymentIntent;
}
