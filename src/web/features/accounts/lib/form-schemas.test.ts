import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from './form-schemas';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the account forms (docs/product.md §5 Login, Registration; password reset)', () => {
  it('login: email required and of email type; any password', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual([
      'email is required',
    ]);
    expect(messages(loginSchema.safeParse({ email: 'not-an-email', password: 'x' }))).toEqual([
      'Invalid email address',
    ]);
    expect(loginSchema.parse({ email: ' sam@example.com ', password: 'x' }).email).toBe(
      'sam@example.com',
    );
  });

  it('forgot password: the account’s email', () => {
    expect(messages(forgotPasswordSchema.safeParse({ email: 'nope' }))).toEqual([
      'Invalid email address',
    ]);
  });

  it('reset: a password of at least 6 characters, typed twice alike', () => {
    expect(messages(resetPasswordSchema.safeParse({ password: '', confirmPassword: '' }))).toEqual([
      'Password is required',
    ]);
    expect(
      messages(resetPasswordSchema.safeParse({ password: '12345', confirmPassword: '12345' })),
    ).toEqual(['Password must be at least 6 characters']);
    expect(
      messages(resetPasswordSchema.safeParse({ password: '123456', confirmPassword: '123457' })),
    ).toEqual(['Passwords do not match']);
    expect(
      resetPasswordSchema.safeParse({ password: '123456', confirmPassword: '123456' }).success,
    ).toBe(true);
  });
});
