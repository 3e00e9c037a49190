/** Idempotency keys are random version-4 UUIDs, well within the API's 1–255 printable characters. */
import { describe, expect, it } from '@jest/globals';
import { newIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('are distinct v4 UUIDs', () => {
    const keys = Array.from({ length: 100 }, () => newIdempotencyKey());
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(100);
  });
});
