/**
 * App-wide providers: TanStack Query with the spec's defaults (docs/product.md §9), the auth state (docs/product.md §4),
 * the profile's time zone filled from the browser at sign-in (decision 0049) and the toasts (react-hot-toast, mounted once loaded: app/toasts.tsx). Rendered inside the router: a 401/403 navigates to /login.
 * A server-rendered page (decision 0015) passes the QueryClient that already holds its data.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../lib/auth/auth-provider';
import { createQueryClient } from '../lib/react-query';
import { BrowserTimeZone } from '../lib/time-zone';
import { Toasts } from './toasts';

export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <BrowserTimeZone />
        <Toasts />
      </AuthProvider>
    </QueryClientProvider>
  );
}
