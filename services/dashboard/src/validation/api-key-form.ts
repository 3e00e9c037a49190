/** The API key form, checked by the schema of `POST /businesses/{id}/api-keys`. */
import type { z } from 'zod';
import { createApiKeyBody } from '@passes/contracts';
import type { Mode } from '@passes/domain';
import { checkWith, type Checked } from './field-errors';

export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

export interface ApiKeyForm {
  name: string;
  mode: Mode;
  readOnly: boolean;
}

export function checkApiKey(form: ApiKeyForm): Checked<CreateApiKeyBody> {
  return checkWith(createApiKeyBody, { name: form.name, mode: form.mode, scopes: form.readOnly ? ['read'] : ['read', 'write'] });
}
