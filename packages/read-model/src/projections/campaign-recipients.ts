/**
 * The recipients of campaigns, one document per campaign and pass (PROGRAMME §2 `recipients`): made from
 * the MessageSent event a campaign's message left on the pass's own stream, which a pass records at most
 * once per campaign, or from the campaign's CampaignRecipientFailed for a pass that refused it. An
 * automation's messages have no campaign, and make no document.
 */
import { aggregateIdOf, campaignEvents, decodeEvent, passEvents, type MessageSentData } from '@passes/domain';
import type { RecordedEvent } from '@passes/event-store';
import { z } from 'zod';
import type { Projection } from './projection';

export const CAMPAIGN_RECIPIENTS_COLLECTION = 'campaign_recipients';

const campaignRecipientDocument = z.object({
  campaignId: z.string(),
  passId: z.string(),
  status: z.enum(['delivered', 'not_installed', 'quota_limited', 'failed']),
  at: z.string(),
});

export type CampaignRecipient = z.infer<typeof campaignRecipientDocument>;

/** The recipient an event records; null for an automation's message. */
function recipientOf(event: RecordedEvent): CampaignRecipient | null {
  if (event.type === 'CampaignRecipientFailed') {
    const decoded = decodeEvent(campaignEvents, event);
    if (decoded.type !== 'CampaignRecipientFailed') throw new Error(`the recipients projection takes no ${decoded.type}`);
    return { campaignId: aggregateIdOf(event.stream, 'campaign'), passId: decoded.data.pass_id, status: 'failed', at: decoded.data.occurred_at };
  }
  const decoded = decodeEvent(passEvents, event);
  if (decoded.type !== 'MessageSent') throw new Error(`the recipients projection takes no ${decoded.type}`);
  const campaignId = campaignOf(decoded.data);
  return campaignId === null ? null : { campaignId, passId: aggregateIdOf(event.stream, 'pass'), status: decoded.data.delivery, at: decoded.data.occurred_at };
}

const campaignOf = (data: MessageSentData): string | null => ('campaign_id' in data.source ? data.source.campaign_id : null);

export const campaignRecipientsProjection: Projection<CampaignRecipient, 'campaign'> = {
  collection: CAMPAIGN_RECIPIENTS_COLLECTION,
  // 2: the passes that refused their message, as failed.
  version: 2,
  schema: campaignRecipientDocument,
  indexes: ['campaign'],
  eventTypes: new Set(['MessageSent', 'CampaignRecipientFailed']),
  documentId: (event) => {
    const recipient = recipientOf(event);
    return recipient === null ? `automation/${aggregateIdOf(event.stream, 'pass')}` : `${recipient.campaignId}/${recipient.passId}`;
  },
  // One message, or one refusal, per campaign and pass: its document is written once.
  revisionAfter: (current) => (current === undefined ? 0 : null),
  startsDocument: () => true,
  apply: (_doc, event) => recipientOf(event),
  keys: (recipient) => ({ campaign: [recipient.campaignId] }),
};
