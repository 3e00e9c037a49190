/**
 * The webhook form, checked by the schema of `POST /businesses/{id}/webhooks` plus the URL's shape. Whether
 * the address may be reached (https only, no private or loopback address) depends on the server's settings
 * and on DNS, so only the server tells; its refusal lands on `url` like the form's own.
 */
import type { z } from 'zod';
import { createWebhookBody as apiBody } from '@passes/contracts';
import type { WebhookEventName } from '@passes/domain';
import { checkWith, type Checked } from './field-errors';

/** The API checks the URL's length here and its shape with its address policy; the form checks the shape at once. */
export const createWebhookBody = apiBody.extend({
  url: apiBody.shape.url
    .min(1, 'enter the address that receives the notifications')
    .refine((value) => parsed(value) !== null, 'must be an absolute URL')
    .refine((value) => ['https:', 'http:'].includes(parsed(value)?.protocol ?? 'https:'), 'must be an http or https URL')
    .refine((value) => !parsed(value)?.username && !parsed(value)?.password, 'must not contain credentials'),
});
export type CreateWebhookBody = z.output<typeof createWebhookBody>;

export interface WebhookForm {
  url: string;
  events: readonly WebhookEventName[];
  description: string;
}

export function checkWebhook(form: WebhookForm): Checked<CreateWebhookBody> {
  const description = form.description.trim();
  return checkWith(createWebhookBody, { url: form.url.trim(), events: [...form.events], description: description === '' ? null : description });
}

function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
