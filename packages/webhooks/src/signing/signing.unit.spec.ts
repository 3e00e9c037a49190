/** Secrets at rest and the signatures receivers check, including with the off-the-shelf Standard Webhooks verifier. */
import { describe, expect, it } from '@jest/globals';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signatureHeaders } from './delivery-signature';
import { WebhookSecretCipher } from './webhook-secret-cipher';
import { newWebhookSecret } from './webhook-secret';

const secret = newWebhookSecret(randomBytes);
const body = JSON.stringify({ id: 'evt_1', event: 'pass.created', timestamp: '2026-11-21T10:00:00.000Z', data: { id: 'p-1', name: 'Zoë' } });

describe('webhook secrets', () => {
  it('look like Standard Webhooks secrets', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  it('are encrypted so that only the same service key and webhook decrypt them', () => {
    const key = randomBytes(32);
    const ciphertext = new WebhookSecretCipher(key).encrypt(secret, 'webhook-1');
    expect(ciphertext).not.toContain(secret.slice(6, 20));
    expect(new WebhookSecretCipher(key).decrypt(ciphertext, 'webhook-1')).toBe(secret);
    expect(() => new WebhookSecretCipher(key).decrypt(ciphertext, 'webhook-2')).toThrow();
    expect(() => new WebhookSecretCipher(randomBytes(32)).decrypt(ciphertext, 'webhook-1')).toThrow();
  });

  it('encrypt the same secret differently each time', () => {
    const cipher = new WebhookSecretCipher(randomBytes(32));
    expect(cipher.encrypt(secret, 'webhook-1')).not.toBe(cipher.encrypt(secret, 'webhook-1'));
  });
});

describe('signature headers', () => {
  const now = Math.floor(Date.now() / 1000);
  const headers = signatureHeaders(secret, { eventId: 'evt_1', timestampSeconds: now, body });

  it('X-Service-Signature is the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret', () => {
    const expected = createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest();
    const given = Buffer.from(headers['x-service-signature'] ?? '', 'hex');
    expect(headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(timingSafeEqual(given, expected)).toBe(true);
  });

  it('the Standard Webhooks headers pass the standardwebhooks verifier', () => {
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('the verifier refuses a body changed by one character', () => {
    expect(() => new Webhook(secret).verify(body.replace('Zoë', 'Zoe'), headers)).toThrow();
  });
});
