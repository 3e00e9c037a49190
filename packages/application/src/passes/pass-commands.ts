/** Use cases that change passes. Each loads the pass's stream, lets the domain decide, and appends. */
import {
  DomainError,
  passAggregate,
  SERIAL_NUMBER_RANDOM_BYTES,
  serialNumberFromBytes,
  streamNames,
  type ActiveMilestone,
  type IssuePassData,
  type MilestoneTerms,
  type Pass,
  type PassCommand,
  type PassUpdate,
} from '@passes/domain';
import type { ReadModels } from '@passes/read-model';
import type { Milestones } from '../milestones/milestones';
import type { Templates } from '../templates/templates';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import { awaitReflection, runAdmitted, UNHELD_ADMISSION, UNHELD_BATCH, type Admission, type AdmittedBatch, type PlanLimitAdmissions } from '../plans/plan-limit-admissions';
import type { ReadYourWrites } from '../shared/read-your-writes';
import { reservationKey, UniqueValues } from '../shared/unique-values';
import type { PassQueries } from './pass-queries';
import type { PassScope } from './pass-scope';

export type IssuePassInput = Omit<IssuePassData, 'passId' | 'businessId' | 'mode' | 'serialNumber'>;

/**
 * The actions on a pass (spec 6–13) as callers give them: the current time is added here, and a
 * check-in's cooldown is the pass's template's.
 */
export type PassAction = DistributiveOmit<Exclude<PassCommand, { type: 'IssuePass' | 'UpdatePass' | 'ScanPass' | 'RunAutomation' | 'SendMessage' }>, 'now' | 'cooldown' | 'milestones'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A pass as a command left it, with the milestones that applied to it in the command's own decision (null
 * when the command read none): its answer's next reward is of those, not of a second read of the same.
 */
export interface CommandedPass {
  pass: Pass;
  milestones: readonly MilestoneTerms[] | null;
}

export class PassCommands {
  private readonly uniqueValues: UniqueValues;

  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'templates'>,
    private readonly queries: PassQueries,
    private readonly templates: Templates,
    private readonly milestones: Milestones,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
    private readonly admissions: PlanLimitAdmissions,
  ) {
    this.uniqueValues = new UniqueValues(commands, clock);
  }

  async issue(scope: PassScope, input: IssuePassInput, context: CommandContext): Promise<Pass> {
    const admitted = await this.admitIssues(scope, 1);
    return this.issueAdmitted(scope, input, context, admitted.take());
  }

  /** Admits issuing `count` more passes, or refuses them with the plan's 402. Sandbox passes are free: only live ones count. */
  admitIssues(scope: PassScope, count: number): Promise<AdmittedBatch> {
    return scope.mode === 'live' ? this.admissions.admit(scope.businessId, 'passes', count) : Promise.resolve(UNHELD_BATCH);
  }

  /** Issues a pass the plan admitted (a bulk issue admits its whole batch at once), telling the admission how it went. */
  issueAdmitted(scope: PassScope, input: IssuePassInput, context: CommandContext, admission: Admission): Promise<Pass> {
    return runAdmitted(admission, () => this.issueNew(scope, input, context, admission));
  }

  private async issueNew(scope: PassScope, input: IssuePassInput, context: CommandContext, admission: Admission): Promise<Pass> {
    const { businessId, mode } = scope;
    const template = await this.readModels.templates.get(input.templateId);
    if (!template || template.businessId !== businessId) {
      throw new DomainError('validation_error', 'Request body failed validation', {
        issues: [{ path: 'template_id', message: `No template '${input.templateId}' in this business` }],
      });
    }
    const passId = this.ids.newId();
    if (input.externalId !== null) await this.reserveExternalId(scope, input.externalId, passId, context);
    const data: IssuePassData = { ...input, passId, businessId, mode, serialNumber: serialNumberFromBytes(this.ids.randomBytes(SERIAL_NUMBER_RANDOM_BYTES)) };
    return this.run(businessId, passId, context, () => ({ type: 'IssuePass', data, now: this.clock.now() }), admission, { isNew: true });
  }

  async update(scope: PassScope, identifier: string, update: PassUpdate, context: CommandContext): Promise<CommandedPass> {
    const current = await this.queries.get(scope, identifier);
    const newExternalId = update.externalId;
    const changesExternalId = newExternalId !== undefined && newExternalId !== current.externalId;
    if (changesExternalId && newExternalId !== null) await this.reserveExternalId(scope, newExternalId, current.id, context);
    let milestones: ActiveMilestone[] = [];
    const pass = await this.run(scope.businessId, current.id, context, async () => {
      milestones = await this.milestones.contextFor(current);
      return { type: 'UpdatePass', update, milestones, now: this.clock.now() };
    });
    if (changesExternalId && current.externalId !== null && pass.externalId !== current.externalId) {
      await this.uniqueValues.release(this.externalIdClaim(scope, current.externalId, current.id), context);
    }
    return { pass, milestones };
  }

  async act(scope: PassScope, identifier: string, action: PassAction, context: CommandContext): Promise<CommandedPass> {
    const current = await this.queries.get(scope, identifier);
    // The last attempt's: the one whose decision was appended. A command never moves a pass to another template or mode.
    let milestones: ActiveMilestone[] | null = null;
    const pass = await this.run(scope.businessId, current.id, context, async (): Promise<PassCommand> => {
      // Every command that may change stamps or points carries the milestones that apply to the pass, read on every attempt.
      if (action.type === 'AddStamps' || action.type === 'AdjustPoints' || action.type === 'RedeemReward') {
        milestones = await this.milestones.contextFor(current);
        return { ...action, milestones, now: this.clock.now() };
      }
      if (action.type !== 'CheckIn') return { ...action, now: this.clock.now() };
      // Read on every attempt, so a check-in always meets the template's cooldown as it stands.
      const template = await this.templates.get(scope.businessId, current.templateId);
      return { type: 'CheckIn', cooldown: template.scanSecurity.scanCooldown, now: this.clock.now() };
    });
    return { pass, milestones };
  }

  /**
   * `admission` is the plan's hold on an issue, let go once the read models count it; other commands have none.
   * An issue's pass id is new, so its stream is not read first (StreamContext.isNew).
   */
  private async run(
    businessId: string,
    passId: string,
    context: CommandContext,
    command: () => PassCommand | Promise<PassCommand>,
    admission: Admission = UNHELD_ADMISSION,
    { isNew = false }: { isNew?: boolean } = {},
  ): Promise<Pass> {
    const result = await this.commands.handle(passAggregate, { stream: streamNames.pass(passId), businessId, context, isNew }, command);
    if (result.position !== null) await awaitReflection(admission, result.position, this.readYourWrites, context);
    if (!result.state) throw new DomainError('not_found', `Pass '${passId}' not found`);
    return result.state;
  }

  private reserveExternalId(scope: PassScope, externalId: string, passId: string, context: CommandContext): Promise<void> {
    return this.uniqueValues.reserve(
      {
        ...this.externalIdClaim(scope, externalId, passId),
        isHeldBy: async (holderId) => (await this.commands.load(passAggregate, streamNames.pass(holderId))).state?.externalId === externalId,
      },
      context,
    );
  }

  private externalIdClaim({ businessId, mode }: PassScope, externalId: string, ownerId: string) {
    const stream = streamNames.externalIdReservation(businessId, mode, reservationKey(externalId));
    return { stream, field: 'external_id', value: externalId, ownerId, businessId };
  }
}
