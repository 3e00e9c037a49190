/**
 * Dashboard access tokens: HS256 JWTs for the audience `dashboard`, signed with the service's secret key. Each
 * is a session of its own (`jti`), which its user can end before it runs out (log out), and carries when its
 * user's password was last set as the token was issued (`pwd_at`): a token of any password but the current
 * one is refused, however close to the change it was issued.
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../shared/clock';
import { jwtSigningKey, type JwtSigningKey } from './jwt-signing-key';

const ACCESS_TOKEN_AUDIENCE = 'dashboard';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ISSUER = 'wallet-passes';
/**
 * Tokens whose signature was checked: a dashboard sends the same token on every request for an hour, and
 * the HMAC check (an async WebCrypto job) was the largest cost of an authenticated read. A signature stays
 * good until the token expires (whether its user still may act is the authenticator's check, on every
 * request); only the exact same string hits.
 */
const VERIFIED_TOKENS = 10_000;

interface VerifiedToken {
  claims: VerifiedClaims;
  /** `exp`, in seconds since the epoch. */
  expiresAt: number;
}

interface AccessTokenClaims {
  userId: string;
  businessId: string;
  /** The user's `passwordChangedAt` the token was issued under. */
  passwordChangedAt: string | null;
}

export interface VerifiedClaims extends Omit<AccessTokenClaims, 'passwordChangedAt'> {
  /** Undefined for a token issued before `pwd_at` was added, told apart by `issuedAt` alone. */
  passwordChangedAt: string | null | undefined;
  /** `iat`, in seconds since the epoch. */
  issuedAt: number;
  /** `jti` and `exp`; null for a token issued before sessions had ids, which ends only when it runs out. */
  session: { id: string; expiresAt: Date } | null;
}

export class AccessTokens {
  private readonly key: JwtSigningKey;
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKENS });

  constructor(
    secretKey: Uint8Array,
    private readonly clock: Clock,
  ) {
    this.key = jwtSigningKey(secretKey);
  }

  async issue(claims: AccessTokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ business_id: claims.businessId, pwd_at: claims.passwordChangedAt })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  /** The token's claims, or null when it is malformed, tampered with, expired or meant for another audience. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    const now = this.clock.now();
    const known = this.verified.get(token);
    // jose's own rule: expired once the current second reaches `exp`.
    if (known !== undefined) return Math.floor(now.getTime() / 1000) < known.expiresAt ? known.claims : null;
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: now,
        requiredClaims: ['exp', 'iat'],
      });
      const businessId = payload['business_id'];
      if (typeof payload.sub !== 'string' || typeof businessId !== 'string' || payload.exp === undefined || payload.iat === undefined) return null;
      const passwordSetAt = payload['pwd_at'];
      const passwordChangedAt = typeof passwordSetAt === 'string' || passwordSetAt === null ? passwordSetAt : undefined;
      const session = typeof payload.jti === 'string' ? { id: payload.jti, expiresAt: new Date(payload.exp * 1000) } : null;
      const claims = { userId: payload.sub, businessId, passwordChangedAt, issuedAt: payload.iat, session };
      this.verified.set(token, { claims, expiresAt: payload.exp });
      return claims;
    } catch {
      return null;
    }
  }
}
