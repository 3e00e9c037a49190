/**
 * The recipients of campaigns, one document per campaign and pass (PROGRAMME §2 `recipients`): made from
 * the MessageSent event a campaign's message left on the pass's own stream, which a pass records at most
 * once per campaign. An automation's messages have no campaign, and make no document.
 */
import { aggregateIdOf, decodeEvent, passEvents, type MessageSentData } from '@passes/domain';
import type { RecordedEvent } from '@passes/event-store';
import { z } from 'zod';
import type { Projection } from './projection';

export const CAMPAIGN_RECIPIENTS_COLLECTION = 'campaign_recipients';

const campaignRecipientDocument = z.object({
  campaignId: z.string(),
  passId: z.string(),
  status: z.enum(['delivered', 'not_installed', 'quota_limited']),
  at: z.string(),
});

export type CampaignRecipient = z.infer<typeof campaignRecipientDocument>;

function messageOf(event: RecordedEvent): MessageSentData {
  const decoded = decodeEvent(passEvents, event);
  if (decoded.type !== 'MessageSent') throw new Error(`the recipients projection takes no ${decoded.type}`);
  return decoded.data;
}

const campaignOf = (data: MessageSentData): string | null => ('campaign_id' in data.source ? data.source.campaign_id : null);

export const campaignRecipientsProjection: Projection<CampaignRecipient, 'campaign'> = {
  collection: CAMPAIGN_RECIPIENTS_COLLECTION,
  version: 1,
  schema: campaignRecipientDocument,
  indexes: ['campaign'],
  eventTypes: new Set(['MessageSent']),
  documentId: (event) => `${campaignOf(messageOf(event)) ?? 'automation'}/${aggregateIdOf(event.stream, 'pass')}`,
  // One message per campaign and pass: its document is written once.
  revisionAfter: (current) => (current === undefined ? 0 : null),
  startsDocument: () => true,
  apply: (_doc, event) => {
    const data = messageOf(event);
    const campaignId = campaignOf(data);
    if (campaignId === null) return null;
    return { campaignId, passId: aggregateIdOf(event.stream, 'pass'), status: data.delivery, at: data.occurred_at };
  },
  keys: (recipient) => ({ campaign: [recipient.campaignId] }),
};
