/**
 * Forgot password (docs/spec-deviations.md: the spec's "Forgot password?" link leads to a working reset).
 * Asks for the account's email and has the server mail a link to /reset-password. The answer is
 * the same whether the email has an account or not, and so is the confirmation shown here.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from '#web/lib/toast';
import { Link } from 'react-router';
import { paths } from '#web/lib/paths';
import { requestPasswordReset } from '#web/lib/auth/identity-client';
import { AuthCard } from '../components/auth-card';
import { SubmitButton } from '#web/components/submitting-indicator';
import { FormField } from '#web/components/form-field';
import type { ForgotPasswordValues } from '../lib/form-schemas';
import { lazyResolver } from '#web/lib/lazy-resolver';
import { errorText } from '#web/lib/error-text';

export const resetLinkSentMessage =
  'If an account exists for that email, we have sent it a link to reset the password. The link is valid for one hour.';

/** The form's rules, loaded on first use. */
const forgotPasswordValidation = lazyResolver<ForgotPasswordValues>(() =>
  import('../lib/form-resolvers').then((module) => module.forgotPasswordResolver),
);

export function ForgotPasswordRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: forgotPasswordValidation.resolver,
    defaultValues: { email: '' },
  });

  const handleRequest = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email, paths.resetPassword.href());
      setSentTo(email);
    } catch (error) {
      toast.error(errorText(error));
    }
  });

  return (
    <AuthCard heading="Forgot Password">
      {sentTo ? (
        <div role="status" className="alert alert-soft alert-success">
          <span>{resetLinkSentMessage}</span>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void handleRequest(event)}
          {...forgotPasswordValidation.preloadTriggers}
          className="space-y-2"
        >
          <p className="text-sm text-base-content/80">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          <FormField label="Email" error={errors.email?.message}>
            <input
              type="email"
              autoComplete="email"
              className="input w-full"
              {...register('email')}
            />
          </FormField>
          <SubmitButton submitting={isSubmitting} progressLabel="Sending the reset link">
            Send Reset Link
          </SubmitButton>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to={paths.login.href()} className="link font-semibold link-primary">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
