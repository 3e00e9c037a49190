/**
 * Bodies of the campaign endpoints (PROGRAMME §2). Shapes and bounds are checked here with the domain's
 * own constants; the domain checks them again (campaign-terms.ts), with send_at's window, and refuses
 * them the same way.
 */
import { DEFAULT_AUDIENCE_STATUSES, MAX_BODY_LENGTH, MAX_HEADER_LENGTH, PASS_STATUSES } from '@passes/domain';
import { z } from 'zod';
import { name } from './field-limits';
import { followingTextRule, text } from './text-rule';

const message = z.strictObject({
  header: followingTextRule(z.string().trim().min(1, 'must not be empty').max(MAX_HEADER_LENGTH, `must be at most ${MAX_HEADER_LENGTH} characters`), 'line'),
  body: text('multiline', MAX_BODY_LENGTH).trim().min(1, 'must not be empty'),
});

const minimum = z.int('must be an integer').min(0, 'must be at least 0').nullish();

const audience = z.strictObject({
  template_id: z.string().min(1, 'must not be empty').nullish(),
  statuses: z
    .array(z.enum(PASS_STATUSES, { error: `must be one of ${PASS_STATUSES.join(', ')}` }))
    .min(1, 'must name at least one status')
    .default([...DEFAULT_AUDIENCE_STATUSES]),
  min_stamps: minimum,
  min_points: minimum,
  installed_only: z.boolean().default(false),
});

/** ISO 8601 with an offset; null (on PATCH) makes a scheduled campaign a draft again. */
const sendAt = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });

export const createCampaignBody = z.strictObject({
  name,
  message,
  audience: audience.optional(),
  send_at: sendAt.nullish(),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;

export const updateCampaignBody = z.strictObject({
  name: name.optional(),
  message: message.optional(),
  audience: audience.optional(),
  send_at: sendAt.nullish(),
});
export type UpdateCampaignBody = z.infer<typeof updateCampaignBody>;
