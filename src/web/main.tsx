/**
 * Entry point of the SPA (index.html loads it). A page the server rendered (decision 0015)
 * carries its query cache: the app hydrates the server's HTML against it; every other page is
 * rendered in the browser into the empty #root.
 */
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readState } from './app/ssr/state';
import { createQueryClient, hydrateServerState } from './lib/react-query';
import { startPwa } from './lib/pwa';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The service worker and the install offer (decision 0045).
startPwa();

const state = readState();
if (state) {
  const queryClient = createQueryClient();
  hydrateServerState(queryClient, state);
  // The server's <title> stays: when the page's PageTitle commits, React takes over the first
  // <title> of the head that it does not own yet (react-dom's hoistable title), so the page has
  // one title all along, however long hydration in a transition takes.

  // Hydration in a transition is time-sliced: React yields to the browser every few
  // milliseconds instead of hydrating the whole page in one long task (Total Blocking
  // Time), and a click during hydration is replayed once its part of the page is hydrated. The
  // auth state's first update is a transition too (auth-provider.tsx): it waits for the route's
  // boundary to hydrate instead of making React render it afresh.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
