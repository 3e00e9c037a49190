/** What the campaign section found, and the goals of issue 34 it is judged against. */
import type { Measurement } from '../measure';

export interface CampaignFigures {
  /** Passes of the business when the campaign was sent: its audience. */
  passes: number;
  recipients: number;
  /** From the send's 202 to the campaign read as sent. */
  sendSeconds: number;
  recipientsPerSecond: number;
  withoutCampaign: Measurement;
  duringCampaign: Measurement;
  /** p99 while sending over p99 without; null when the latter is 0 ms. */
  p99Ratio: number | null;
  rateGoalMet: boolean;
  latencyGoalMet: boolean;
}

/** Issue 34: a campaign to 100,000 passes at ≥ 5,000 recipients/s, with `get`'s p99 within 2× of its p99 without. */
export const CAMPAIGN_GOAL_RECIPIENTS_PER_SECOND = 5_000;
export const CAMPAIGN_GOAL_P99_RATIO = 2;
