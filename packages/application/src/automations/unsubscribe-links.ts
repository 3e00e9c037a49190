/**
 * The link in every automation email that stops them for its pass: `{app_url}/automation-emails/{pass_id}/{token}`,
 * the token an HMAC-SHA256 of the pass id under a key derived with HKDF from the service secret, as the
 * wallet download links are (packages/wallets/src/pass-secrets.ts). Nothing is stored, nothing can be
 * guessed, and the token is checked before any lookup, so a wrong token and an unknown pass look alike.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const KEY_BYTES = 32;

export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    serviceSecret: Uint8Array,
    private readonly appUrl: () => string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', serviceSecret, Buffer.alloc(0), 'passes/automation-unsubscribe/v1', KEY_BYTES));
  }

  urlFor(passId: string): string {
    return `${this.appUrl()}/automation-emails/${encodeURIComponent(passId)}/${this.token(passId)}`;
  }

  /** Constant-time over the text itself (see BarcodeSignatures.verify for why not its decoding). */
  isToken(passId: string, given: string): boolean {
    const a = Buffer.from(given, 'utf8');
    const b = Buffer.from(this.token(passId), 'utf8');
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** 43 base64url characters (256 bits). */
  private token(passId: string): string {
    return createHmac('sha256', this.key).update(passId, 'utf8').digest('base64url');
  }
}
