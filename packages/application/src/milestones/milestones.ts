/**
 * Reward milestones (PROGRAMME §1): create, read, list, change and archive them. A milestone belongs to a
 * template of the caller's business and to the caller's mode: sandbox milestones apply to sandbox passes.
 */
import {
  DomainError,
  milestoneAggregate,
  milestonesFor,
  streamNames,
  type ActiveMilestone,
  type Milestone,
  type MilestoneCommand,
  type MilestoneDraft,
  type MilestoneUpdate,
  type Pass,
} from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { PassScope } from '../passes/pass-scope';
import type { Plans } from '../plans/plans';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import { OneAtATime } from '../shared/one-at-a-time';
import { pageOf, type Page, type PageRequest } from '../shared/pages';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';

export class Milestones {
  /**
   * The creation under way in each business and mode. The plan's allowance is counted from the read
   * model, which learns of a creation once it is projected: creations one after another, each awaited until
   * projected, always count the one before, so two racing creations cannot both take Free's last place.
   */
  private readonly creating = new OneAtATime();

  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'milestones' | 'templates'>,
    private readonly plans: Plans,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async create(scope: PassScope, templateId: string, draft: MilestoneDraft, context: CommandContext): Promise<Milestone> {
    const { businessId, mode } = scope;
    const template = await this.readModels.templates.get(templateId);
    if (!template || template.businessId !== businessId) throw new DomainError('not_found', `Template '${templateId}' not found`);
    const key = lookupKeys.byBusinessMode(businessId, mode);
    return this.creating.run(key, async () => {
      const milestoneId = this.ids.newId();
      const plan = await this.plans.planOf(businessId);
      return this.run(businessId, milestoneId, context, { isNew: true }, async () => ({
        type: 'CreateMilestone',
        milestoneId,
        businessId,
        mode,
        templateId,
        draft,
        allowance: { plan, active: await this.plans.activeMilestones(businessId, mode) },
        now: this.clock.now(),
      }));
    });
  }

  async get(scope: PassScope, milestoneId: string): Promise<Milestone> {
    const milestone = await this.readModels.milestones.get(milestoneId);
    if (!milestone || milestone.businessId !== scope.businessId || milestone.mode !== scope.mode) {
      throw new DomainError('not_found', `Milestone '${milestoneId}' not found`);
    }
    return milestone;
  }

  /** Oldest first, archived ones included; only those of `templateId` when it is given. */
  async list(scope: PassScope, templateId: string | null, request: PageRequest): Promise<Page<Milestone>> {
    const milestones = await this.readModels.milestones.find('business_mode', lookupKeys.byBusinessMode(scope.businessId, scope.mode));
    const listed = templateId === null ? milestones : milestones.filter((milestone) => milestone.templateId === templateId);
    return pageOf(listed, (milestone) => milestone.id, request);
  }

  /** The milestones that apply to the pass as they stand now (active, of its template and mode), oldest first. */
  async applyingTo(pass: Pass): Promise<Milestone[]> {
    return milestonesFor(pass, await this.readModels.milestones.find('template', lookupKeys.byTemplate(pass.templateId)));
  }

  /**
   * The context of a pass command that may change stamps or points: the milestones that apply to the pass,
   * each with the id a reward of it would take. Built on every attempt of the command, so a milestone
   * created, changed or archived meanwhile is met as it stands.
   */
  async contextFor(pass: Pass): Promise<ActiveMilestone[]> {
    return (await this.applyingTo(pass)).map((milestone) => ({
      id: milestone.id,
      metric: milestone.metric,
      threshold: milestone.threshold,
      reward: milestone.reward,
      rewardExpiresAfterDays: milestone.rewardExpiresAfterDays,
      rewardId: this.ids.newId(),
    }));
  }

  async update(scope: PassScope, milestoneId: string, update: MilestoneUpdate, context: CommandContext): Promise<Milestone> {
    await this.get(scope, milestoneId);
    return this.run(scope.businessId, milestoneId, context, {}, () => ({ type: 'UpdateMilestone', update, now: this.clock.now() }));
  }

  /** It stops earning; the rewards it gave stay on their passes. Archiving an archived one changes nothing. */
  async archive(scope: PassScope, milestoneId: string, context: CommandContext): Promise<Milestone> {
    await this.get(scope, milestoneId);
    return this.run(scope.businessId, milestoneId, context, {}, () => ({ type: 'ArchiveMilestone', now: this.clock.now() }));
  }

  private async run(
    businessId: string,
    milestoneId: string,
    context: CommandContext,
    { isNew = false }: { isNew?: boolean },
    command: () => MilestoneCommand | Promise<MilestoneCommand>,
  ): Promise<Milestone> {
    const stream = streamNames.milestone(milestoneId);
    const result = await this.commands.handle(milestoneAggregate, { stream, businessId, context, isNew }, command);
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
    if (!result.state) throw new DomainError('not_found', `Milestone '${milestoneId}' not found`);
    return result.state;
  }
}
