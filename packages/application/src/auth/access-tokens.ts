/** Dashboard access tokens: HS256 JWTs for the audience `dashboard`, signed with the service's secret key. */
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../shared/clock';
import { jwtSigningKey, type JwtSigningKey } from './jwt-signing-key';

export const ACCESS_TOKEN_AUDIENCE = 'dashboard';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ISSUER = 'wallet-passes';

export interface AccessTokenClaims {
  userId: string;
  businessId: string;
}

export class AccessTokens {
  private readonly key: JwtSigningKey;

  constructor(
    secretKey: Uint8Array,
    private readonly clock: Clock,
  ) {
    this.key = jwtSigningKey(secretKey);
  }

  async issue(claims: AccessTokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ business_id: claims.businessId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  /** The token's claims, or null when it is malformed, tampered with, expired or meant for another audience. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: this.clock.now(),
      });
      const businessId = payload['business_id'];
      if (typeof payload.sub !== 'string' || typeof businessId !== 'string') return null;
      return { userId: payload.sub, businessId };
    } catch {
      return null;
    }
  }
}
