/**
 * The background work of sending a campaign: one item at a time per campaign. An item due at `send_at`
 * starts a scheduled campaign (the scheduler); each item sends some pages of the audience, from the cursor
 * the campaign's stream last recorded, and records the next item for the rest, so sending resumes where it
 * stopped after a crash or a restart and never holds a lease for long.
 */
import { newWork, workKind, type NewWork } from '@passes/background-work';
import { z } from 'zod';

/** `send`: asked to send now; `schedule`: due at send_at; `continue`: the rest after a slice. */
const CAMPAIGN_SEND_STEPS = ['send', 'schedule', 'continue'] as const;
export type CampaignSendStep = (typeof CAMPAIGN_SEND_STEPS)[number];

export const CAMPAIGN_SEND = workKind('campaigns.send', z.object({ campaign_id: z.string(), step: z.enum(CAMPAIGN_SEND_STEPS) }));

/**
 * Items are named by what they continue (the scheduled time, or the cursor reached), so recording the same
 * one twice (a retried page, two processes) keeps one, and a campaign moved to another time gets another.
 */
export function campaignSendWork(campaignId: string, step: CampaignSendStep, name: string, dueAt: Date, createdAt: Date): NewWork {
  return newWork(CAMPAIGN_SEND, { id: `campaign-send:${campaignId}:${name}`, group: `campaign:${campaignId}`, payload: { campaign_id: campaignId, step }, dueAt, createdAt });
}
