import { describe, expect, test } from '@jest/globals';
import { replay } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import type { ApiKeyCommand, ApiKeyEvent } from './api-key';
import { apiKeyDecider } from './api-key-decider';

const spec = deciderSpec(apiKeyDecider);
const CREATED_AT = '2026-11-01T08:00:00.000Z';
const NOW = new Date('2026-11-21T10:00:00.000Z');
const create: ApiKeyCommand = {
  type: 'CreateApiKey',
  keyId: 'key-1',
  businessId: 'business-1',
  name: 'Till',
  mode: 'live',
  scopes: ['read', 'write'],
  keyHash: 'sha256-of-key',
  prefix: 'pb_live_Ab3d',
  now: new Date(CREATED_AT),
};
const revoke: ApiKeyCommand = { type: 'RevokeApiKey', now: NOW };
const created: ApiKeyEvent = {
  type: 'ApiKeyCreated',
  data: { key_id: 'key-1', business_id: 'business-1', name: 'Till', mode: 'live', scopes: ['read', 'write'], key_hash: 'sha256-of-key', prefix: 'pb_live_Ab3d', occurred_at: CREATED_AT },
};
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { occurred_at: NOW.toISOString() } };

describe('API keys', () => {
  test('creating a key records it with its hash, never the key', () => {
    spec.given([]).when(create).then([created]);
  });

  test('a read-only key records only the read scope', () => {
    spec.given([]).when({ ...create, scopes: ['read'] }).then([{ ...created, data: { ...created.data, scopes: ['read'] } }] as ApiKeyEvent[]);
  });

  test('scopes are recorded once each, in canonical order', () => {
    spec.given([]).when({ ...create, scopes: ['write', 'read', 'write'] }).then([created]);
  });

  test('a key without scopes is a validation_error', () => {
    const error = spec.given([]).when({ ...create, scopes: [] }).thenThrows('validation_error');
    expect(error.details).toEqual({ issues: [{ path: 'scopes', message: 'must hold at least one of read, write' }] });
  });

  test('creating a key that exists is a conflict', () => {
    spec.given([created]).when(create).thenThrows('conflict');
  });

  test('revoking a key records ApiKeyRevoked', () => {
    spec.given([created]).when(revoke).then([revoked]);
  });

  test('revoking a key already revoked records nothing', () => {
    spec.given([created, revoked]).when(revoke).then([]);
  });

  test('revoking a key that does not exist is not_found', () => {
    spec.given([]).when(revoke).thenThrows('not_found');
  });

  test('ApiKeyCreated makes a key that is not revoked', () => {
    expect(replay(apiKeyDecider, [created])).toEqual({
      id: 'key-1',
      businessId: 'business-1',
      name: 'Till',
      mode: 'live',
      scopes: ['read', 'write'],
      keyHash: 'sha256-of-key',
      prefix: 'pb_live_Ab3d',
      createdAt: CREATED_AT,
      revokedAt: null,
    });
  });

  test('ApiKeyRevoked sets when the key was revoked', () => {
    expect(replay(apiKeyDecider, [created, revoked])?.revokedAt).toBe(NOW.toISOString());
  });

  test('a revocation before creation leaves no key', () => {
    expect(replay(apiKeyDecider, [revoked])).toBeNull();
  });
});
