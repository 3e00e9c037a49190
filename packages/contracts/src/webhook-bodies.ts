/** Body of webhook registration (spec endpoint 16). Unknown fields and unknown event names are refused. */
import { WEBHOOK_EVENT_NAMES } from '@passes/domain';
import { z } from 'zod';
import { followingTextRule } from './text-rule';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

export const createWebhookBody = z.strictObject({
  url: z
    .string()
    .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
    // A URL parser drops or escapes them, so the URL recorded and shown would not be the one delivered to.
    .regex(/^[^\s\p{Cc}]*$/u, 'must not contain spaces or control characters'),
  events: z
    .array(z.enum(WEBHOOK_EVENT_NAMES, { error: `must be one of ${WEBHOOK_EVENT_NAMES.join(', ')}` }))
    .min(1, 'must name at least one event')
    .default([...WEBHOOK_EVENT_NAMES]),
  description: followingTextRule(z.string().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH, `must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`), 'line').nullish(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;
