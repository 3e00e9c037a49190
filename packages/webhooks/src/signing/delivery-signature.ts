/**
 * The signature headers of one delivery attempt, over the exact body bytes sent:
 * - `X-Service-Signature` (the spec): lowercase hex HMAC-SHA256 of the body, keyed with the secret
 *   as the receiver holds it (the whole `whsec_…` string, UTF-8);
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp` (Unix seconds of the attempt) and
 *   `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the
 *   base64-decoded part of the secret.
 */
import { createHmac } from 'node:crypto';
import { standardWebhooksKey } from './webhook-secret';

interface SignedAttempt {
  eventId: string;
  timestampSeconds: number;
  body: string;
}

export function signatureHeaders(secret: string, attempt: SignedAttempt): Record<string, string> {
  const { eventId, timestampSeconds, body } = attempt;
  const serviceSignature = createHmac('sha256', secret).update(body, 'utf8').digest('hex');
  const standardSignature = createHmac('sha256', standardWebhooksKey(secret)).update(`${eventId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return {
    'x-service-signature': serviceSignature,
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${standardSignature}`,
  };
}
