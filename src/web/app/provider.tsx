/**
 * App-wide providers: TanStack Query with the spec's defaults (spec §9), the auth state (spec §4)
 * and the toasts (react-hot-toast). Rendered inside the router: a 401/403 navigates to /login.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '../lib/auth/auth-provider';
import { createQueryClient } from '../lib/react-query';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Toaster position="top-center" />
      </AuthProvider>
    </QueryClientProvider>
  );
}
