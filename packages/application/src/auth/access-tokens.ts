/** Dashboard access tokens: HS256 JWTs for the audience `dashboard`, signed with the service's secret key. */
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../shared/clock';

export const ACCESS_TOKEN_AUDIENCE = 'dashboard';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ISSUER = 'wallet-passes';

export interface AccessTokenClaims {
  userId: string;
  businessId: string;
}

export class AccessTokens {
  constructor(
    private readonly secretKey: Uint8Array,
    private readonly clock: Clock,
  ) {}

  async issue(claims: AccessTokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ business_id: claims.businessId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.secretKey);
  }

  /** The token's claims, or null when it is malformed, tampered with, expired or meant for another audience. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secretKey, {
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
