/** The business of the session: plan, limits, usage; and its API keys (dashboard only). */
import { apiKeyListResponse, createdApiKeyResponse, ownBusinessResponse } from '@passes/contracts';
import type { CreateApiKeyBody } from '../../validation/api-key-form';
import { segment, type ApiClient } from '../api-client';

export function businessApi(client: ApiClient, business: string) {
  return {
    me: () => client.read(ownBusinessResponse, { method: 'GET', path: '/businesses/me' }),
    apiKeys: {
      list: () => client.read(apiKeyListResponse, { method: 'GET', path: `${business}/api-keys` }),
      create: (body: CreateApiKeyBody, idempotencyKey: string) => client.read(createdApiKeyResponse, { method: 'POST', path: `${business}/api-keys`, body, idempotencyKey }),
      revoke: (keyId: string) => client.perform({ method: 'DELETE', path: `${business}/api-keys/${segment(keyId)}` }),
    },
  };
}
