/** The auth state of docs/product.md §4 and the actions that change it; `useAuth` reads it. */
import { createContext, useContext } from 'react';
import type { AuthUser } from './identity-client';

export type { AuthUser };

export interface AuthState {
  /** The signed-in user, or null. */
  user: AuthUser | null;
  /**
   * docs/product.md §4: true on app start and on every sign-up, sign-in, Google sign-in, profile update or
   * logout; false once a token is stored or the user is signed out.
   */
  loading: boolean;
  /** Email + password sign-in; resolves once the API token is stored. @throws ApiError */
  signIn: (email: string, password: string) => Promise<AuthUser>;
  /**
   * Creates the account and signs it in for the API calls that follow (photo, user record,
   * profile); resolves with its user once the API token is stored. The state's `user` stays
   * null: registration ends signed out (docs/product.md §2), so the app never shows the account signed in.
   * @throws ApiError
   */
  signUp: (input: {
    name: string;
    email: string;
    password: string;
    /** A solved proof-of-work challenge (decision 0044). */
    proof_of_work?: string;
  }) => Promise<AuthUser>;
  /**
   * Leaves for Google; the browser comes back to `callbackURL` signed in, or to
   * `errorCallbackURL?error=…`. @throws ApiError when it cannot start.
   */
  signInWithGoogle: (callbackURL: string, errorCallbackURL: string) => Promise<void>;
  /** Updates the display name and photo (docs/product.md §2 Registration "update the profile"). */
  updateProfile: (input: { name: string; image: string }) => Promise<void>;
  /** Ends the session on the server and removes the token. @throws when the server fails. */
  logOut: () => Promise<void>;
  /**
   * Shows a name or photo change the server has already saved (`PATCH /api/profile`)
   * in the auth state, so the navigation bar shows it at once. No server call.
   */
  applyProfile: (change: { displayName?: string; photoURL?: string }) => void;
  /**
   * Signs out locally after the server has already ended every session (the user deleted their
   * own account): no user, no token. No server call.
   */
  forgetSession: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);

/** The auth state; only inside <AuthProvider>. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
