/**
 * Webhook secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the service's secret
 * key. The dispatcher must sign with the secret, so a hash would not do; events and read models hold
 * only this ciphertext. The webhook's id is bound in as associated data, so a ciphertext copied onto
 * another webhook does not decrypt.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const KEY_INFO = 'passes/webhook-secret/v1';
const IV_BYTES = 12;

export class WebhookSecretCipher {
  private readonly key: Buffer;

  constructor(serviceSecretKey: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', serviceSecretKey, Buffer.alloc(0), KEY_INFO, 32));
  }

  /** `v1.<iv>.<ciphertext>.<tag>`, each part base64url. */
  encrypt(secret: string, webhookId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(webhookId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** Throws when the text was not made by this key for this webhook. */
  decrypt(text: string, webhookId: string): string {
    const [version, iv, ciphertext, tag] = text.split('.');
    if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined) throw new Error('Not a webhook secret ciphertext');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(webhookId, 'utf8'))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
