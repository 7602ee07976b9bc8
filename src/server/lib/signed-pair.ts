/**
 * Tokens signed with HMAC-SHA-256 under a key derived from the server secret (HKDF-SHA-256 with
 * a purpose label, so a token of one kind never verifies as another):
 * - pairs, `<payload>.<mac>`, both base64url, the payload a JSON pair: the one-click unsubscribe
 *   links (RFC 8058) and the listing renew links (decision 0027);
 * - random ids, 43 base64url characters (16 random bytes, then 16 bytes of their MAC): the
 *   insights' visitor ids (decision 0029), so a made-up id counts nothing.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** The key of `purpose` under `secret` (32 bytes). */
function purposeKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'second-gear', purpose, 32));
}

/**
 * A signer for pairs under `secret` and `purpose` (the HKDF `info`, e.g. `unsubscribe-hmac-v1`).
 * `verify` answers the pair, or null for a malformed token or one not signed with this key.
 */
export function createSignedPairs(secret: string, purpose: string) {
  const key = purposeKey(secret, purpose);
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

/** Bytes of a signed id's random part and of its MAC (16 each: 43 base64url characters in all). */
const ID_BYTES = 16;

/**
 * Issues and checks random ids signed under `secret` and `purpose`: `issue()` answers a new id of
 * 43 base64url characters; `verify(id)` is true only for an id this key issued.
 */
export function createSignedIds(secret: string, purpose: string) {
  const key = purposeKey(secret, purpose);
  const mac = (random: Buffer) =>
    createHmac('sha256', key).update(random).digest().subarray(0, ID_BYTES);
  return {
    issue(): string {
      const random = randomBytes(ID_BYTES);
      return Buffer.concat([random, mac(random)]).toString('base64url');
    },
    verify(id: string): boolean {
      const bytes = Buffer.from(id, 'base64url');
      if (bytes.length !== ID_BYTES * 2 || bytes.toString('base64url') !== id) return false;
      return timingSafeEqual(bytes.subarray(ID_BYTES), mac(bytes.subarray(0, ID_BYTES)));
    },
  };
}
