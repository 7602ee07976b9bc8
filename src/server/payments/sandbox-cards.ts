/**
 * The sandbox's card rules, after Stripe's test mode (https://docs.stripe.com/testing):
 *
 * - Creating a payment method checks the fields as Stripe's card element does (Luhn check,
 *   expiry not in the past, CVC of 3–4 digits, postal code present) and answers Stripe's card
 *   error codes and texts.
 * - A valid card becomes one of Stripe's test PaymentMethod ids, which carries its behaviour:
 *   `pm_card_visa` (4242 4242 4242 4242) succeeds; `pm_card_chargeDeclined` (4000 0000 0000 0002)
 *   is declined `card_declined`/`generic_decline`; `pm_card_chargeDeclinedInsufficientFunds`
 *   (…9995) `card_declined`/`insufficient_funds`; `pm_card_chargeDeclinedExpiredCard` (…0069)
 *   `expired_card`; `pm_card_chargeDeclinedIncorrectCvc` (…0127) `incorrect_cvc`;
 *   `pm_card_chargeDeclinedProcessingError` (…0119) `processing_error`. Any other valid number
 *   is declined as a non-test card, as Stripe's test mode does with real cards.
 *
 * Because the id itself names the behaviour, no payment-method state is kept anywhere.
 */
import type { CardError, SandboxCard } from '../../contract/payments.js';

interface TestCard {
  paymentMethod: string;
  brand: string;
  /** Undefined: the charge succeeds. */
  decline?: Omit<CardError, 'type'>;
}

const declined = (decline_code: string, message: string) => ({
  code: 'card_declined',
  decline_code,
  message,
});

/** Stripe's test cards by number (https://docs.stripe.com/testing#cards). */
const testCards: Record<string, TestCard> = {
  '4242424242424242': { paymentMethod: 'pm_card_visa', brand: 'visa' },
  '4000056655665556': { paymentMethod: 'pm_card_visa_debit', brand: 'visa' },
  '5555555555554444': { paymentMethod: 'pm_card_mastercard', brand: 'mastercard' },
  '378282246310005': { paymentMethod: 'pm_card_amex', brand: 'amex' },
  '6011111111111117': { paymentMethod: 'pm_card_discover', brand: 'discover' },
  '4000000000000002': {
    paymentMethod: 'pm_card_chargeDeclined',
    brand: 'visa',
    decline: declined('generic_decline', 'Your card was declined.'),
  },
  '4000000000009995': {
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    brand: 'visa',
    decline: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  '4000000000000069': {
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    brand: 'visa',
    decline: { code: 'expired_card', message: 'Your card has expired.' },
  },
  '4000000000000127': {
    paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc',
    brand: 'visa',
    decline: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  '4000000000000119': {
    paymentMethod: 'pm_card_chargeDeclinedProcessingError',
    brand: 'visa',
    decline: {
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
};

/** Payment method of a valid card that is not a test card. */
const liveCardMethod = 'pm_card_live';
const liveCardDecline = declined(
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test card. ' +
    'For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

const byPaymentMethod = new Map(
  Object.entries(testCards).map(([number, card]) => [
    card.paymentMethod,
    { ...card, last4: number.slice(-4) },
  ]),
);

/** True when `digits` passes the Luhn checksum (ISO/IEC 7812-1). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const cardError = (code: string, param: string, message: string): CardError => ({
  type: 'card_error',
  code,
  param,
  message,
});

/**
 * Checks a card as Stripe's card element does and names its test PaymentMethod.
 * @param now the current time (for the expiry check).
 * @returns `{paymentMethod, brand, last4}` or a Stripe-like card error (texts: Stripe.js).
 */
export function createSandboxPaymentMethod(
  card: SandboxCard,
  now = new Date(),
): { paymentMethod: string; brand: string; last4: string } | { error: CardError } {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^[0-9]*$/.test(digits) || (digits.length >= 12 && !passesLuhn(digits))) {
    return { error: cardError('invalid_number', 'number', 'Your card number is invalid.') };
  }
  if (digits.length < 12 || digits.length > 19) {
    return { error: cardError('incomplete_number', 'number', 'Your card number is incomplete.') };
  }
  if (card.exp_month < 1 || card.exp_month > 12) {
    return {
      error: cardError(
        'invalid_expiry_month',
        'exp_month',
        "Your card's expiration month is invalid.",
      ),
    };
  }
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || year > thisYear + 50) {
    return {
      error:
        year < thisYear
          ? cardError(
              'invalid_expiry_year_past',
              'exp_year',
              "Your card's expiration year is in the past.",
            )
          : cardError('invalid_expiry_year', 'exp_year', "Your card's expiration year is invalid."),
    };
  }
  if (year === thisYear && card.exp_month < now.getUTCMonth() + 1) {
    return {
      error: cardError(
        'invalid_expiry_month_past',
        'exp_month',
        "Your card's expiration date is in the past.",
      ),
    };
  }
  if (!/^[0-9]{3,4}$/.test(card.cvc.trim())) {
    return { error: cardError('invalid_cvc', 'cvc', "Your card's security code is invalid.") };
  }
  if (card.postal_code !== undefined && !/^[A-Za-z0-9 -]{3,10}$/.test(card.postal_code.trim())) {
    return { error: cardError('incomplete_zip', 'postal_code', 'Your postal code is incomplete.') };
  }
  const known = testCards[digits];
  return known
    ? { paymentMethod: known.paymentMethod, brand: known.brand, last4: digits.slice(-4) }
    : { paymentMethod: liveCardMethod, brand: 'unknown', last4: digits.slice(-4) };
}

/**
 * What charging a payment method does.
 * @returns `{last4}` when it succeeds, `{decline}` with Stripe's error, or null for an id the
 * sandbox never issued.
 */
export function chargeOutcome(
  paymentMethod: string,
): { last4: string } | { decline: CardError } | null {
  if (paymentMethod === liveCardMethod) {
    return { decline: { type: 'card_error', ...liveCardDecline } };
  }
  const card = byPaymentMethod.get(paymentMethod);
  if (!card) return null;
  return card.decline
    ? { decline: { type: 'card_error', ...card.decline } }
    : { last4: card.last4 };
}
