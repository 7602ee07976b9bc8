/**
 * The profile's password form: the current password, and a new one (docs/product.md §5 rule:
 * at least 6 characters) typed twice. On success every other session of the account ends (the
 * server does it); this browser stays signed in. A wrong current password shows under its field.
 * An account that only signs in with Google has no password here: the form says so and points
 * to the reset page instead.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from '#web/lib/toast';
import { Link } from 'react-router';
import { profileTexts } from '#contract/profile';
import { FormField } from '#web/components/form-field';
import { SubmitButton } from '#web/components/submitting-indicator';
import { isApiError } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import { changePassword } from '../api/profile';
import { changePasswordSchema, type ChangePasswordValues } from '../lib/form-schemas';

export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  if (!hasPassword) {
    return (
      <p className="text-sm">
        {profileTexts.noPassword}{' '}
        <Link to={paths.forgotPassword.href()} className="link link-primary">
          Set a password
        </Link>
      </p>
    );
  }

  const handleChange = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword(currentPassword, newPassword);
      reset();
      toast.success(profileTexts.passwordChanged);
    } catch (error) {
      const message = errorText(error);
      if (isApiError(error, 400) && message.includes('current_password')) {
        setError('currentPassword', { message: 'This is not your current password' });
      } else if (isApiError(error, 400) && message.includes('new_password')) {
        setError('newPassword', { message: message.replace(/^body\.new_password:?\s*/, '') });
      } else {
        toast.error(message);
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void handleChange(event)} className="space-y-2">
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <input
          type="password"
          autoComplete="current-password"
          className="input w-full"
          {...register('currentPassword')}
        />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message}>
        <input
          type="password"
          autoComplete="new-password"
          className="input w-full"
          {...register('newPassword')}
        />
      </FormField>
      <FormField label="Repeat the new password" error={errors.confirmPassword?.message}>
        <input
          type="password"
          autoComplete="new-password"
          className="input w-full"
          {...register('confirmPassword')}
        />
      </FormField>
      <p className="text-xs text-base-content/70">
        Changing your password signs you out on every other device.
      </p>
      <div className="pt-2">
        <SubmitButton submitting={isSubmitting} progressLabel="Changing your password">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
