/**
 * Tokens that carry two values, signed with HMAC-SHA-256 under a key derived from the server
 * secret (HKDF-SHA-256 with a purpose label, so a token of one kind never verifies as another):
 * `<payload>.<mac>`, both base64url, the payload a JSON pair. Used by the one-click unsubscribe
 * links (RFC 8058) and the listing renew links (decision 0027).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * A signer for pairs under `secret` and `purpose` (the HKDF `info`, e.g. `unsubscribe-hmac-v1`).
 * `verify` answers the pair, or null for a malformed token or one not signed with this key.
 */
export function createSignedPairs(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'second-gear', purpose, 32));
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(pair: readonly [unknown, unknown]): string {
      const payload = Buffer.from(JSON.stringify(pair), 'utf8').toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token: string): [unknown, unknown] | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (Array.isArray(value) && value.length === 2) return [value[0], value[1]];
      } catch {
        // a payload we signed is always JSON; fall through
      }
      return null;
    },
  };
}
