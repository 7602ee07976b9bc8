import { describe, expect, it } from 'vitest';
import {
  cardDigits,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  incompleteField,
  incompleteTexts,
  parseExpiry,
} from './card-format';
import { toCardError } from './card-payment';

describe('the sandbox card form, as Stripe’s card element shows it', () => {
  it('keeps at most 19 digits of a card number and groups them by four', () => {
    expect(cardDigits('4242 4242-4242x4242')).toBe('4242424242424242');
    expect(cardDigits('1'.repeat(25))).toHaveLength(19);
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('')).toBe('');
  });

  it('formats the expiry as MM / YY; a first digit above 1 is a month alone', () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
    expect(formatExpiry('123456')).toBe('12 / 34');
  });

  it('reads a complete expiry as month and two-digit year', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 34 });
    expect(parseExpiry('04 / 30')).toEqual({ month: 4, year: 30 });
    expect(parseExpiry('12 / 3')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });

  it('keeps at most 4 CVC digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('names the first incomplete field with Stripe.js’s text, in the element’s order', () => {
    const complete = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '12345' };
    expect(incompleteField(complete)).toBeNull();
    expect(incompleteField({ ...complete, number: '4242 4242 424' })).toBe(incompleteTexts.number);
    expect(incompleteField({ ...complete, expiry: '12 / 3' })).toBe(incompleteTexts.expiry);
    expect(incompleteField({ ...complete, cvc: '12' })).toBe(incompleteTexts.cvc);
    expect(incompleteField({ ...complete, zip: '  ' })).toBe(incompleteTexts.zip);
    expect(incompleteField({ number: '', expiry: '', cvc: '', zip: '' })).toBe(
      'Your card number is incomplete.',
    );
  });
});

describe('toCardError', () => {
  it('shows the thrown message, a network hint, or a generic text', () => {
    expect(toCardError(new Error('Your card was declined.'))).toEqual({
      message: 'Your card was declined.',
    });
    expect(toCardError(new TypeError('Failed to fetch')).message).toMatch(/^Network error/);
    expect(toCardError({}).message).toBe('Something went wrong, please try again');
  });
});
