/**
 * Signed barcodes (DESIGN §5): the signature of a code is base64url(HMAC-SHA256(key, code)) under a key
 * of the code's business. Each business key is derived from the service secret with HKDF over the
 * business id, so nothing new is stored, and one business's signatures are worthless for another's passes.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const KEY_BYTES = 32;

export class BarcodeSignatures {
  constructor(private readonly serviceSecret: Uint8Array) {}

  sign(businessId: string, code: string): string {
    return this.mac(businessId, code).toString('base64url');
  }

  /**
   * Constant-time. The text itself is compared, not its decoding: base64url decoders ignore the spare
   * bits of the last character, so several texts decode alike and only the one we issue may pass.
   */
  verify(businessId: string, code: string, signature: string): boolean {
    const given = Buffer.from(signature, 'utf8');
    const expected = Buffer.from(this.sign(businessId, code), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(businessId: string, code: string): Buffer {
    return createHmac('sha256', this.businessKey(businessId)).update(code, 'utf8').digest();
  }

  private businessKey(businessId: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.serviceSecret, Buffer.alloc(0), `passes/barcode-signing/v1/${businessId}`, KEY_BYTES));
  }
}
