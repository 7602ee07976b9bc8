/**
 * Server rendering of the public pages (decision 0015), built by `vite build --ssr`
 * into dist/web-ssr/entry-server.js and called by the server's web plugin
 * (src/server/plugins/web.ts). For a page of `ssr/pages.ts` it fetches the page's data through
 * the given transport (the server answering itself, no network), renders the app with React 19's
 * `prerender` (react-dom/static, below), which resolves once every lazy chunk and Suspense boundary is
 * ready and writes them in order, without the inline scripts of streaming (the CSP allows none), and returns the
 * HTML, the status (404 for an unknown listing or seller), the `<head>` facts and the dehydrated
 * query cache for the browser to hydrate against. Every other page answers null: the browser
 * renders it alone, behind its guards.
 *
 * `prerender` comes from react-dom's own entry for the runtime (`react-dom/static`, the Node build
 * on Node). An earlier version took the edge build to keep Node 20's async hook off; that reason
 * went with decision 0031 (Better Auth turns the hook on anyway; Node 24 has none), decision 0051.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { planPage, type PageHead } from './app/ssr/pages';
import { serializeState } from './app/ssr/state';
import { setApiTransport, type ApiTransport } from './lib/api-client';
import { GC_TIME_MS } from './lib/react-query';

export type { PageHead } from './app/ssr/pages';
/** The route patterns this build renders (the server registers them). */
export { renderedPaths } from './app/ssr/pages';

/** A server-rendered page. */
export interface RenderedPage {
  /** 200, or 404 when the listing or seller does not exist (the HTML then shows Uh-oh!). */
  status: 200 | 404;
  head: PageHead;
  /** The app's HTML, for the inside of `<div id="root">`. */
  html: string;
  /** The dehydrated query cache as script-safe JSON (ssr/state.ts). */
  state: string;
}

/** How long rendering may take before the page is left to the browser, in milliseconds. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The HTML of `element` once everything in it is ready (lazy chunks, Suspense boundaries).
 * @throws the first rendering error, or when it takes longer than RENDER_TIMEOUT_MS.
 */
async function renderToString(element: React.ReactNode): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerender(element, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // React outlines a Suspense boundary larger than this many bytes, to be moved in place by an
    // inline script that the CSP (script-src 'self') blocks: never outline.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      // A boundary that fails would be left to the browser; the caller gives the page up instead.
      failure ??= error;
    },
  });
  if (failure) {
    if (failure instanceof Error) throw failure;
    throw new Error(typeof failure === 'string' ? failure : 'Rendering failed', { cause: failure });
  }
  return new Response(prelude).text();
}

/**
 * Makes the renderer. `transport` answers the app's API calls (e.g. Fastify's `inject`); it is
 * installed once, as every render is anonymous and reads public data only.
 */
export function createRenderer(transport: ApiTransport) {
  setApiTransport(transport);
  /**
   * Renders `url` (path and query string, origin ignored).
   * @returns null for a page the browser renders alone.
   * @throws when rendering fails or takes longer than 5 s (the caller serves the plain shell).
   */
  return async function renderPage(url: URL): Promise<RenderedPage | null> {
    const plan = planPage(url);
    if (!plan) return null;
    const queryClient = new QueryClient({
      // A prefetched 4xx stays an error while rendering (the browser then shows the same Uh-oh!).
      defaultOptions: {
        queries: { retry: false, retryOnMount: false, gcTime: GC_TIME_MS, staleTime: Infinity },
      },
    });
    await plan.prefetch(queryClient);
    const { status, head } = plan.head(queryClient);
    const app = (
      <StrictMode>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppProvider queryClient={queryClient}>
            <AppRoutes />
          </AppProvider>
        </StaticRouter>
      </StrictMode>
    );
    const html = await renderToString(app);
    const state = serializeState(
      dehydrate(queryClient, {
        shouldDehydrateQuery: (query) =>
          query.state.status === 'success' || query.state.status === 'error',
      }),
    );
    queryClient.clear();
    return { status, head, html, state };
  };
}
