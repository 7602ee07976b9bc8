/**
 * Reset password (docs/spec-deviations.md): the page of the mailed link `/reset-password?token=…`. A new
 * password (docs/product.md §5: at least 6 characters) typed twice; on success the server ends every
 * session of the account, and the page goes to /login with a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from '#web/lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '#web/lib/paths';
import { isApiError } from '#web/lib/api-client';
import { resetPassword } from '#web/lib/auth/identity-client';
import { AuthCard } from '../components/auth-card';
import { SubmitButton } from '#web/components/submitting-indicator';
import { FormField } from '#web/components/form-field';
import { resetPasswordSchema, type ResetPasswordValues } from '../lib/form-schemas';
import { errorText } from '#web/lib/error-text';

export const passwordResetSuccessMessage = 'Your password has been reset. Please login.';
export const invalidResetLinkMessage =
  'This reset link is invalid or has expired. Please ask for a new one.';

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const handleReset = handleSubmit(async ({ password }) => {
    try {
      await resetPassword(password, token);
      toast.success(passwordResetSuccessMessage);
      void navigate(paths.login.href(), { replace: true });
    } catch (error) {
      toast.error(isApiError(error, 400) ? invalidResetLinkMessage : errorText(error));
    }
  });

  return (
    <AuthCard heading="Reset Password">
      {!token ? (
        <div role="alert" className="alert alert-soft alert-error">
          <span>{invalidResetLinkMessage}</span>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void handleReset(event)} className="space-y-2">
          <FormField label="New password" error={errors.password?.message}>
            <input
              type="password"
              autoComplete="new-password"
              className="input w-full"
              {...register('password')}
            />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <input
              type="password"
              autoComplete="new-password"
              className="input w-full"
              {...register('confirmPassword')}
            />
          </FormField>
          <SubmitButton submitting={isSubmitting} progressLabel="Saving your new password">
            Reset Password
          </SubmitButton>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to={paths.forgotPassword.href()} className="link font-semibold link-primary">
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
