/**
 * The query cache a server-rendered page carries to the browser (decision 0015): the server
 * dehydrates its QueryClient into a `<script type="application/json">` element, and the browser
 * hydrates it before the first render, so the page hydrates against the same data it was
 * rendered from and does not fetch it again.
 *
 * Errors travel too (a removed listing renders Uh-oh! on both sides): an `ApiError` is written as
 * `{ name: 'ApiError', status, message }` and revived on arrival.
 */
import type { DehydratedState } from '@tanstack/react-query';
import { scriptSafeJson } from '#contract/script-json';
import { ApiError } from '../../lib/api-client';

/** The id of the `<script type="application/json">` element that holds the state. */
export const ssrStateElementId = 'sg-ssr-state';

interface SerializedApiError {
  name: 'ApiError';
  status: number;
  message: string;
}

function isSerializedApiError(value: unknown): value is SerializedApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'ApiError' &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}

/**
 * `state` as JSON that is safe inside a `<script>` element (contract/script-json.ts). The
 * server's clock is left out: `dehydratedAt`, `dataUpdatedAt` and `errorUpdatedAt` are written as
 * 0, since the browser puts its own arrival time in their place (lib/react-query.ts,
 * `hydrateServerState`). The same data thus always gives the same bytes, and a page re-rendered
 * after an unrelated write keeps its ETag (the browser or a CDN gets 304, not the page
 * again).
 */
export function serializeState(state: DehydratedState): string {
  const queries = state.queries.map((query) => ({
    ...query,
    dehydratedAt: 0,
    state: {
      ...query.state,
      dataUpdatedAt: 0,
      errorUpdatedAt: 0,
      ...(query.state.error instanceof ApiError && {
        error: {
          name: 'ApiError',
          status: query.state.error.status,
          message: query.state.error.message,
        } satisfies SerializedApiError,
      }),
    },
  }));
  return scriptSafeJson({ ...state, queries });
}

/** The state the server put in the page, or null for a page the browser renders alone. */
export function readState(): DehydratedState | null {
  const element = document.getElementById(ssrStateElementId);
  if (!element?.textContent) return null;
  const state = JSON.parse(element.textContent) as DehydratedState;
  for (const query of state.queries) {
    const error: unknown = query.state.error;
    if (isSerializedApiError(error)) {
      (query.state as { error: unknown }).error = new ApiError(error.status, error.message);
    }
  }
  return state;
}
