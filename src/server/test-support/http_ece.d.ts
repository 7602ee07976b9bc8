/**
 * The little of `http_ece` (RFC 8188 encrypted content-encoding; a dev dependency without
 * bundled types) that the push tests use: decrypting an `aes128gcm` Web Push payload (RFC 8291)
 * with the subscription's private key and authentication secret.
 */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface DecryptParams {
    version: 'aes128gcm';
    privateKey: ECDH;
    /** base64url or bytes. */
    authSecret: string | Buffer;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
