/**
 * The two secrets a pass's wallet links carry, derived rather than stored: the download secret in its
 * links (the barcode holds the serial number, never this) and Apple's authenticationToken, which the
 * wallet sends back on every PassKit web-service call. Each is an HMAC-SHA256 of the serial number under
 * its own key, derived with HKDF from the service secret. They are derived from the serial number, not
 * looked up by it, so a request is judged before any lookup: a wrong secret and an unknown pass take
 * the same path and the same time. Rotating PASSES_SECRET_KEY changes both: links break, and passes
 * already in Apple wallets stop updating.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

const KEY_BYTES = 32;
/** Download secrets kept once computed: about 1 MB. */
const RECENT_DOWNLOAD_SECRETS = 10_000;

export class PassSecrets {
  private readonly downloadKey: Buffer;
  private readonly appleTokenKey: Buffer;
  /**
   * Every answer about a pass carries its download link, and a pass is asked about again and again: its HMAC
   * is kept, not computed for every answer. A secret being checked is always computed anew, so that how
   * long a check takes does not tell which serial numbers were lately answered about.
   */
  private readonly recentDownloadSecrets = new LRUCache<string, string>({ max: RECENT_DOWNLOAD_SECRETS });

  constructor(serviceSecret: Uint8Array) {
    this.downloadKey = derive(serviceSecret, 'passes/wallet-download/v1');
    this.appleTokenKey = derive(serviceSecret, 'passes/apple-authentication-token/v1');
  }

  /** 43 base64url characters (256 bits). */
  downloadSecret(serialNumber: string): string {
    let secret = this.recentDownloadSecrets.get(serialNumber);
    if (secret === undefined) {
      secret = mac(this.downloadKey, serialNumber);
      this.recentDownloadSecrets.set(serialNumber, secret);
    }
    return secret;
  }

  isDownloadSecret(serialNumber: string, given: string): boolean {
    return sameText(given, mac(this.downloadKey, serialNumber));
  }

  /** Apple asks for at least 16 characters; this is 43, and never shown in the API. */
  appleAuthenticationToken(serialNumber: string): string {
    return mac(this.appleTokenKey, serialNumber);
  }

  isAppleAuthenticationToken(serialNumber: string, given: string): boolean {
    return sameText(given, this.appleAuthenticationToken(serialNumber));
  }
}

function derive(secret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, KEY_BYTES));
}

function mac(key: Buffer, serialNumber: string): string {
  return createHmac('sha256', key).update(serialNumber, 'utf8').digest('base64url');
}

/** Constant-time over the text itself (see BarcodeSignatures.verify for why not its decoding). */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
