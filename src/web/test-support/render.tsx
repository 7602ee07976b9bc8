/**
 * Renders a component as the app does, without the app: a fresh TanStack Query client (no
 * retries, so a refusal shows at once), the auth state of a signed-in user or a visitor (the
 * context `useAuth` reads, without the identity provider), a router at `path` and the toasts.
 * The current location is shown in `data-testid="location"`, so a test can read where a link or
 * a submit went. Returns Testing Library's queries and a `userEvent` session.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { DetachedWindowAPI } from 'happy-dom';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect } from 'vitest';
import * as apiRoutes from '#contract/route-table';
import type { Role } from '#contract/limits';
import { AuthContext, type AuthState, type AuthUser } from '#web/lib/auth/auth-context';
import { Toaster } from '#web/lib/toast';
import { answer } from './api';

export interface RenderOptions {
  /** The signed-in user; null (default) for a visitor. */
  user?: AuthUser | null;
  /** The URL the router starts at (default `/`). */
  path?: string;
  /** The route pattern the component is mounted on, for its `useParams` (default: any path). */
  route?: string;
  /**
   * The window's width in CSS pixels, for what `matchMedia` decides (default 1024, the `lg`
   * breakpoint: a desktop's layout). CSS is not applied: only scripts see the width.
   */
  width?: number;
}

/** The default window width of the component tests (CSS pixels). */
export const defaultWidth = 1024;

/** Sets the window's width (happy-dom's `window.happyDOM.setViewport`, its public API). */
export function setWindowWidth(width: number): void {
  (window as unknown as { happyDOM: DetachedWindowAPI }).happyDOM.setViewport({ width });
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /**
   * Resolves once no query is loading: every answer the page asked for has arrived (the roles,
   * the orders…), so what it does not show, it will not show.
   */
  settled(): Promise<void>;
}

/** An action of the auth state no component test should reach. */
function unexpected(name: string): never {
  throw new Error(`${name}() is not part of a component test: sign in with render's "user"`);
}

/** The auth state of `user` (null: a visitor), settled (not loading). */
export function authState(user: AuthUser | null): AuthState {
  return {
    user,
    loading: false,
    signIn: () => unexpected('signIn'),
    signUp: () => unexpected('signUp'),
    signInWithGoogle: () => unexpected('signInWithGoogle'),
    updateProfile: () => unexpected('updateProfile'),
    logOut: () => unexpected('logOut'),
    applyProfile: () => undefined,
    forgetSession: () => undefined,
  };
}

/** Shows the router's location, for tests that follow a link or a navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

/**
 * The role checks (`GET /api/user/{admin|seller|buyer}/{uid}`) answered for a signed-in user:
 * `roles` are held, the others not. Every account buys (decision 0042), so buyer by default.
 */
export function answerRoles(roles: readonly Role[] = ['buyer']) {
  answer(apiRoutes.adminRole, { isAdmin: roles.includes('admin') });
  answer(apiRoutes.sellerRole, { isSeller: roles.includes('seller') });
  answer(apiRoutes.buyerRole, { isBuyer: roles.includes('buyer') });
}

/** Renders `ui` inside the app's providers (see the module comment). */
export function renderWithProviders(
  ui: ReactNode,
  { user = null, path = '/', route = '*', width = defaultWidth }: RenderOptions = {},
): Rendered {
  setWindowWidth(width);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={authState(user)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            {route !== '*' && <Route path="*" element={null} />}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  const settled = () =>
    waitFor(() => expect(queryClient.isFetching()).toBe(0)).then(() => undefined);
  // No pause between a user's keystrokes and clicks: nothing here waits on real time.
  return { ...result, user: userEvent.setup({ delay: null }), queryClient, settled };
}
