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

const KEY_BYTES = 32;

export class PassSecrets {
  private readonly downloadKey: Buffer;
  private readonly appleTokenKey: Buffer;

  constructor(serviceSecret: Uint8Array) {
    this.downloadKey = derive(serviceSecret, 'passes/wallet-download/v1');
    this.appleTokenKey = derive(serviceSecret, 'passes/apple-authentication-token/v1');
  }

  /** 43 base64url characters (256 bits). */
  downloadSecret(serialNumber: string): string {
    return mac(this.downloadKey, serialNumber);
  }

  isDownloadSecret(serialNumber: string, given: string): boolean {
    return sameText(given, this.downloadSecret(serialNumber));
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
