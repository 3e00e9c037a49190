/** An API key of a business. Only its hash is ever recorded. Stream `api-key-{id}`. */
import type { Mode } from '../shared/mode';

export type ApiKeyMode = Mode;

/** `read` allows GET; `write` allows every request that changes something (POST, PATCH, DELETE). */
export type ApiKeyScope = 'read' | 'write';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'write'];

export type ApiKeyEvent =
  | {
      type: 'ApiKeyCreated';
      data: {
        key_id: string;
        business_id: string;
        name: string;
        mode: ApiKeyMode;
        scopes: ApiKeyScope[];
        key_hash: string;
        prefix: string;
        occurred_at: string;
      };
    }
  | { type: 'ApiKeyRevoked'; data: { occurred_at: string } };

export type ApiKeyCommand =
  | {
      type: 'CreateApiKey';
      keyId: string;
      businessId: string;
      name: string;
      mode: ApiKeyMode;
      scopes: readonly ApiKeyScope[];
      keyHash: string;
      prefix: string;
      now: Date;
    }
  | { type: 'RevokeApiKey'; now: Date };

export interface ApiKey {
  id: string;
  businessId: string;
  name: string;
  mode: ApiKeyMode;
  scopes: ApiKeyScope[];
  keyHash: string;
  /** The first characters of the key, shown in listings so a person can tell keys apart. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export type ApiKeyState = ApiKey | null;
