import { describe, expect, it } from 'vitest';
import { isTokenExpiring, readAccessToken, tokenTimes } from './access-token';

/** A JWT with the given claims (header and signature are not read: the server verifies). */
function jwt(claims: Record<string, unknown>): string {
  const base64url = (value: string) =>
    btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${base64url('{"alg":"EdDSA"}')}.${base64url(JSON.stringify(claims))}.signature`;
}

describe('tokenTimes', () => {
  it('reads iat and exp (seconds) as epoch milliseconds', () => {
    expect(tokenTimes(jwt({ iat: 1_700_000_000, exp: 1_700_000_900 }))).toEqual({
      issuedAt: 1_700_000_000_000,
      expiresAt: 1_700_000_900_000,
    });
  });

  it('decodes base64url payloads (- and _), as JWTs are encoded', () => {
    // "~~~" and "???" encode to base64 with + and /, which base64url writes as - and _.
    const token = jwt({ sub: '~~~???', iat: 1, exp: 2 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(tokenTimes(token)).toEqual({ issuedAt: 1000, expiresAt: 2000 });
  });

  it('takes now as the issue time when iat is missing', () => {
    const before = Date.now();
    const times = tokenTimes(jwt({ exp: 4_000_000_000 }));
    expect(times?.expiresAt).toBe(4_000_000_000_000);
    expect(times?.issuedAt).toBeGreaterThanOrEqual(before);
  });

  it('answers null for a malformed token or one without exp', () => {
    expect(tokenTimes('not-a-jwt')).toBeNull();
    expect(tokenTimes('a.!!!.c')).toBeNull();
    expect(tokenTimes(`a.${btoa('not json')}.c`)).toBeNull();
    expect(tokenTimes(jwt({ iat: 1 }))).toBeNull();
    expect(tokenTimes(jwt({ exp: '2030' }))).toBeNull();
  });
});

describe('isTokenExpiring', () => {
  const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

  it('is false for a token with time left, true once within the margin or expired', () => {
    const token = jwt({ exp: inSeconds(60) });
    expect(isTokenExpiring(token)).toBe(false);
    expect(isTokenExpiring(token, 30_000)).toBe(false);
    expect(isTokenExpiring(token, 90_000)).toBe(true);
    expect(isTokenExpiring(jwt({ exp: inSeconds(-1) }))).toBe(true);
  });

  it('treats a malformed token as expiring (ask for a new one)', () => {
    expect(isTokenExpiring('garbage')).toBe(true);
  });
});

describe('readAccessToken', () => {
  it('answers null where there is no storage (private mode, a worker)', () => {
    expect(readAccessToken()).toBeNull();
  });
});
