/**
 * A webhook's signing secret, in the Standard Webhooks shape `whsec_<base64 of 32 random bytes>`, so
 * off-the-shelf verifiers take it as it is.
 */
const PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export function newWebhookSecret(randomBytes: (size: number) => Uint8Array): string {
  return `${PREFIX}${Buffer.from(randomBytes(SECRET_BYTES)).toString('base64')}`;
}

/** The key Standard Webhooks signs with: the decoded part after `whsec_`. */
export function standardWebhooksKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}
