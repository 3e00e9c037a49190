/**
 * Campaigns (PROGRAMME §2): create, read, list, change, delete, cancel, send now, and the audience's size.
 * A campaign belongs to the caller's business and mode: a sandbox campaign messages sandbox passes only.
 * Sending is background work (campaign-sender.ts); a scheduled campaign has its item due at `send_at`.
 */
import type { WorkStore } from '@passes/background-work';
import { campaignAggregate, DomainError, streamNames, type Campaign, type CampaignCommand, type CampaignDraft, type CampaignUpdate } from '@passes/domain';
import { lookupKeys, type CampaignRecipient, type ReadModels } from '@passes/read-model';
import type { PassScope } from '../passes/pass-scope';
import type { Plans } from '../plans/plans';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import { OneAtATime } from '../shared/one-at-a-time';
import { pageOf, storePageOf, type Page, type PageRequest } from '../shared/pages';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';
import type { Audiences, AudienceSize } from './audience';
import { campaignSendWork } from './campaign-send-kind';

export type CampaignRecipientView = CampaignRecipient & { serialNumber: string };

export class Campaigns {
  /** Creations in one business and mode, one at a time (OneAtATime). */
  private readonly creating = new OneAtATime();

  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'campaigns' | 'templates' | 'campaignRecipients' | 'passes'>,
    private readonly plans: Plans,
    private readonly audiences: Audiences,
    private readonly work: WorkStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
    private readonly options: { googleWallet: boolean; wake: () => void },
  ) {}

  async create(scope: PassScope, draft: CampaignDraft, context: CommandContext): Promise<Campaign> {
    const { businessId, mode } = scope;
    await this.requireTemplate(scope, draft.audience.templateId);
    const key = lookupKeys.byBusinessMode(businessId, mode);
    const campaignId = this.ids.newId();
    // Recorded first, so no crash leaves a scheduled campaign without its item; one for a campaign never
    // created finds none when it comes due, and does nothing.
    await this.schedule(campaignId, draft.sendAt);
    return this.creating.run(key, async () => {
      const plan = await this.plans.planOf(businessId);
      return this.run(businessId, campaignId, context, { isNew: true }, async () => ({
        type: 'CreateCampaign',
        campaignId,
        businessId,
        mode,
        draft,
        allowance: { plan, existing: await this.plans.campaignsOf(businessId, mode) },
        now: this.clock.now(),
      }));
    });
  }

  async get(scope: PassScope, campaignId: string): Promise<Campaign> {
    const campaign = await this.readModels.campaigns.get(campaignId);
    if (!campaign || campaign.deleted || campaign.businessId !== scope.businessId || campaign.mode !== scope.mode) {
      throw new DomainError('not_found', `Campaign '${campaignId}' not found`);
    }
    return campaign;
  }

  /** Oldest first. */
  async list(scope: PassScope, request: PageRequest): Promise<Page<Campaign>> {
    const campaigns = await this.readModels.campaigns.find('business_mode', lookupKeys.byBusinessMode(scope.businessId, scope.mode));
    return pageOf(campaigns, (campaign) => campaign.id, request);
  }

  async update(scope: PassScope, campaignId: string, update: CampaignUpdate, context: CommandContext): Promise<Campaign> {
    await this.get(scope, campaignId);
    if (update.audience !== undefined) await this.requireTemplate(scope, update.audience.templateId);
    // First, as on create: an item of a time the campaign does not hold when it comes due does nothing.
    if (update.sendAt !== undefined) await this.schedule(campaignId, update.sendAt);
    return this.run(scope.businessId, campaignId, context, {}, () => ({ type: 'UpdateCampaign', update, now: this.clock.now() }));
  }

  async delete(scope: PassScope, campaignId: string, context: CommandContext): Promise<void> {
    await this.get(scope, campaignId);
    await this.run(scope.businessId, campaignId, context, {}, () => ({ type: 'DeleteCampaign', now: this.clock.now() }));
  }

  /** A scheduled campaign's item finds it cancelled when it comes due, and does nothing. */
  async cancel(scope: PassScope, campaignId: string, context: CommandContext): Promise<Campaign> {
    await this.get(scope, campaignId);
    return this.run(scope.businessId, campaignId, context, {}, () => ({ type: 'CancelCampaign', now: this.clock.now() }));
  }

  /**
   * Starts sending now; the sender takes it from there. Its item is recorded first, so no crash leaves a
   * campaign sending with nothing to send it; the sender waits for a campaign still a draft (campaign-sender.ts).
   */
  async send(scope: PassScope, campaignId: string, context: CommandContext): Promise<Campaign> {
    await this.get(scope, campaignId);
    const now = this.clock.now();
    await this.work.record([campaignSendWork(campaignId, 'send', `now-${now.toISOString()}`, now, now)]);
    const campaign = await this.run(scope.businessId, campaignId, context, {}, () => ({ type: 'StartSending', now: this.clock.now() }));
    this.options.wake();
    return campaign;
  }

  /** How many passes the campaign would message now, and how many of them past Google's notification quota. */
  async preview(scope: PassScope, campaignId: string): Promise<AudienceSize> {
    const campaign = await this.get(scope, campaignId);
    const size = await this.audiences.size(scope, campaign.audience, this.clock.now());
    return this.options.googleWallet ? size : { ...size, quotaLimited: 0 };
  }

  /** Its recipients so far, in the order they were messaged, with each pass's serial number. */
  async recipients(scope: PassScope, campaignId: string, request: PageRequest): Promise<Page<CampaignRecipientView>> {
    await this.get(scope, campaignId);
    const page = await storePageOf(this.readModels.campaignRecipients, 'campaign', campaignId, request);
    const items = await Promise.all(
      page.items.map(async (recipient) => ({ ...recipient, serialNumber: (await this.readModels.passes.get(recipient.passId))?.serialNumber ?? '' })),
    );
    return { items, nextCursor: page.nextCursor };
  }

  /** A scheduled campaign's item, due at its time; one moved to another time gets another. */
  private async schedule(campaignId: string, sendAt: Date | null): Promise<void> {
    if (sendAt === null || Number.isNaN(sendAt.getTime())) return;
    await this.work.record([campaignSendWork(campaignId, 'schedule', `at-${sendAt.toISOString()}`, sendAt, this.clock.now())]);
  }

  private async requireTemplate(scope: PassScope, templateId: string | null): Promise<void> {
    if (templateId === null) return;
    const template = await this.readModels.templates.get(templateId);
    if (template && template.businessId === scope.businessId) return;
    throw new DomainError('validation_error', 'Request body failed validation', {
      issues: [{ path: 'audience.template_id', message: `No template '${templateId}' in this business` }],
    });
  }

  private async run(
    businessId: string,
    campaignId: string,
    context: CommandContext,
    { isNew = false }: { isNew?: boolean },
    command: () => CampaignCommand | Promise<CampaignCommand>,
  ): Promise<Campaign> {
    const stream = streamNames.campaign(campaignId);
    const result = await this.commands.handle(campaignAggregate, { stream, businessId, context, isNew }, command);
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
    if (!result.state) throw new DomainError('not_found', `Campaign '${campaignId}' not found`);
    return result.state;
  }
}
