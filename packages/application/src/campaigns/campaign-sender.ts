/**
 * Sends campaigns as the handler of `campaigns.send` (campaign-send-kind.ts). A page of the audience at a
 * time: each recipient's message is a command on its pass's own stream, all of a page at once (the event
 * store commits concurrent appends together), then the page's counts and the cursor after it go on the
 * campaign's stream. Between slices it yields to the event loop, so requests go on being answered, and
 * while they are (the turn it gave back came back late) it sends smaller slices and reads smaller pages: each
 * slice's messages, their commit, their projection and the followers' turn hold the event loop for a time
 * that grows with the slice, and a request that arrives meanwhile waits for it. After a bounded time it
 * hands over to a new item, which any process's runner may take up.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { PayloadOf, WorkHandler, WorkResult, WorkStore, Work } from '@passes/background-work';
import { campaignAggregate, DomainError, streamNames, type Campaign, type CampaignCommand, type MessageSentData, type StatsData } from '@passes/domain';
import type { PassMessages } from '../passes/pass-messages';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { Audiences, RecipientsPage } from './audience';
import { CAMPAIGN_SEND, campaignSendWork, type CampaignSendStep } from './campaign-send-kind';
import { SendPace } from './send-pace';

/** How long one item sends before it hands over to the next: well inside its lease. */
const SLICE_MS = 10_000;
/** How long an item of "send now" waits for the campaign's move to sending, and how often it looks meanwhile. */
const MOVE_WAIT_MS = 2_000;
const MOVE_POLL_MS = 20;

type MessageDelivery = MessageSentData['delivery'] | 'failed';

export interface CampaignSenderOptions {
  /** Tells the process's runner that the next item is due now. */
  wake: () => void;
}

export class CampaignSender implements WorkHandler<PayloadOf<typeof CAMPAIGN_SEND>> {
  readonly kind = CAMPAIGN_SEND;
  readonly leaseMs = 6 * SLICE_MS;
  readonly retryScheduleMs = [1_000, 5_000, 30_000, 120_000, 600_000];
  readonly retryJitter = 0.2;
  readonly maxConcurrent = 2;

  constructor(
    private readonly commands: CommandHandler,
    private readonly messages: PassMessages,
    private readonly audiences: Audiences,
    private readonly work: WorkStore,
    private readonly clock: Clock,
    private readonly options: CampaignSenderOptions,
  ) {}

  async handle(item: Work<PayloadOf<typeof CAMPAIGN_SEND>>, signal: AbortSignal): Promise<WorkResult> {
    try {
      return await this.sendSlice(item.payload.campaign_id, item.payload.step, signal);
    } catch (error) {
      return { outcome: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async sendSlice(campaignId: string, step: CampaignSendStep, signal: AbortSignal): Promise<WorkResult> {
    let campaign = await this.campaignOf(campaignId);
    // A send records its item before the campaign's move to sending, which follows within moments: an item
    // taken up in between waits for the move, rather than for a retry's delay.
    if (campaign?.status === 'draft' && step === 'send') campaign = await this.afterMove(campaignId, signal);
    if (campaign === null || campaign.deleted) return { outcome: 'cancelled' };
    if (campaign.status === 'draft') return step === 'send' ? { outcome: 'retry', error: 'the campaign is not sending yet' } : { outcome: 'cancelled' };
    if (campaign.status === 'scheduled') {
      const now = this.clock.now();
      // Moved to a later time since this item was recorded: the item of the new time starts it.
      if (campaign.sendAt === null || Date.parse(campaign.sendAt) > now.getTime()) return { outcome: 'cancelled' };
      campaign = await this.run(campaign, { type: 'StartSending', now });
    }
    if (campaign.status !== 'sending') return { outcome: 'cancelled' };
    const started = Date.now();
    const pace = new SendPace();
    while (Date.now() - started < SLICE_MS) {
      if (signal.aborted) return { outcome: 'abandoned' };
      const page = await this.audiences.recipients(campaign, campaign.audience, campaign.cursor, pace.pageSize());
      const { counts, failedPassIds } = await this.sendPage(campaign, page.recipients, pace);
      campaign = await this.run(campaign, { type: 'RecordPage', counts, failedPassIds, cursor: page.next, now: this.clock.now() });
      // The last page sent it (its CampaignSent event is what the webhook `campaign.sent` follows).
      if (campaign.status === 'sent') return { outcome: 'done' };
      await pace.yieldToRequests();
    }
    const now = this.clock.now();
    await this.work.record([campaignSendWork(campaignId, 'continue', `after-${campaign.cursor ?? 'start'}`, now, now)]);
    this.options.wake();
    return { outcome: 'done' };
  }

  /**
   * The page's recipients a slice at a time, each slice's messages at once (their appends are committed
   * together), yielding between slices so requests are answered meanwhile. A pass that refuses the message
   * (voided meanwhile, gone) is `failed`, and named.
   */
  private async sendPage(campaign: Campaign, recipients: RecipientsPage['recipients'], pace: SendPace): Promise<{ counts: StatsData; failedPassIds: string[] }> {
    const context = campaignContext(campaign);
    const outcomes: MessageDelivery[] = [];
    for (let start = 0; start < recipients.length; ) {
      const slice = recipients.slice(start, start + pace.sliceSize());
      start += slice.length;
      outcomes.push(...(await Promise.all(slice.map((recipient) => this.deliveryTo(campaign, recipient, context)))));
      await pace.yieldToRequests();
    }
    const count = (delivery: MessageDelivery) => outcomes.filter((outcome) => outcome === delivery).length;
    const failedPassIds = recipients.filter((_recipient, index) => outcomes[index] === 'failed').map((recipient) => recipient.passId);
    return { counts: { delivered: count('delivered'), not_installed: count('not_installed'), quota_limited: count('quota_limited'), failed: failedPassIds.length }, failedPassIds };
  }

  private async deliveryTo(campaign: Campaign, recipient: RecipientsPage['recipients'][number], context: CommandContext): Promise<MessageDelivery> {
    try {
      const { sent } = await this.messages.send(recipient, campaign.message, { campaign_id: campaign.id }, context);
      return sent.delivery;
    } catch (error) {
      if (error instanceof DomainError) return 'failed';
      throw error;
    }
  }

  private async campaignOf(campaignId: string): Promise<Campaign | null> {
    return (await this.commands.load(campaignAggregate, streamNames.campaign(campaignId))).state;
  }

  /** The campaign once it is no longer a draft; as it is after MOVE_WAIT_MS, or once the runner stops. */
  private async afterMove(campaignId: string, signal: AbortSignal): Promise<Campaign | null> {
    const until = Date.now() + MOVE_WAIT_MS;
    for (;;) {
      await delay(MOVE_POLL_MS);
      const campaign = await this.campaignOf(campaignId);
      if (campaign?.status !== 'draft' || signal.aborted || Date.now() >= until) return campaign;
    }
  }

  private async run(campaign: Campaign, command: CampaignCommand): Promise<Campaign> {
    const result = await this.commands.handle(campaignAggregate, { stream: streamNames.campaign(campaign.id), businessId: campaign.businessId, context: campaignContext(campaign) }, () => command);
    if (result.state === null) throw new DomainError('not_found', `Campaign '${campaign.id}' not found`);
    return result.state;
  }
}

/** The campaign acts by itself: its messages and moves name it in their metadata and in the passes' histories. */
function campaignContext(campaign: Campaign): CommandContext {
  return { actor: `campaign:${campaign.id}`, correlationId: `campaign:${campaign.id}` };
}
