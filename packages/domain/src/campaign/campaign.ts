/**
 * A campaign: a message to the holders of a business's passes, now or at a set time (PROGRAMME §2).
 * Stream `campaign-{id}`. Each recipient's message is an event on the recipient pass's own stream, which
 * refuses a second message of the same campaign; the campaign's stream records its terms, its moves
 * between statuses and its sending's progress (the audience cursor it reached, and the counts so far).
 */
import type { Plan } from '../plan/plan';
import type { PassStatus } from '../pass/pass-events';
import type { Mode } from '../shared/mode';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export interface CampaignMessage {
  header: string;
  body: string;
}

/** Which passes receive it: all of these at once. */
export interface Audience {
  templateId: string | null;
  statuses: readonly PassStatus[];
  minStamps: number | null;
  minPoints: number | null;
  installedOnly: boolean;
}

/** Once sent, `recipients` is the sum of the other four. */
export interface CampaignStats {
  recipients: number;
  delivered: number;
  notInstalled: number;
  quotaLimited: number;
  failed: number;
}

/** What a caller gives to create a campaign, before the domain checks it. */
export interface CampaignDraft {
  name: string;
  message: CampaignMessage;
  audience: Audience;
  sendAt: Date | null;
}

/** A PATCH: only the fields present change; `sendAt: null` makes a scheduled campaign a draft again. */
export type CampaignUpdate = Partial<CampaignDraft>;

export interface AudienceData {
  template_id: string | null;
  statuses: PassStatus[];
  min_stamps: number | null;
  min_points: number | null;
  installed_only: boolean;
}

export interface CampaignTermsData {
  name: string;
  message: CampaignMessage;
  audience: AudienceData;
  send_at: string | null;
}

export interface StatsData {
  delivered: number;
  not_installed: number;
  quota_limited: number;
  failed: number;
}

export type CampaignEvent =
  | { type: 'CampaignCreated'; data: { campaign_id: string; business_id: string; mode: Mode; occurred_at: string } & CampaignTermsData }
  | { type: 'CampaignUpdated'; data: { changes: Partial<CampaignTermsData>; occurred_at: string } }
  | { type: 'CampaignDeleted'; data: { occurred_at: string } }
  | { type: 'CampaignCancelled'; data: { occurred_at: string } }
  | { type: 'CampaignSendingStarted'; data: { occurred_at: string } }
  /** A page of the audience sent: what came of its messages, and where the next page starts (null: none). */
  | { type: 'CampaignPageSent'; data: StatsData & { cursor: string | null; occurred_at: string } }
  /** A pass of the page refused its message (voided since the audience was read): a `failed` recipient. */
  | { type: 'CampaignRecipientFailed'; data: { pass_id: string; occurred_at: string } }
  | { type: 'CampaignSent'; data: { occurred_at: string } };

/** What the plan's limit needs from outside the campaign: the business's plan and its campaigns not deleted. */
export interface CampaignAllowance {
  plan: Plan;
  existing: number;
}

export type CampaignCommand =
  | { type: 'CreateCampaign'; campaignId: string; businessId: string; mode: Mode; draft: CampaignDraft; allowance: CampaignAllowance; now: Date }
  | { type: 'UpdateCampaign'; update: CampaignUpdate; now: Date }
  | { type: 'DeleteCampaign'; now: Date }
  | { type: 'CancelCampaign'; now: Date }
  | { type: 'StartSending'; now: Date }
  /** `cursor` null: that was the last page. `failedPassIds`: the passes `counts.failed` counts. */
  | { type: 'RecordPage'; counts: StatsData; failedPassIds: readonly string[]; cursor: string | null; now: Date };

export interface Campaign {
  id: string;
  businessId: string;
  mode: Mode;
  name: string;
  message: CampaignMessage;
  audience: Audience;
  status: CampaignStatus;
  sendAt: string | null;
  /** Where sending resumes in the audience: null before the first page, and after the last. */
  cursor: string | null;
  stats: CampaignStats;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export type CampaignState = Campaign | null;
