/**
 * What campaign commands record, or why they are refused; how the records make a campaign. Moves:
 * draft ⇄ scheduled (PATCH send_at), draft/scheduled → sending (send, or the scheduler at send_at) →
 * sent (with its last page); draft/scheduled → cancelled; a draft may be deleted. Any other move is an `invalid_state`.
 */
import { requireWithinLimit } from '../plan/plan';
import { changedFields } from '../shared/changed-fields';
import { assertNever, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { Campaign, CampaignCommand, CampaignEvent, CampaignState, CampaignStatus, CampaignTermsData, StatsData } from './campaign';
import { audienceData, audienceOf, campaignTerms, campaignUpdateTerms } from './campaign-terms';

const NO_STATS = { recipients: 0, delivered: 0, notInstalled: 0, quotaLimited: 0, failed: 0 };

function decideCampaign(command: CampaignCommand, state: CampaignState): CampaignEvent[] {
  const occurred_at = command.now.toISOString();
  if (command.type === 'CreateCampaign') {
    if (state !== null) throw new DomainError('conflict', `Campaign ${state.id} already exists.`, { campaign_id: state.id });
    const { campaignId, businessId, mode, draft, allowance } = command;
    const terms = campaignTerms(draft, command.now);
    requireWithinLimit(allowance.plan, 'campaigns', allowance.existing);
    return [{ type: 'CampaignCreated', data: { campaign_id: campaignId, business_id: businessId, mode, ...terms, occurred_at } }];
  }
  if (state === null || state.deleted) throw new DomainError('not_found', 'Campaign not found.');
  switch (command.type) {
    case 'UpdateCampaign': {
      requireStatus(state, ['draft', 'scheduled'], 'update');
      const changes = changedFields(termsData(state), campaignUpdateTerms(command.update, command.now));
      return Object.keys(changes).length === 0 ? [] : [{ type: 'CampaignUpdated', data: { changes, occurred_at } }];
    }
    case 'DeleteCampaign':
      requireStatus(state, ['draft'], 'delete');
      return [{ type: 'CampaignDeleted', data: { occurred_at } }];
    case 'CancelCampaign':
      requireStatus(state, ['draft', 'scheduled'], 'cancel');
      return [{ type: 'CampaignCancelled', data: { occurred_at } }];
    case 'StartSending':
      requireStatus(state, ['draft', 'scheduled'], 'send');
      return [{ type: 'CampaignSendingStarted', data: { occurred_at } }];
    case 'RecordPage': {
      requireStatus(state, ['sending'], 'record a page of');
      const failed = command.failedPassIds.map((pass_id): CampaignEvent => ({ type: 'CampaignRecipientFailed', data: { pass_id, occurred_at } }));
      const page: CampaignEvent = { type: 'CampaignPageSent', data: { ...command.counts, cursor: command.cursor, occurred_at } };
      // The last page sends the campaign in the same append: a sender stopped in between cannot take it from the start again.
      return command.cursor === null ? [...failed, page, { type: 'CampaignSent', data: { occurred_at } }] : [...failed, page];
    }
    default:
      return assertNever(command);
  }
}

function requireStatus(campaign: Campaign, from: readonly CampaignStatus[], verb: string): void {
  if (from.includes(campaign.status)) return;
  throw new DomainError('invalid_state', `Cannot ${verb} a campaign that is ${campaign.status}.`, { status: campaign.status });
}

function evolveCampaign(state: CampaignState, event: CampaignEvent): CampaignState {
  if (event.type === 'CampaignCreated') {
    const { data } = event;
    return {
      id: data.campaign_id,
      businessId: data.business_id,
      mode: data.mode,
      ...termsOf(data),
      status: data.send_at === null ? 'draft' : 'scheduled',
      cursor: null,
      stats: NO_STATS,
      deleted: false,
      createdAt: data.occurred_at,
      updatedAt: data.occurred_at,
      sentAt: null,
    };
  }
  if (state === null) return null;
  const updatedAt = event.data.occurred_at;
  switch (event.type) {
    case 'CampaignUpdated': {
      const terms = termsOf({ ...termsData(state), ...event.data.changes });
      return { ...state, ...terms, status: terms.sendAt === null ? 'draft' : 'scheduled', updatedAt };
    }
    case 'CampaignDeleted':
      return { ...state, deleted: true, updatedAt };
    case 'CampaignCancelled':
      return { ...state, status: 'cancelled', updatedAt };
    case 'CampaignSendingStarted':
      return { ...state, status: 'sending', updatedAt };
    case 'CampaignPageSent':
      return { ...state, cursor: event.data.cursor, stats: withPage(state.stats, event.data), updatedAt };
    // Counted with its page's stats.
    case 'CampaignRecipientFailed':
      return state;
    case 'CampaignSent':
      return { ...state, status: 'sent', sentAt: updatedAt, cursor: null, updatedAt };
    default:
      return assertNever(event);
  }
}

function withPage(stats: Campaign['stats'], page: StatsData): Campaign['stats'] {
  const delivered = stats.delivered + page.delivered;
  const notInstalled = stats.notInstalled + page.not_installed;
  const quotaLimited = stats.quotaLimited + page.quota_limited;
  const failed = stats.failed + page.failed;
  return { recipients: delivered + notInstalled + quotaLimited + failed, delivered, notInstalled, quotaLimited, failed };
}

type Terms = Pick<Campaign, 'name' | 'message' | 'audience' | 'sendAt'>;

function termsOf(data: CampaignTermsData): Terms {
  return { name: data.name, message: data.message, audience: audienceOf(data.audience), sendAt: data.send_at };
}

function termsData(terms: Terms): CampaignTermsData {
  return { name: terms.name, message: terms.message, audience: audienceData(terms.audience), send_at: terms.sendAt };
}

export const campaignDecider: Decider<CampaignCommand, CampaignEvent, CampaignState> = {
  decide: decideCampaign,
  evolve: evolveCampaign,
  initialState: () => null,
};
