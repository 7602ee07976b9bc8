/**
 * API bearer tokens (decision 0002, docs/product.md §7 `POST /jwt`): HS256 JWTs signed with a key derived
 * from the server secret (HKDF-SHA-256, so the raw secret is never used for two purposes).
 * Claims: `sub` = the identity's uid, `sid` = the identity session it was issued for, `iss` = the
 * site origin, `aud` = 'second-gear-api', `iat`/`exp` with a 15-minute lifetime
 * (`apiTokenLifetimeSeconds`); the SPA asks for a new one while the session lasts. The guard
 * (guard.ts) also checks that the session still exists, so sign-out ends its tokens at once.
 */
import { hkdfSync, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { apiTokenLifetimeSeconds } from '../../contract/paths.js';

export const apiTokenAudience = 'second-gear-api';

/** What a valid token says. */
export interface ApiTokenClaims {
  uid: string;
  sessionId: string;
}

/** A verified token's claims and when it expires. */
export interface VerifiedApiToken extends ApiTokenClaims {
  expiresAt: Date;
}

/** Why a token was refused; the guard turns each into a 401 message. */
export class ApiTokenError extends Error {
  override name = 'ApiTokenError';
  constructor(readonly reason: 'expired' | 'invalid') {
    super(
      reason === 'expired' ? 'Your sign-in token has expired' : 'Your sign-in token is invalid',
    );
  }
}

export interface ApiTokenService {
  /**
   * Signs a token for `uid` bound to the identity session `sessionId`, valid for
   * `lifetimeSeconds` (default `apiTokenLifetimeSeconds`).
   */
  issue(claims: ApiTokenClaims, lifetimeSeconds?: number): Promise<string>;
  /** Verifies signature, algorithm, issuer, audience and expiry. @throws ApiTokenError */
  verify(token: string): Promise<VerifiedApiToken>;
}

/**
 * Creates the token service.
 * @param secret the server secret (≥ 32 characters)
 * @param issuer the site origin (Config.publicUrl)
 */
export function createApiTokenService(secret: string, issuer: string): ApiTokenService {
  const raw = new Uint8Array(hkdfSync('sha256', secret, 'second-gear', 'api-token-hs256-v1', 32));
  // Imported once: given the raw bytes, jose imports a CryptoKey again on every call (a few
  // per cent of a signed-in read's time in a CPU profile).
  const keyPromise = webcrypto.subtle.importKey(
    'raw',
    raw,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async issue({ uid, sessionId }, lifetimeSeconds = apiTokenLifetimeSeconds) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(uid)
        .setIssuer(issuer)
        .setAudience(apiTokenAudience)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(await keyPromise);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          algorithms: ['HS256'],
          issuer,
          audience: apiTokenAudience,
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
          throw new ApiTokenError('invalid');
        }
        return {
          uid: payload.sub,
          sessionId: payload.sid,
          expiresAt: new Date((payload.exp ?? 0) * 1000),
        };
      } catch (error) {
        if (error instanceof ApiTokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new ApiTokenError('expired');
        throw new ApiTokenError('invalid');
      }
    },
  };
}
