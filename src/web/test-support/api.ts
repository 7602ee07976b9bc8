/**
 * The network of the component tests (docs/testing.md, "Component tests"): an MSW server
 * (`msw/node`) that answers the contract's routes, named by the route table
 * (`#contract/route-table`), with typed fixtures, so a component calls the API exactly as in the
 * browser (`apiCall`, fetch) and no real server runs. The route's method and path come from the
 * table (Fastify's `:param` syntax is MSW's too); the answer is checked against the route's 2xx
 * answer type (`RouteAnswer`) and the recorded bodies are typed as its body (`RouteBody`).
 *
 * A request no test answered fails the test that made it (test-support/setup.ts), naming it.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import * as apiRoutes from '#contract/route-table';
import type { ApiRoute, RouteAnswer, RouteBody } from '#contract/routes';

/** The server every component test file shares; handlers are reset after each test. */
export const server = setupServer();

/** One request a handler answered. */
export interface Received<R extends ApiRoute> {
  /** The path parameters (`:id` → `{id}`). */
  params: Record<string, string>;
  /** The query string. */
  query: URLSearchParams;
  /** The JSON body (undefined when none was sent, or a multipart one). */
  body: RouteBody<R>;
  /** The `authorization` header, e.g. `Bearer …`, or null. */
  authorization: string | null;
}

/** The requests one handler answered, in order. */
export interface Calls<R extends ApiRoute> {
  readonly calls: Received<R>[];
}

/** An error answer in the API's shape (`{statusCode, error, message}`, src/contract/errors.ts). */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

type Reply<R extends ApiRoute> = RouteAnswer<R> | Refusal;

const errorNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A refusal to answer with: `refusal(409, 'This product is already sold')`. */
export function refusal(status: number, message: string): Refusal {
  return new Refusal(status, message);
}

const methods = {
  GET: http.get,
  POST: http.post,
  PATCH: http.patch,
  PUT: http.put,
  DELETE: http.delete,
} as const;

/**
 * Answers `route` for the rest of the test: with `reply` (an answer of the route's 2xx type, or a
 * `refusal(...)`), or with what `reply(request)` returns for each request. `status` is the
 * success status (200 by default, e.g. 201 for a creation). Returns the requests it answered.
 */
export function answer<R extends ApiRoute>(
  route: R,
  reply: Reply<R> | ((request: Received<R>) => Reply<R> | Promise<Reply<R>>),
  { status = 200 }: { status?: number } = {},
): Calls<R> {
  const calls: Received<R>[] = [];
  const respond =
    typeof reply === 'function'
      ? (reply as (request: Received<R>) => Reply<R> | Promise<Reply<R>>)
      : () => reply;
  server.use(
    methods[route.method](route.url, async ({ request, params }) => {
      const json = request.headers.get('content-type')?.startsWith('application/json');
      const text = json ? await request.text() : '';
      const received: Received<R> = {
        params: Object.fromEntries(
          Object.entries(params).map(([key, value]) => [key, String(value)]),
        ),
        query: new URL(request.url).searchParams,
        body: (text ? JSON.parse(text) : undefined) as RouteBody<R>,
        authorization: request.headers.get('authorization'),
      };
      calls.push(received);
      const result = await respond(received);
      if (result instanceof Refusal) {
        return HttpResponse.json(
          {
            statusCode: result.status,
            error: errorNames[result.status] ?? 'Error',
            message: result.message,
          },
          { status: result.status },
        );
      }
      return HttpResponse.json(result as JsonBodyType, { status });
    }),
  );
  return { calls };
}

/**
 * Answers `route` only once the returned `release()` is called: for what a page shows while a
 * call is under way (a busy button, a progress bar).
 */
export function answerLater<R extends ApiRoute>(
  route: R,
  reply: Reply<R>,
): Calls<R> & { release(): void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handled = answer(route, async () => {
    await released;
    return reply;
  });
  return { calls: handled.calls, release: () => release() };
}

/**
 * Answers seller insights' beacons (decision 0029) that pages send once shown: the visitor id,
 * a listing page's view and a results page's impressions. Returns the impressions' requests.
 */
export function answerBeacons(): {
  views: Calls<typeof apiRoutes.recordView>;
  impressions: Calls<typeof apiRoutes.recordImpressions>;
} {
  answer(apiRoutes.issueVisitorId, { visitor_id: 'component-test-visitor' }, { status: 201 });
  return {
    views: answer(apiRoutes.recordView, { ok: true }, { status: 202 }),
    impressions: answer(apiRoutes.recordImpressions, { ok: true }, { status: 202 }),
  };
}
