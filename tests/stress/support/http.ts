/**
 * A small keep-alive HTTP client over node:http for the stress tests: every call has a deadline,
 * never throws for HTTP or transport failures, and reports status, parsed body and duration;
 * `Stats` counts the answers per route and status.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface Answer<T = unknown> {
  /** HTTP status, or 0 when the request failed below HTTP (see `error`). */
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
  /** Milliseconds from sending to the end of the answer (or the failure). */
  ms: number;
  /** Transport error: connection refused/reset, or 'deadline' when the client gave up. */
  error?: string;
}

export interface CallOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (instead of `body`), e.g. a multipart form or malformed JSON. */
  raw?: { bytes: Buffer | string; contentType: string };
  /**
   * Send `path` on the request line exactly as written: no dot segments removed, no fragment
   * dropped (a URL object would normalise both before the server saw them).
   */
  verbatim?: boolean;
  headers?: Record<string, string>;
  token?: string;
  /** Give up after this many ms (default 30 s): the call answers status 0, error 'deadline'. */
  deadlineMs?: number;
}

export class Client {
  readonly agent: http.Agent;

  /**
   * @param agentOptions more options of the keep-alive agent, e.g. `localAddress` to call from
   *   another loopback address (a client of its own for the per-address limits).
   */
  constructor(
    public baseUrl: string,
    maxSockets = 64,
    agentOptions: http.AgentOptions = {},
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets, ...agentOptions });
  }

  call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const started = performance.now();
    const payload =
      options.raw?.bytes ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.raw) headers['content-type'] = options.raw.contentType;
    else if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (answer: Omit<Answer<T>, 'ms'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...answer, ms: performance.now() - started });
      };
      const base = new URL(this.baseUrl);
      const onAnswer = (response: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) =>
          finish({ status: 0, body: undefined as T, headers: {}, error: error.message }),
        );
        response.on('end', () => {
          let bytes = Buffer.concat(chunks);
          // A compressed answer (the call sent Accept-Encoding) is read as its text.
          try {
            const encoding = bytes.length ? response.headers['content-encoding'] : undefined;
            if (encoding === 'br') bytes = brotliDecompressSync(bytes);
            else if (encoding === 'gzip') bytes = gunzipSync(bytes);
            else if (encoding === 'deflate') bytes = inflateSync(bytes);
          } catch (error) {
            finish({
              status: 0,
              body: undefined as T,
              headers: response.headers,
              error: `undecodable ${String(response.headers['content-encoding'])} body: ${String(error)}`,
            });
            return;
          }
          const text = bytes.toString('utf8');
          let body: unknown = text;
          if (/json/.test(response.headers['content-type'] ?? '')) {
            try {
              body = JSON.parse(text);
            } catch {
              body = text;
            }
          }
          finish({
            status: response.statusCode ?? 0,
            body: body as T,
            headers: response.headers,
          });
        });
      };
      const request = options.verbatim
        ? http.request(
            { hostname: base.hostname, port: base.port, path, method, headers, agent: this.agent },
            onAnswer,
          )
        : http.request(
            new URL(path, this.baseUrl),
            { method, headers, agent: this.agent },
            onAnswer,
          );
      const timer = setTimeout(() => {
        finish({ status: 0, body: undefined as T, headers: {}, error: 'deadline' });
        request.destroy();
      }, options.deadlineMs ?? 30_000);
      request.on('error', (error: NodeJS.ErrnoException) =>
        finish({
          status: 0,
          body: undefined as T,
          headers: {},
          error: error.code ?? error.message,
        }),
      );
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Counts answers per `route status` and keeps the slowest duration per route. */
export class Stats {
  readonly counts = new Map<string, number>();
  readonly slowest = new Map<string, number>();
  /** A few examples of unexpected answers (5xx, transport errors), for the failure message. */
  readonly examples: string[] = [];

  record(route: string, answer: Answer): void {
    const key = `${route} ${answer.status || answer.error}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.slowest.set(route, Math.max(this.slowest.get(route) ?? 0, answer.ms));
    if ((answer.status >= 500 || answer.status === 0) && this.examples.length < 20) {
      this.examples.push(`${key}: ${JSON.stringify(answer.body ?? answer.error).slice(0, 300)}`);
    }
  }

  total(filter: (route: string, status: string) => boolean = () => true): number {
    let sum = 0;
    for (const [key, count] of this.counts) {
      const at = key.lastIndexOf(' ');
      if (filter(key.slice(0, at), key.slice(at + 1))) sum += count;
    }
    return sum;
  }

  /** Answers with status 5xx or no HTTP answer at all. */
  failures(): number {
    return this.total((_route, status) => !/^[1-4]\d\d$/.test(status));
  }

  summary(title: string): string {
    const rows = [...this.counts].sort(([a], [b]) => a.localeCompare(b));
    const width = Math.max(...rows.map(([key]) => key.length), 10);
    return [
      `${title}: ${this.total()} requests`,
      ...rows.map(([key, count]) => `  ${key.padEnd(width)} ${String(count).padStart(7)}`),
      '  slowest (ms): ' +
        [...this.slowest].map(([route, ms]) => `${route} ${Math.round(ms)}`).join(', '),
    ].join('\n');
  }
}
