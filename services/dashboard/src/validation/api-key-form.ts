/** The API key form, checked as `POST /businesses/{id}/api-keys` checks it. */
import * as z from 'zod/mini';
import { checkWith, type Checked } from './field-errors';
import { name } from './field-rules';

export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export const createApiKeyBody = z.strictObject({
  name,
  mode: z.enum(API_KEY_MODES),
  scopes: z.array(z.enum(['read', 'write'])).check(z.minLength(1, 'must hold at least one scope')),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export interface ApiKeyForm {
  name: string;
  mode: ApiKeyMode;
  readOnly: boolean;
}

export function checkApiKey(form: ApiKeyForm): Checked<CreateApiKeyBody> {
  return checkWith(createApiKeyBody, { name: form.name, mode: form.mode, scopes: form.readOnly ? ['read'] : ['read', 'write'] });
}
