/**
 * Auth state of docs/product.md §4 (decision 0004). On start it asks the identity provider for the session;
 * with a user it requests an API token (`POST /api/jwt`), stores it under `access-token` and only
 * then publishes the user and clears `loading`. While the session lasts the token is renewed at
 * 80 % of its lifetime and, when the tab comes back into view, if it has run out. Signing out
 * removes the token. The shared API client gets its tokens from here, and its 401/403 answers
 * (docs/product.md §8 Global) log the user out and go to /login.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import {
  isTokenExpiring,
  readAccessToken,
  removeAccessToken,
  storeAccessToken,
  tokenTimes,
} from '../access-token';
import { connectAuth, isApiError } from '../api-client';
import { paths } from '../paths';
import { queryKeys } from '../query-keys';
import {
  getSession,
  requestApiToken,
  signInWithEmail,
  signOutSession,
  signUpWithEmail,
  startGoogleSignIn,
  toAuthUser,
  updateIdentity,
  type AuthUser,
  type IdentityUser,
} from './identity-client';
import { AuthContext, type AuthState } from './auth-context';

/** Renew the token once this share of its lifetime has passed. */
const RENEW_AT = 0.8;
/** A token with less than this left is renewed before use. */
const EXPIRY_MARGIN_MS = 15_000;
/** After a failed renewal (network), try again this soon. */
const RETRY_MS = 30_000;

/** Applies a state update at once (the default way to publish). */
const applyNow = (update: () => void) => update();

/**
 * Applies the app start's first auth update as a transition. A server-rendered page (decision
 * 0015) hydrates its route's boundary only once the route's chunk has loaded; an urgent context
 * update reaching that boundary first makes React drop the server's DOM and render it afresh
 * (losing what was typed and any element held), while a transition waits for the boundary to
 * hydrate (React's own advice in that warning).
 */
const applyAfterHydration = (update: () => void) => startTransition(update);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const userRef = useRef<AuthUser | null>(null);
  /**
   * Whether `userRef`'s user is also the published `user`. A new account's session stays
   * unpublished: registration ends signed out (docs/product.md §2), so the navigation bar never shows it.
   */
  const shownRef = useRef(false);
  const renewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pendingToken = useRef<Promise<string | null> | null>(null);

  const clearRenewal = useCallback(() => {
    clearTimeout(renewTimer.current);
    renewTimer.current = undefined;
  }, []);

  /** Local sign-out: no user, no token, no cached roles. */
  const signedOut = useCallback(() => {
    clearRenewal();
    removeAccessToken();
    userRef.current = null;
    shownRef.current = false;
    setUser(null);
    setLoading(false);
    queryClient.removeQueries({ queryKey: queryKeys.roles.all });
  }, [clearRenewal, queryClient]);

  const renewRef = useRef<() => Promise<string | null>>(() => Promise.resolve(null));

  /** Stores a fresh token and plans its renewal at 80 % of its lifetime. */
  const keepToken = useCallback(
    (token: string) => {
      storeAccessToken(token);
      clearRenewal();
      const times = tokenTimes(token);
      if (!times) return;
      const renewAt = times.issuedAt + (times.expiresAt - times.issuedAt) * RENEW_AT;
      renewTimer.current = setTimeout(
        () => void renewRef.current(),
        Math.max(renewAt - Date.now(), 1000),
      );
    },
    [clearRenewal],
  );

  /**
   * Requests a new token for the current user and stores it (one request at a time). Resolves
   * null, and signs out locally, when the server says the session is over (401/403); after a
   * network failure it keeps the old token and tries again in 30 s.
   */
  const renewToken = useCallback((): Promise<string | null> => {
    const current = userRef.current;
    if (!current) return Promise.resolve(null);
    pendingToken.current ??= (async () => {
      try {
        const token = await requestApiToken(current.uid);
        if (userRef.current?.uid !== current.uid) return null;
        keepToken(token);
        return token;
      } catch (error) {
        if (isApiError(error, 401, 403)) {
          if (userRef.current?.uid === current.uid) signedOut();
          return null;
        }
        clearRenewal();
        renewTimer.current = setTimeout(() => void renewRef.current(), RETRY_MS);
        return readAccessToken();
      } finally {
        pendingToken.current = null;
      }
    })();
    return pendingToken.current;
  }, [clearRenewal, keepToken, signedOut]);

  useEffect(() => {
    renewRef.current = renewToken;
  }, [renewToken]);

  /**
   * Signed in as `identity`: get and store the token, then publish the user (docs/product.md §4) through
   * `publish` (at once unless given). With `show` false the token and the session serve the API
   * calls, but the published state says nobody is signed in (a registration in progress).
   * @throws ApiError from `POST /api/jwt` (then signed out locally)
   */
  const establish = useCallback(
    async (identity: IdentityUser, publish = applyNow, show = true): Promise<AuthUser> => {
      const next = toAuthUser(identity);
      if (userRef.current?.uid !== next.uid) {
        queryClient.removeQueries({ queryKey: queryKeys.roles.all });
      }
      try {
        keepToken(await requestApiToken(next.uid));
      } catch (error) {
        publish(signedOut);
        throw error;
      }
      userRef.current = next;
      shownRef.current = show;
      publish(() => {
        setUser(show ? next : null);
        setLoading(false);
      });
      return next;
    },
    [keepToken, queryClient, signedOut],
  );

  // App start: resume the identity session, if any, without disturbing hydration.
  useEffect(() => {
    let cancelled = false;
    getSession()
      .then(async (identity) => {
        if (cancelled) return;
        if (identity) await establish(identity, applyAfterHydration);
        else applyAfterHydration(signedOut);
      })
      .catch(() => {
        if (!cancelled) applyAfterHydration(signedOut);
      });
    return () => {
      cancelled = true;
    };
  }, [establish, signedOut]);

  useEffect(() => clearRenewal, [clearRenewal]);

  // A tab that slept past the token's expiry renews it as soon as it is seen again.
  useEffect(() => {
    const handleVisible = () => {
      if (document.visibilityState !== 'visible' || !userRef.current) return;
      const token = readAccessToken();
      if (!token || isTokenExpiring(token, EXPIRY_MARGIN_MS)) void renewToken();
    };
    document.addEventListener('visibilitychange', handleVisible);
    window.addEventListener('focus', handleVisible);
    return () => {
      document.removeEventListener('visibilitychange', handleVisible);
      window.removeEventListener('focus', handleVisible);
    };
  }, [renewToken]);

  const logOut = useCallback(async () => {
    setLoading(true);
    try {
      await signOutSession();
    } catch (error) {
      // The server session may still be alive: stay signed in, say so to the caller.
      setLoading(false);
      throw error;
    }
    signedOut();
  }, [signedOut]);

  // The shared API client: fresh tokens, and docs/product.md §8 Global for 401/403.
  const unauthorizedHandled = useRef(false);
  useEffect(
    () =>
      connectAuth({
        async getAccessToken() {
          const token = readAccessToken();
          if (!userRef.current) return token;
          if (token && !isTokenExpiring(token, EXPIRY_MARGIN_MS)) return token;
          return (await renewToken()) ?? null;
        },
        onUnauthorized() {
          // Nobody is signed in (e.g. just after deleting one's own account): a late
          // 401 of a call or stream started before has nobody to log out and must not send the
          // visitor to /login.
          if (unauthorizedHandled.current || !userRef.current) return;
          unauthorizedHandled.current = true;
          const from = {
            pathname: window.location.pathname,
            search: window.location.search,
            hash: window.location.hash,
          };
          void logOut()
            .catch(() => signedOut())
            .finally(() => {
              unauthorizedHandled.current = false;
              void navigate(paths.login.href(), { replace: true, state: { from } });
            });
        },
      }),
    [logOut, navigate, renewToken, signedOut],
  );

  const value = useMemo<AuthState>(() => {
    /** Runs an identity action with `loading` on; on failure `loading` goes back off. */
    const withLoading = async <T,>(action: () => Promise<T>): Promise<T> => {
      setLoading(true);
      try {
        return await action();
      } catch (error) {
        setLoading(false);
        throw error;
      }
    };
    return {
      user,
      loading,
      signIn: (email, password) =>
        withLoading(async () => establish(await signInWithEmail(email, password))),
      // docs/product.md §2 Registration ends with a log out and /login: the new account is never shown as
      // signed in, not even under the success dialog.
      signUp: (input) =>
        withLoading(async () => establish(await signUpWithEmail(input), applyNow, false)),
      signInWithGoogle: (callbackURL, errorCallbackURL) =>
        withLoading(async () => {
          const { url } = await startGoogleSignIn(callbackURL, errorCallbackURL);
          window.location.assign(url);
        }),
      updateProfile: (input) =>
        withLoading(async () => {
          await updateIdentity(input);
          const current = userRef.current;
          if (current) {
            const next = { ...current, displayName: input.name, photoURL: input.image };
            userRef.current = next;
            if (shownRef.current) setUser(next);
          }
          setLoading(false);
        }),
      logOut,
      applyProfile: (change) => {
        const current = userRef.current;
        if (!current) return;
        const next = { ...current, ...change };
        userRef.current = next;
        if (shownRef.current) setUser(next);
      },
      forgetSession: signedOut,
    };
  }, [user, loading, establish, logOut, signedOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
