/**
 * Login page (docs/product.md §2 Login, §5 Login, §8): heading "Login Now", email (required, email type)
 * and password, a Login button, "Forgot password?" (to /forgot-password: docs/spec-deviations.md),
 * "Continue With Google" and a link to /registration. Success toasts "Login Success" (or
 * "User Login Successful." back from Google) and goes to the page the user came from, or /.
 * A failed sign-in toasts the provider's message. `renderReason` may say why the visitor must
 * sign in, from where they will go next (e.g. "Sign in to see Sedan listings").
 */
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from '#web/lib/toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '#web/lib/paths';
import { AuthCard } from '../components/auth-card';
import { SubmitButton } from '#web/components/submitting-indicator';
import { FormField } from '#web/components/form-field';
import { GoogleSignIn } from '../components/google-sign-in';
import type { LoginValues } from '../lib/form-schemas';
import { lazyResolver } from '#web/lib/lazy-resolver';
import { useAuth } from '#web/lib/auth/auth-context';
import { fromState, safePath } from '#web/lib/auth/redirect';
import { errorText } from '#web/lib/error-text';

/** The login form's rules, loaded on first use. */
const loginValidation = lazyResolver<LoginValues>(() =>
  import('../lib/form-resolvers').then((module) => module.loginResolver),
);

export function LoginRoute({
  renderReason,
}: {
  /** A line under the heading saying why to sign in, from the path the user goes to next. */
  renderReason?: (from: string) => ReactNode;
} = {}) {
  const { signIn, user, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const from = fromState(location.state) ?? safePath(searchParams.get('from')) ?? paths.home.href();

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: loginValidation.resolver,
    // Back from registration the address just registered is filled in.
    defaultValues: { email: emailState(location.state), password: '' },
  });

  // Back from Google: signed in → toast and go on; refused → the provider's error.
  const googleResult = searchParams.get('google');
  const googleError = searchParams.get('error');
  useEffect(() => {
    if (googleError) {
      toast.error(googleErrorText(googleError, searchParams.get('error_description')), {
        id: 'google-sign-in',
      });
      return;
    }
    if (googleResult === 'signed-in' && !loading && user) {
      toast.success('User Login Successful.', { id: 'google-sign-in' });
      void navigate(from, { replace: true });
    }
  }, [googleResult, googleError, loading, user, from, navigate, searchParams]);

  const handleLogin = handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      toast.success('Login Success');
      void navigate(from, { replace: true });
    } catch (error) {
      toast.error(errorText(error));
    }
  });

  return (
    <AuthCard heading="Login Now">
      {renderReason?.(from)}
      <form
        noValidate
        onSubmit={(event) => void handleLogin(event)}
        {...loginValidation.preloadTriggers}
        className="space-y-2"
      >
        <FormField label="Email" error={errors.email?.message}>
          <input
            type="email"
            autoComplete="email"
            className="input w-full"
            {...register('email')}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <input
            type="password"
            autoComplete="current-password"
            className="input w-full"
            {...register('password')}
          />
        </FormField>
        <div className="text-right">
          <Link to={paths.forgotPassword.href()} className="link text-sm link-primary">
            Forgot password?
          </Link>
        </div>
        <SubmitButton submitting={isSubmitting} progressLabel="Logging in">
          Login
        </SubmitButton>
      </form>
      <p className="text-center text-sm">
        New to Second Gear?{' '}
        <Link
          to={
            from === paths.home.href()
              ? paths.registration.href()
              : `${paths.registration.href()}?next=${encodeURIComponent(from)}`
          }
          className="link font-semibold link-primary"
        >
          Register Now
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <GoogleSignIn from={from} />
    </AuthCard>
  );
}

/** The `email` the registration page passes in `location.state`, or ''. */
function emailState(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** Better Auth's error codes in the callback URL, as a sentence. */
function googleErrorText(code: string, description: string | null): string {
  if (description) return description;
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return `Google sign-in failed: ${words}`;
}
