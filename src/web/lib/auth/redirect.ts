/** Where to go after signing in (spec §2 Login: the page the user came from, or /). */

/** Where a redirected visitor came from (`location.state`): set by RequireAuth, read by login. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** A same-site path only: never `//host` or a full URL (no open redirect). */
export function safePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

/** The path in `location.state.from` (set by RequireAuth), or null. */
export function fromState(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return null;
  return safePath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
}
