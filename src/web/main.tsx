/**
 * Entry point of the SPA (index.html loads it). A page the server rendered (decision 0015)
 * carries its query cache: the app hydrates the server's HTML against it; every other page is
 * rendered in the browser into the empty #root.
 */
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readState } from './app/ssr/state';
import { createQueryClient, hydrateServerState } from './lib/react-query';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const state = readState();
if (state) {
  const queryClient = createQueryClient();
  hydrateServerState(queryClient, state);
  // The server's <title> makes way for the one React manages (PageTitle), which it adds itself.
  document.head.querySelector('title')?.remove();
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
