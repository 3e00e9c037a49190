/**
 * OAuth access tokens for the Google Wallet REST API, from the service account by the JWT bearer grant
 * (RFC 7523): a JWT signed with the account's key is exchanged at the token endpoint. A token is reused
 * until a minute before it expires.
 */
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import { z } from 'zod';
import type { GoogleWalletSettings } from '../wallet-settings';

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const ASSERTION_LIFETIME_S = 3600;
const RENEW_BEFORE_MS = 60_000;

const tokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

export class GoogleAccessTokens {
  private key: Promise<CryptoKey> | null = null;
  private cached: { token: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: GoogleWalletSettings,
    private readonly now: () => Date,
    private readonly timeoutMs: number,
  ) {}

  async token(): Promise<string> {
    const now = this.now().getTime();
    if (this.cached && this.cached.expiresAt - RENEW_BEFORE_MS > now) return this.cached.token;
    const { serviceAccount, tokenUrl } = this.settings;
    const issuedAt = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(serviceAccount.privateKeyId === null ? {} : { kid: serviceAccount.privateKeyId }) })
      .setIssuer(serviceAccount.clientEmail)
      .setAudience(tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_S)
      .sign(await this.signingKey());
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      redirect: 'error',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new Error(`Google's token endpoint answered ${response.status}`);
    const parsed = tokenResponse.safeParse(await response.json());
    if (!parsed.success) throw new Error("Google's token endpoint answered without an access token");
    this.cached = { token: parsed.data.access_token, expiresAt: now + parsed.data.expires_in * 1000 };
    return this.cached.token;
  }

  private signingKey(): Promise<CryptoKey> {
    this.key ??= importPKCS8(this.settings.serviceAccount.privateKeyPem, 'RS256');
    return this.key;
  }
}
