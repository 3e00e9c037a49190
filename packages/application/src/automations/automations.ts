/**
 * Automations (PROGRAMME §3): create, read, list, change and delete the rules of a business, read what
 * they did (`runs`) and try one on a pass without changing anything (`test`). A rule belongs to the
 * caller's business and mode: sandbox rules act on sandbox passes.
 */
import {
  automationAggregate,
  automationTrigger,
  DomainError,
  dryRun,
  streamNames,
  type Automation,
  type AutomationCommand,
  type AutomationDraft,
  type AutomationUpdate,
  type DryRun,
} from '@passes/domain';
import { lookupKeys, type AutomationRunRecord, type ReadModels } from '@passes/read-model';
import type { PassQueries } from '../passes/pass-queries';
import type { PassScope } from '../passes/pass-scope';
import type { Plans } from '../plans/plans';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import { OneAtATime } from '../shared/one-at-a-time';
import { pageOf, type Page, type PageRequest } from '../shared/pages';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';

/** An automation with its totals: how many runs it made and when the last was. */
export interface AutomationView {
  automation: Automation;
  stats: { runs: number; lastRunAt: string | null };
}

export class Automations {
  /**
   * The creation under way in each business and mode: the limit is counted from the read model, so
   * creations go one after another, each awaited until projected, and two racing ones cannot both take the last place.
   */
  private readonly creating = new OneAtATime();

  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'automations' | 'automationRuns' | 'automationStats' | 'milestones' | 'templates'>,
    private readonly passes: PassQueries,
    private readonly plans: Plans,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
    private readonly googleWallet: boolean,
  ) {}

  async create(scope: PassScope, draft: AutomationDraft, context: CommandContext): Promise<AutomationView> {
    const { businessId, mode } = scope;
    if (draft.templateId !== null) await this.requireTemplate(scope, draft.templateId);
    await this.requireMilestone(scope, draft.trigger, draft.templateId);
    const key = lookupKeys.byBusinessMode(businessId, mode);
    return this.creating.run(key, async () => {
      const automationId = this.ids.newId();
      return this.run(businessId, automationId, context, { isNew: true }, async () => ({
        type: 'CreateAutomation',
        automationId,
        businessId,
        mode,
        draft,
        allowance: { plan: await this.plans.planOf(businessId), existing: await this.readModels.automations.count('business_mode', key) },
        now: this.clock.now(),
      }));
    });
  }

  async get(scope: PassScope, automationId: string): Promise<AutomationView> {
    return this.withStats(await this.find(scope, automationId));
  }

  /** Oldest first. */
  async list(scope: PassScope, request: PageRequest): Promise<Page<AutomationView>> {
    const automations = await this.readModels.automations.find('business_mode', lookupKeys.byBusinessMode(scope.businessId, scope.mode));
    const page = pageOf(automations, (automation) => automation.id, request);
    return { items: await Promise.all(page.items.map((automation) => this.withStats(automation))), nextCursor: page.nextCursor };
  }

  async update(scope: PassScope, automationId: string, update: AutomationUpdate, context: CommandContext): Promise<AutomationView> {
    const automation = await this.find(scope, automationId);
    if (update.templateId != null) await this.requireTemplate(scope, update.templateId);
    await this.requireMilestone(scope, update.trigger ?? automation.trigger, update.templateId === undefined ? automation.templateId : update.templateId);
    return this.run(scope.businessId, automationId, context, {}, async () => ({
      type: 'UpdateAutomation',
      update,
      plan: await this.plans.planOf(scope.businessId),
      now: this.clock.now(),
    }));
  }

  /** The rule stops; what it did stays on its passes and in its runs. */
  async delete(scope: PassScope, automationId: string, context: CommandContext): Promise<void> {
    await this.find(scope, automationId);
    const stream = streamNames.automation(automationId);
    const result = await this.commands.handle(automationAggregate, { stream, businessId: scope.businessId, context }, () => ({ type: 'DeleteAutomation', now: this.clock.now() }));
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
  }

  /** Newest first. */
  async runs(scope: PassScope, automationId: string, request: PageRequest): Promise<Page<AutomationRunRecord>> {
    await this.find(scope, automationId);
    const runs = await this.readModels.automationRuns.find('automation', automationId);
    return pageOf([...runs].reverse(), (run) => run.id, request);
  }

  /** Whether the rule would fire for the pass (any identifier) now, and what its actions would come to; changes nothing. */
  async test(scope: PassScope, automationId: string, passIdentifier: string): Promise<DryRun> {
    const automation = await this.find(scope, automationId);
    const pass = await this.passes.get(scope, passIdentifier);
    const currency = (await this.readModels.templates.get(pass.templateId))?.currency ?? null;
    return dryRun(automation, pass, await this.plans.planOf(scope.businessId), this.googleWallet, this.clock.now(), currency);
  }

  private async find(scope: PassScope, automationId: string): Promise<Automation> {
    const automation = await this.readModels.automations.get(automationId);
    if (!automation || automation.businessId !== scope.businessId || automation.mode !== scope.mode) {
      throw new DomainError('not_found', `Automation '${automationId}' not found`);
    }
    return automation;
  }

  private async withStats(automation: Automation): Promise<AutomationView> {
    const stats = await this.readModels.automationStats.get(automation.id);
    return { automation, stats: { runs: stats?.runs ?? 0, lastRunAt: stats?.lastRunAt ?? null } };
  }

  private async requireTemplate(scope: PassScope, templateId: string): Promise<void> {
    const template = await this.readModels.templates.get(templateId);
    if (!template || template.businessId !== scope.businessId) {
      throw new DomainError('validation_error', 'Request body failed validation', { issues: [{ path: 'template_id', message: `No template '${templateId}' in this business` }] });
    }
  }

  /**
   * A `reward_earned` trigger's milestone is one of this business and mode, and of the automation's template
   * when it names one: another would never fire. A trigger that fails its terms is the decider's to refuse.
   */
  private async requireMilestone(scope: PassScope, trigger: unknown, templateId: string | null): Promise<void> {
    const terms = automationTrigger.safeParse(trigger);
    if (!terms.success || terms.data.type !== 'reward_earned' || terms.data.milestone_id === null) return;
    const milestoneId = terms.data.milestone_id;
    const milestone = await this.readModels.milestones.get(milestoneId);
    const refuse = (message: string) => {
      throw new DomainError('validation_error', 'Request body failed validation', { issues: [{ path: 'trigger.milestone_id', message }] });
    };
    if (!milestone || milestone.businessId !== scope.businessId || milestone.mode !== scope.mode) refuse(`No milestone '${milestoneId}' in this business`);
    else if (templateId !== null && milestone.templateId !== templateId) refuse(`Milestone '${milestoneId}' is of another template than the automation's`);
  }

  private async run(
    businessId: string,
    automationId: string,
    context: CommandContext,
    { isNew = false }: { isNew?: boolean },
    command: () => AutomationCommand | Promise<AutomationCommand>,
  ): Promise<AutomationView> {
    const stream = streamNames.automation(automationId);
    const result = await this.commands.handle(automationAggregate, { stream, businessId, context, isNew }, command);
    if (result.position !== null) await awaitReadModels(this.readYourWrites, result.position, context);
    if (!result.state) throw new DomainError('not_found', `Automation '${automationId}' not found`);
    return this.withStats(result.state);
  }
}
