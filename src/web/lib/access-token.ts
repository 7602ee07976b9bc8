/**
 * The API bearer token in local storage under `access-token` (docs/product.md §3 Token, §4, §9). The token
 * is a JWT whose `iat`/`exp` (seconds) tell when to ask for a new one; its signature is the
 * server's business, so it is only decoded here, never verified.
 */
import { accessTokenStorageKey } from '../../contract/paths';

/** The stored token, or null (also when storage is unavailable). */
export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(accessTokenStorageKey);
  } catch {
    return null;
  }
}

export function storeAccessToken(token: string): void {
  try {
    localStorage.setItem(accessTokenStorageKey, token);
  } catch {
    // Private mode without storage: the token still lives in memory (auth provider).
  }
}

export function removeAccessToken(): void {
  try {
    localStorage.removeItem(accessTokenStorageKey);
  } catch {
    // Nothing stored.
  }
}

/** Issue and expiry times of a token, in epoch milliseconds; null for a malformed token. */
export function tokenTimes(token: string): { issuedAt: number; expiresAt: number } | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { iat?: unknown; exp?: unknown };
    if (typeof claims.exp !== 'number') return null;
    const expiresAt = claims.exp * 1000;
    const issuedAt = typeof claims.iat === 'number' ? claims.iat * 1000 : Date.now();
    return { issuedAt, expiresAt };
  } catch {
    return null;
  }
}

/** Whether `token` is expired or has less than `marginMs` left. */
export function isTokenExpiring(token: string, marginMs = 0): boolean {
  const times = tokenTimes(token);
  return !times || times.expiresAt - marginMs <= Date.now();
}
