/** How campaign events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { count, mode, occurredAt, onlyOccurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import { PASS_STATUSES } from '../pass/pass-events';
import type { CampaignEvent } from './campaign';

const terms = z.object({
  name: z.string(),
  message: z.object({ header: z.string(), body: z.string() }),
  audience: z.object({
    template_id: z.string().nullable(),
    statuses: z.array(z.enum(PASS_STATUSES)),
    min_stamps: count.nullable(),
    min_points: count.nullable(),
    installed_only: z.boolean(),
  }),
  send_at: occurredAt.nullable(),
});

export const campaignEvents: EventRegistry<CampaignEvent> = {
  CampaignCreated: { version: 1, schema: terms.extend({ campaign_id: z.string(), business_id: z.string(), mode, occurred_at: occurredAt }) },
  CampaignUpdated: { version: 1, schema: z.object({ changes: terms.partial(), occurred_at: occurredAt }) },
  CampaignDeleted: { version: 1, schema: onlyOccurredAt },
  CampaignCancelled: { version: 1, schema: onlyOccurredAt },
  CampaignSendingStarted: { version: 1, schema: onlyOccurredAt },
  CampaignPageSent: {
    version: 1,
    schema: z.object({ delivered: count, not_installed: count, quota_limited: count, failed: count, cursor: z.string().nullable(), occurred_at: occurredAt }),
  },
  CampaignRecipientFailed: { version: 1, schema: z.object({ pass_id: z.string(), occurred_at: occurredAt }) },
  CampaignSent: { version: 1, schema: onlyOccurredAt },
};
