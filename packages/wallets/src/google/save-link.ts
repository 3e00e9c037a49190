/**
 * "Save to Google Wallet" links: `https://pay.google.com/gp/v/save/<jwt>`, the JWT signed RS256 with the
 * operator's service-account key (`iss` its client_email, `aud` google, `typ` savetowallet), carrying
 * the template's loyalty class and the pass's loyalty object. Made when the holder asks for it, so it
 * carries the pass as it is then.
 */
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { GoogleWalletSettings } from '../wallet-settings';
import type { WalletPass } from '../wallet-pass';
import { loyaltyClass, loyaltyObject } from './loyalty-objects';

const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

export class GoogleSaveLinks {
  private key: Promise<CryptoKey> | null = null;

  constructor(
    private readonly settings: GoogleWalletSettings,
    /** The public site: the origin the button is on, and where Google fetches the program logo. */
    private readonly appUrl: () => string,
  ) {}

  async saveUrl(walletPass: WalletPass, now: Date): Promise<string> {
    const { issuerId, serviceAccount } = this.settings;
    const appUrl = this.appUrl();
    const payload = {
      loyaltyClasses: [loyaltyClass(issuerId, walletPass.template, walletPass.businessName, appUrl)],
      loyaltyObjects: [loyaltyObject(issuerId, walletPass, now)],
    };
    const jwt = await new SignJWT({ typ: 'savetowallet', origins: [new URL(appUrl).origin], payload })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(serviceAccount.privateKeyId === null ? {} : { kid: serviceAccount.privateKeyId }) })
      .setIssuer(serviceAccount.clientEmail)
      .setAudience('google')
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .sign(await this.signingKey());
    return `${GOOGLE_SAVE_URL}${jwt}`;
  }

  /** Imported once: jose's import parses the PEM each time. */
  private signingKey(): Promise<CryptoKey> {
    this.key ??= importPKCS8(this.settings.serviceAccount.privateKeyPem, 'RS256');
    return this.key;
  }
}
