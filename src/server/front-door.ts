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
  IncomingMessage,
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import { Socket } from 'node:net';
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
   * `[name, value, name, value, …]`, one pair per name whatever its case: the form
   * `ServerResponse.writeHead` takes (it merges headers set before with `setHeader`).
   */
  readonly list: readonly string[];
  /**
   * The same headers in the form Node keeps those set with `setHeader` — `{ name: [name,
   * value] }` — with every header Node does not look at rendered ahead into one entry (frozen;
   * see `outgoingEntries` and `writeHead`).
   */
  readonly outgoing: Readonly<Record<string, readonly [string, string]>>;
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
  /**
   * Writes `statusCode` and `block` to `response`, as `response.writeHead(statusCode,
   * block.list)` would, without validating the block's headers again (`writeHead` below).
   */
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
 * Node's own key of a response's headers set with `setHeader` (the private symbol
 * `kOutHeaders` of `_http_outgoing.js`, holding `{ lower-case name: [name, value] }`), found on a
 * probe response at start-up; undefined when this Node keeps them otherwise.
 */
const outgoingHeadersKey: symbol | undefined = (() => {
  const probe = new ServerResponse(new IncomingMessage(new Socket()));
  probe.setHeader('X-Probe', 'ok');
  for (const key of Object.getOwnPropertySymbols(probe)) {
    const stored = (probe as unknown as Record<symbol, unknown>)[key];
    if (key.description !== 'kOutHeaders' || typeof stored !== 'object' || stored === null)
      continue;
    const entries = Object.entries(stored);
    const [name, entry] = entries[0] ?? [];
    if (
      entries.length === 1 &&
      name === 'x-probe' &&
      Array.isArray(entry) &&
      entry[0] === 'X-Probe' &&
      entry[1] === 'ok'
    ) {
      return key;
    }
  }
  return undefined;
})();

/**
 * Headers Node's `_storeHeader` looks at by name as it writes them (`matchHeader`,
 * `processHeader`: framing, keep-alive, the date it would add, latin1 for a download's name).
 * Each stays an entry of its own in a block's `outgoing` map.
 */
const inspectedByNode = new Set([
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'date',
  'expect',
  'trailer',
  'content-disposition',
  'set-cookie',
]);

/**
 * A block's `outgoing` map from its validated `[name, value]` pairs by lower-case name (in the
 * block's order): each header Node inspects
 * (`inspectedByNode`) as an entry of its own, and each run of the others between them rendered
 * ahead into one entry, whose value carries the rest of the run as `value\r\nname: value…`.
 * Node writes every entry as `name + ': ' + value + '\r\n'`, in order, so the bytes on the wire
 * are those of one entry per header, and the per-header work of every answer — concatenating,
 * lower-casing the name, matching it against the headers Node acts on — is done once here
 * (decision 0022, "Header blocks rendered ahead").
 */
function outgoingEntries(
  byName: ReadonlyMap<string, readonly [string, string]>,
): Record<string, readonly [string, string]> {
  const outgoing: Record<string, readonly [string, string]> = {};
  let run: (readonly [string, string])[] = [];
  const endRun = () => {
    const [first, ...rest] = run;
    if (first) {
      const value = [first[1], ...rest.map(([name, value]) => `${name}: ${value}`)].join('\r\n');
      outgoing[first[0].toLowerCase()] = Object.freeze([first[0], value] as const);
    }
    run = [];
  };
  for (const [lowerCaseName, pair] of byName) {
    if (!inspectedByNode.has(lowerCaseName)) {
      run.push(pair);
      continue;
    }
    endRun();
    outgoing[lowerCaseName] = Object.freeze([pair[0], pair[1]] as const);
  }
  endRun();
  return outgoing;
}

/** Whether `writeHead` skips the per-answer validation on this Node (for tests). */
export const headersPreValidated = outgoingHeadersKey !== undefined;

/**
 * Writes `statusCode` and the headers of `block` to `response`, as
 * `response.writeHead(statusCode, block.list)` does, but without validating each name and value
 * again (two regular expressions per header, answer after answer, about a tenth of the
 * instructions of a hashed asset's answer in a process that has served everything else) nor
 * handling them one by one (another tenth; callgrind, decision 0022).
 *
 * How: `writeHead` without headers writes the headers already set on the response, and those
 * it does not validate again, because `setHeader` validated them (Node 20's `_storeHeader`).
 * So the block's `outgoing` map — validated once and rendered ahead by `headerBlock`, frozen,
 * shared by every answer — is put where `setHeader` keeps them, then `writeHead(statusCode)`
 * writes it. The bytes are the same (front-door.test.ts compares them); only
 * `response.getHeader` would see a rendered run as one header, and nothing reads the headers of
 * an answer the front door wrote. When a `request` listener set a header before (the drain's
 * `connection: close`), or this Node keeps its headers elsewhere, the block goes through
 * `writeHead(statusCode, block.list)`, which validates and merges.
 */
function writeHead(response: ServerResponse, statusCode: number, block: HeaderBlock): void {
  const store = response as unknown as Record<symbol, unknown>;
  if (outgoingHeadersKey !== undefined && store[outgoingHeadersKey] === null) {
    store[outgoingHeadersKey] = block.outgoing;
    response.writeHead(statusCode);
  } else response.writeHead(statusCode, block.list as string[]);
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
      return {
        list: Object.freeze([...byName.values()].flat()),
        outgoing: Object.freeze(outgoingEntries(byName)),
      };
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
