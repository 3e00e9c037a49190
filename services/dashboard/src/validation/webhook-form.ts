/**
 * The webhook form, checked as `POST /businesses/{id}/webhooks` checks it. Whether the address may be
 * reached (https only, no private or loopback address) depends on the server's settings and on DNS, so
 * only the server tells; its refusal lands on `url` like the form's own.
 */
import * as z from 'zod/mini';
import { checkWith, type Checked } from './field-errors';
import { textRule } from './field-rules';

export const WEBHOOK_EVENTS = ['pass.created', 'pass.updated', 'pass.redeemed', 'pass.voided', 'pass.scanned', 'pass.installed', 'pass.uninstalled'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

const webhookUrl = z
  .string()
  .check(
    z.minLength(1, 'enter the address that receives the notifications'),
    z.maxLength(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`),
    z.refine((value) => parsed(value) !== null, 'must be an absolute URL'),
    z.refine((value) => ['https:', 'http:'].includes(parsed(value)?.protocol ?? 'https:'), 'must be an http or https URL'),
    z.refine((value) => !parsed(value)?.username && !parsed(value)?.password, 'must not contain credentials'),
  );

export const createWebhookBody = z.strictObject({
  url: webhookUrl,
  events: z.array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` })).check(z.minLength(1, 'must name at least one event')),
  description: z.nullable(
    z.string().check(z.trim(), z.maxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH, `must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`), textRule('line')),
  ),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

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
