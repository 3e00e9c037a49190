/**
 * The HS256 key for jose, imported once. Handing jose the raw bytes makes it import a WebCrypto key on
 * every sign and verify, which showed up as a top cost of authenticated requests in a CPU profile.
 */
import { webcrypto } from 'node:crypto';

export type JwtSigningKey = Promise<webcrypto.CryptoKey>;

export function jwtSigningKey(secretKey: Uint8Array): JwtSigningKey {
  return webcrypto.subtle.importKey('raw', secretKey, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}
