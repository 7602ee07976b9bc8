/**
 * "Continue With Google" (docs/product.md §2 Login). When the server has no Google client configured
 * (`GET /api/auth-config`, asked when the page opens), the button is disabled and a line under
 * it says so; a click before the answer arrives toasts the same. Otherwise the browser leaves for Google and comes
 * back to `/login?google=signed-in&from=…`, where the login page toasts "User Login Successful."
 * and goes on to `from`; a failure comes back as `/login?error=…`.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from '#web/lib/toast';
import { paths } from '#web/lib/paths';
import { getAuthConfig } from '#web/lib/auth/identity-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { errorText } from '#web/lib/error-text';
import { queryKeys } from '#web/lib/query-keys';

/** The message when Google sign-in is off on this server. */
export const googleNotConfiguredMessage = 'Google sign-in is not configured on this server.';

export function GoogleSignIn({ from }: { from: string }) {
  const { signInWithGoogle } = useAuth();
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const authConfig = useQuery({ queryKey: queryKeys.authConfig, queryFn: getAuthConfig });
  const unavailable = authConfig.data?.google === false;

  const handleGoogle = async () => {
    setBusy(true);
    try {
      const config = await getAuthConfig();
      if (!config.google) {
        toast.error(googleNotConfiguredMessage);
        setBusy(false);
        return;
      }
      const back = new URLSearchParams({ from });
      await signInWithGoogle(
        `${paths.login.href()}?google=signed-in&${back}`,
        `${paths.login.href()}?${back}`,
      );
      // The browser is leaving for Google; keep the button busy.
    } catch (error) {
      toast.error(errorText(error));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-1">
      <button
        type="button"
        className="btn w-full btn-outline"
        onClick={() => void handleGoogle()}
        disabled={busy || unavailable}
        aria-describedby={unavailable ? noteId : undefined}
      >
        {busy ? (
          <span className="loading loading-sm loading-spinner" aria-hidden="true" />
        ) : (
          <GoogleIcon />
        )}
        Continue With Google
      </button>
      {/* Always one line high, so the page does not shift when the answer arrives. */}
      <p id={noteId} className="min-h-5 text-center text-sm text-base-content/70">
        {unavailable ? googleNotConfiguredMessage : ''}
      </p>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
