/**
 * Customer link tokens: HS256 JWTs for the audience `customer`, valid 15 minutes, whose subject is the
 * customer's email digest (never the address: the token travels in URLs). Modelled on AccessTokens;
 * the audiences keep the two apart, so neither token works where the other is expected.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../shared/clock';
import { jwtSigningKey, type JwtSigningKey } from '../auth/jwt-signing-key';

const CUSTOMER_TOKEN_AUDIENCE = 'customer';
const CUSTOMER_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'wallet-passes';
const DIGEST = /^[0-9a-f]{64}$/;

type CustomerTokenCheck =
  | { status: 'valid'; emailDigest: string; expiresAt: Date }
  /** Genuine, but older than 15 minutes: the person deserves to be told so. */
  | { status: 'expired' }
  /** Missing, malformed, tampered with or meant for another audience. */
  | { status: 'invalid' };

export class CustomerTokens {
  private readonly key: JwtSigningKey;

  constructor(
    secretKey: Uint8Array,
    private readonly clock: Clock,
  ) {
    this.key = jwtSigningKey(secretKey);
  }

  async issue(emailDigest: string): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(emailDigest)
      .setIssuer(ISSUER)
      .setAudience(CUSTOMER_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + CUSTOMER_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  async check(token: string | undefined): Promise<CustomerTokenCheck> {
    if (!token) return { status: 'invalid' };
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: CUSTOMER_TOKEN_AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || !DIGEST.test(payload.sub) || typeof payload.exp !== 'number') return { status: 'invalid' };
      return { status: 'valid', emailDigest: payload.sub, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      // jose checks the signature and the audience before expiry, so "expired" is only said of our own customer tokens.
      return error instanceof errors.JWTExpired ? { status: 'expired' } : { status: 'invalid' };
    }
  }
}
