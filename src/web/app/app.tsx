/** The whole SPA: the router around the providers (the auth state navigates) and the routes. */
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** `queryClient`: the cache a server-rendered page was hydrated into (decision 0015). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <BrowserRouter>
      <AppProvider queryClient={queryClient}>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
