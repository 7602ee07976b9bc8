/**
 * One path, one set of rules: the request target in the one shape every check reads.
 *
 * Fastify's router finds a route for targets that name it in other shapes: a path with
 * percent-encoded unreserved characters (`/%61pi/orders` is `/api/orders`, RFC 3986 §6.2.2.2)
 * or the absolute form of HTTP/1.1 (`PUT http://host/api/...`, which a server must accept,
 * RFC 9112 §3.2.2). The checks that decide by the path — the per-client write limit, no-store on
 * personal answers, cache invalidation after a write, the API's security headers, the caches'
 * keys — read `request.url`, and would skip such a request. So the app rewrites every target
 * before routing (Fastify's `rewriteUrl`, src/server/app.ts) to its canonical origin form; the
 * route, the checks and the caches then see one and the same path.
 */

/** `scheme://authority` at the start of an absolute-form target. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
/** The unreserved characters of RFC 3986 §2.3: percent-encoding them changes nothing. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * `target` in origin form (`/path?query`): the scheme and authority of an absolute-form target
 * dropped, and percent-encoded unreserved characters of the path decoded. Everything else is
 * kept as sent — reserved characters (`%2F`, `%3F`, `%25`, …) and non-ASCII stay encoded (decoded
 * they would mean something else, or nothing the router reads differently), the query is left
 * alone (its parser decodes it), and `*` (OPTIONS) stays `*`.
 */
export function canonicalRequestTarget(target: string): string {
  let result = target;
  const absolute = ABSOLUTE_FORM.exec(result);
  if (absolute) {
    result = result.slice(absolute[0].length);
    if (!result.startsWith('/')) result = `/${result}`;
  }
  const queryAt = result.indexOf('?');
  const path = queryAt === -1 ? result : result.slice(0, queryAt);
  if (!path.includes('%')) return result;
  const canonicalPath = path.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : encoded;
  });
  return queryAt === -1 ? canonicalPath : canonicalPath + result.slice(queryAt);
}
