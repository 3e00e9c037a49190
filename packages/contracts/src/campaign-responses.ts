/** How campaigns, their audience's size and their recipients answer (PROGRAMME §2). */
import { CAMPAIGN_STATUSES, PASS_STATUSES } from '@passes/domain';
import { z } from 'zod';
import { instant } from './wire-formats';

export const campaignResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  message: z.strictObject({ header: z.string(), body: z.string() }),
  audience: z.strictObject({
    template_id: z.string().nullable(),
    statuses: z.array(z.enum(PASS_STATUSES)),
    min_stamps: z.int().min(0).nullable(),
    min_points: z.int().min(0).nullable(),
    installed_only: z.boolean(),
  }),
  status: z.enum(CAMPAIGN_STATUSES),
  send_at: instant.nullable(),
  created_at: instant,
  sent_at: instant.nullable(),
  /** So far while sending; once sent, `recipients` is the sum of the other four. */
  stats: z.strictObject({
    recipients: z.int().min(0),
    delivered: z.int().min(0),
    not_installed: z.int().min(0),
    quota_limited: z.int().min(0),
    failed: z.int().min(0),
  }),
});
export type CampaignResponse = z.infer<typeof campaignResponse>;

export const campaignListResponse = z.strictObject({ data: z.array(campaignResponse), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type CampaignListResponse = z.infer<typeof campaignListResponse>;

/** The audience's size now; `quota_limited` of them would get the message without a notification. */
export const campaignPreviewResponse = z.strictObject({ recipients: z.int().min(0), quota_limited: z.int().min(0) });
export type CampaignPreviewResponse = z.infer<typeof campaignPreviewResponse>;

export const campaignRecipientResponse = z.strictObject({
  pass_id: z.string(),
  serial_number: z.string(),
  status: z.enum(['delivered', 'not_installed', 'quota_limited', 'failed']),
  at: instant,
});

export const campaignRecipientListResponse = z.strictObject({ data: z.array(campaignRecipientResponse), has_more: z.boolean(), next_cursor: z.string().nullable() });
export type CampaignRecipientListResponse = z.infer<typeof campaignRecipientListResponse>;
