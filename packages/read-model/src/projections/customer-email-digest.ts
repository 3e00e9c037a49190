/**
 * A customer is known across businesses by the sha256 (hex) of their lowercased email: the pass index,
 * the customer token's subject and the magic-link rate limit all use it, so none of them holds the address.
 */
import { hash } from 'node:crypto';

export function customerEmailDigest(email: string): string {
  return hash('sha256', email.toLowerCase(), 'hex');
}
