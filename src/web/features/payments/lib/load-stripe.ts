/**
 * Loads Stripe.js from js.stripe.com on demand (Stripe requires it to be loaded from there:
 * https://docs.stripe.com/js/including) and creates a Stripe instance. Only the payment page
 * calls it, and only when `GET /api/payment-config` says `stripe`: tests and the offline sandbox
 * never load it. The types below are the small part of Stripe.js the page uses.
 */
const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

export interface StripeError {
  message?: string;
}

export interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', handler: () => void): void;
}

export interface StripeInstance {
  elements(): {
    create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
  };
  createPaymentMethod(data: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: { name?: string; email?: string };
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  confirmCardPayment(
    clientSecret: string,
    data: {
      payment_method:
        string | { card: StripeCardElement; billing_details?: { name?: string; email?: string } };
    },
  ): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
}

type StripeConstructor = (publishableKey: string) => StripeInstance;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

let loading: Promise<StripeConstructor> | null = null;

function loadScript(): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Stripe.js could not be loaded; please try again.'));
    };
    document.head.append(script);
  });
  return loading;
}

const instances = new Map<string, Promise<StripeInstance>>();

/** The Stripe instance for a publishable key (one per key, like `loadStripe` of @stripe/stripe-js). */
export function loadStripe(publishableKey: string): Promise<StripeInstance> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadScript().then((Stripe) => Stripe(publishableKey));
    instance.catch(() => instances.delete(publishableKey));
    instances.set(publishableKey, instance);
  }
  return instance;
}
