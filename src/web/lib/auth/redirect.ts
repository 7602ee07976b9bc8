/** Where to go after signing in (docs/product.md §2 Login: the page the user came from, or /). */
import { paths } from '../paths';

/** Where a redirected visitor came from (`location.state`): set by RequireAuth, read by login. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Any origin of ours would do: a path resolved against it must stay on it. */
const sameSite = 'http://same-site.invalid';

/**
 * A same-site path only: never `//host`, `/\\host` or a full URL, nor a path that a URL parser
 * turns into another host (`/<tab>/host`: parsers drop tabs and newlines). Answers the path as
 * the URL parser reads it (path, query, hash), or null (no open redirect after signing in).
 */
export function safePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, sameSite);
  } catch {
    return null;
  }
  if (url.origin !== sameSite) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path in `location.state.from` (set by RequireAuth), or null. */
export function fromState(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return null;
  return safePath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
}

/**
 * Where `Sell your car` sends a visitor: registration with the seller role preset and the
 * listing form as the way back (`next`), kept through registration and sign-in.
 */
export function sellYourCarHref(): string {
  return `/registration?role=seller&next=${encodeURIComponent(paths.sellerAddProduct.href())}`;
}

/**
 * The `next` query parameter of a page (the path to go on to afterwards), when it is a safe
 * same-site path; else null.
 */
export function nextParam(search: URLSearchParams): string | null {
  return safePath(search.get('next'));
}
