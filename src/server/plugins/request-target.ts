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
 *
 * The same goes for a `#fragment` (never part of a request, RFC 9110 §7.1; a client that sends
 * one gets it dropped) and dot segments (`/api/x/../auth/…` is `/api/auth/…`, RFC 3986 §5.2.4):
 * the identity provider is handed a URL, and a URL resolves both, so the per-account sign-in
 * count must see the path the URL does (docs/reliability.md, the fourth attack).
 */

/** `scheme://authority` at the start of an absolute-form target. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
/** The unreserved characters of RFC 3986 §2.3: percent-encoding them changes nothing. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * `path` with its `.` and `..` segments removed (RFC 3986 §5.2.4, `remove_dot_segments`): each
 * `..` drops the segment before it, never above the root.
 */
export function removeDotSegments(path: string): string {
  if (!/(^|\/)\.\.?(\/|$)/.test(path)) return path;
  const output: string[] = [];
  const segments = path.split('/');
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && output.length > 1) output.pop();
      if (last) output.push('');
      return;
    }
    output.push(segment);
  });
  const joined = output.join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/**
 * `target` in origin form (`/path?query`): the scheme and authority of an absolute-form target
 * dropped, a `#fragment` dropped, percent-encoded unreserved characters of the path decoded and
 * then its dot segments removed ({@link removeDotSegments}). Everything else is
 * kept as sent — reserved characters (`%2F`, `%3F`, `%25`, …) and non-ASCII stay encoded (decoded
 * they would mean something else, or nothing the router reads differently), the query is left
 * alone (its parser decodes it), and `*` (OPTIONS) stays `*`.
 */
export function canonicalRequestTarget(target: string): string {
  let result = target;
  const hashAt = result.indexOf('#');
  if (hashAt !== -1) result = result.slice(0, hashAt);
  if (result === '') result = '/';
  const absolute = ABSOLUTE_FORM.exec(result);
  if (absolute) {
    result = result.slice(absolute[0].length);
    if (!result.startsWith('/')) result = `/${result}`;
  }
  const queryAt = result.indexOf('?');
  const path = queryAt === -1 ? result : result.slice(0, queryAt);
  if (!path.includes('%') && !path.includes('.')) return result;
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : encoded;
  });
  const canonicalPath = path === '*' ? path : removeDotSegments(decoded);
  return queryAt === -1 ? canonicalPath : canonicalPath + result.slice(queryAt);
}
