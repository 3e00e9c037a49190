/** API key secrets: `pb_live_` or `pb_test_` followed by 40 random base62 characters (about 238 bits). */
import { hash } from 'node:crypto';
import type { ApiKeyMode } from '@passes/domain';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;
/** The largest multiple of 62 below 256: bytes above it are dropped so every character is equally likely. */
const UNBIASED_LIMIT = 248;
const SHOWN_PREFIX_LENGTH = 12;

export const API_KEY_PATTERN = /^pb_(live|test)_[0-9A-Za-z]{40}$/;

export function newApiKeySecret(mode: ApiKeyMode, randomBytes: (size: number) => Uint8Array): string {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH)) {
      if (byte < UNBIASED_LIMIT && secret.length < SECRET_LENGTH) secret += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `pb_${mode}_${secret}`;
}

/** Keys carry enough entropy that a fast hash is safe, and it lets a request find its key by index. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function shownPrefix(key: string): string {
  return key.slice(0, SHOWN_PREFIX_LENGTH);
}
