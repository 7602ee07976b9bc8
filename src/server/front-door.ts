/**
 * The front door (decision 0022 "The front door"): a plain `node:http` request
 * listener in front of Fastify that answers, from memory, the two kinds of request whose answer
 * is already there, and hands every other request to Fastify unchanged.
 *
 * - **What it answers.** Answerers added by the plugins that own the memory:
 *   `GET`/`HEAD /assets/<name>` of a hashed asset held by plugins/hashed-assets.ts (added in
 *   plugins/web.ts), and a `GET` whose exact URL has an entry of the current generation in the
 *   public cache (plugins/public-cache.ts). An answerer answers only when the Fastify path would
 *   give the same status, body and headers (but the per-connection `date`, `connection`,
 *   `keep-alive`); when it cannot be sure (a signed-in request to an anonymous-only entry, an
 *   `Accept-Encoding` only @fastify/compress would honour) it declines.
 * - **Why.** A cached read or an asset went through Fastify's whole lifecycle (routing, request
 *   and reply objects, the global hooks, compression's and logging's hooks) to send bytes
 *   computed long before: about 30 % of what a bare `node:http` server answers on the same
 *   machine (`npm run bench`). The front door writes a header block precomputed per answer.
 * - **What it skips, and why that is safe.** Routing (it matches the asset prefix and the exact
 *   cache key itself); the security plugin's hooks: its headers are the same precomputed map
 *   (`app.securityHeaders`, the only input of every block), its write rate limit counts writes
 *   only (POST, PATCH, PUT, DELETE; the front door answers GET and HEAD), and its `no-store`
 *   applies to signed-in `/api` answers, which the front door declines; the route's guard (the
 *   cached routes are public, and the cache hit in Fastify answers before the guard too);
 *   @fastify/compress (the answer is already br/gzip, or below its 1 KiB threshold, or the
 *   front door declines); the invalidation signals (reads raise none); Fastify's request
 *   logging (replaced by one `request completed` line when `info` is enabled).
 * - **What it keeps.** Every `request` listener prepended to the server (lifecycle.ts `drain`
 *   sets `connection: close`, which `writeHead` merges into the block). While the app closes
 *   (`preClose` onwards) everything goes to Fastify, which answers 503 as before. An exception
 *   in an answerer before anything was written hands the request to Fastify; the front door
 *   never answers an error of its own.
 */
import {
  type IncomingMessage,
  type ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The front door's registry (front-door.ts): plugins add their answerers to it. */
    frontDoor: FrontDoor;
  }
}

/**
 * Answers `request` on `response` and returns true, or returns false without touching
 * `response` (Fastify answers it). It must write the whole answer synchronously, its status
 * and headers with `FrontDoor.writeHead` and a block from `FrontDoor.headerBlock`.
 */
export type FrontDoorAnswerer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * A header block: the headers of one answer, validated once when made (`FrontDoor.headerBlock`)
 * and written by `FrontDoor.writeHead` as often as the answer is given.
 */
export interface HeaderBlock {
  /**
   * `[name, value, name, value, …]`, one pair per name whatever its case (frozen): the form
   * `ServerResponse.writeHead` takes (it merges headers set before with `setHeader`).
   */
  readonly list: readonly string[];
}

/** `(request, response) => void`: Fastify's handler, or the front door around it. */
export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** The registry and listener of the front door; one per app. */
export interface FrontDoor {
  /**
   * Adds an answerer under `name`. Answerers are tried in the order added, but those added with
   * `first` (an answerer that declines from the URL alone, at no cost) go before the others.
   */
  add(name: string, answerer: FrontDoorAnswerer, options?: { first?: boolean }): void;
  /**
   * Starts answering: `baseHeaders(url)` are the headers every answer to `url` carries (the
   * security plugin's `securityHeaders`), `log` the app's logger. Until then every request goes
   * to Fastify.
   */
  open(options: {
    baseHeaders: (url: string) => Readonly<Record<string, string>>;
    log: FastifyBaseLogger;
  }): void;
  /** Stops answering for good (the app is closing): every request goes to Fastify. */
  close(): void;
  /**
   * `baseHeaders(url)` then `headers` (which win on a clash of names in any case), as a block for
   * `writeHead`; `url` is the request's. Throws Node's `ERR_INVALID_HTTP_TOKEN` or
   * `ERR_INVALID_CHAR` (a TypeError) for a name or value that may not be sent (RFC 9110 §5.1,
   * §5.5), as `writeHead` would.
   */
  headerBlock(url: string, headers: Readonly<Record<string, string>>): HeaderBlock;
  /** Writes `statusCode` and `block` to `response`: `response.writeHead(statusCode, block.list)`. */
  writeHead(response: ServerResponse, statusCode: number, block: HeaderBlock): void;
  /** The listener for `http.createServer`: the front door, then `fallback` (Fastify's). */
  listener(fallback: RequestListener): RequestListener;
  /** Requests answered, by answerer name (for tests and the bench). */
  readonly answered: Readonly<Record<string, number>>;
}

/**
 * The value of request header `name` (lower-case) read from `request.rawHeaders`, or undefined
 * when absent; repeats are joined with ", ", as `request.headers` joins the list-valued headers
 * an answerer reads (`accept-encoding`, `if-none-match`; RFC 9110 §5.3). Node builds
 * `request.headers` on first access, a dictionary of every header; an answerer that needs one or
 * two of them reads them here instead.
 */
export function rawHeader(request: IncomingMessage, name: string): string | undefined {
  const raw = request.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

/**
 * Writes `statusCode` and the headers of `block` to `response`: Node's public
 * `response.writeHead(statusCode, block.list)`, which validates each name and value again and
 * merges any header a `request` listener set before (the drain's `connection: close`). An
 * earlier version skipped that validation by writing the block into Node's private store of set
 * headers; that was removed so that no Node upgrade can change an answer (decision 0031).
 */
function writeHead(response: ServerResponse, statusCode: number, block: HeaderBlock): void {
  response.writeHead(statusCode, block.list as string[]);
}

/** Whether `log` writes `info` lines (Fastify's logger when off has no `isLevelEnabled`). */
const infoEnabled = (log: FastifyBaseLogger | undefined): boolean =>
  (log as { isLevelEnabled?: (level: string) => boolean } | undefined)?.isLevelEnabled?.('info') ===
  true;

/** A new front door, closed (everything goes to Fastify until `open`). */
export function createFrontDoor(): FrontDoor {
  const answerers: { name: string; answerer: FrontDoorAnswerer; first: boolean }[] = [];
  const answered: Record<string, number> = {};
  let baseHeaders: (url: string) => Readonly<Record<string, string>> = () => ({});
  let log: FastifyBaseLogger | undefined;
  let open = false;

  /**
   * One `request completed` line, as Fastify logs it (its `req`/`res` serializers read these
   * fields). The answer is written synchronously, so its time is taken when the answerer returns.
   */
  const logAnswer = (request: IncomingMessage, response: ServerResponse, startedAt: number) =>
    log?.info(
      {
        reqId: response.getHeader('x-request-id'),
        req: { method: request.method, url: request.url },
        res: { statusCode: response.statusCode },
        responseTime: performance.now() - startedAt,
        frontDoor: true,
      },
      'request completed',
    );

  /** Whether an answerer answered; any exception before a byte was written counts as no. */
  const tryAnswer = (request: IncomingMessage, response: ServerResponse): boolean => {
    for (const { name, answerer } of answerers) {
      let done: boolean;
      try {
        done = answerer(request, response);
      } catch (error) {
        if (!response.headersSent) {
          log?.warn({ err: error, answerer: name }, 'front door: answerer failed; to Fastify');
          continue;
        }
        // Half an answer is out: nothing can be handed on any more.
        log?.error({ err: error, answerer: name }, 'front door: answerer failed mid-answer');
        response.destroy();
        return true;
      }
      if (done) {
        answered[name] = (answered[name] ?? 0) + 1;
        return true;
      }
    }
    return false;
  };

  return {
    add(name, answerer, options) {
      if (options?.first) {
        const lastFirst = answerers.findLastIndex((added) => added.first);
        answerers.splice(lastFirst + 1, 0, { name, answerer, first: true });
      } else answerers.push({ name, answerer, first: false });
      answered[name] ??= 0;
    },
    open(options) {
      baseHeaders = options.baseHeaders;
      log = options.log;
      open = true;
    },
    close() {
      open = false;
    },
    headerBlock(url, headers) {
      // One header per name whatever its case: `headers` win on a clash, in the place of the
      // base header they replace.
      const byName = new Map<string, readonly [string, string]>();
      for (const [name, value] of [
        ...Object.entries(baseHeaders(url)),
        ...Object.entries(headers),
      ]) {
        validateHeaderName(name);
        validateHeaderValue(name, value);
        byName.set(name.toLowerCase(), [name, value]);
      }
      return { list: Object.freeze([...byName.values()].flat()) };
    },
    writeHead,
    listener(fallback) {
      return (request, response) => {
        if (open) {
          const logging = infoEnabled(log);
          const startedAt = logging ? performance.now() : 0;
          if (tryAnswer(request, response)) {
            if (logging) logAnswer(request, response, startedAt);
            return;
          }
        }
        fallback(request, response);
      };
    },
    answered,
  };
}
