/** Templates: create, read, list and change them. Every read is scoped to the caller's business. */
import { DomainError, streamNames, templateAggregate, type Template, type TemplateCommand, type TemplateDraft, type TemplateImageSlot, type TemplateUpdate } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { Clock } from '../shared/clock';
import { awaitReflection, runAdmitted, UNHELD_ADMISSION, type Admission, type PlanLimitAdmissions } from '../plans/plan-limit-admissions';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import type { ReadYourWrites } from '../shared/read-your-writes';

const JOIN_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const JOIN_CODE_LENGTH = 10;

export class Templates {
  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'templates'>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
    private readonly admissions: PlanLimitAdmissions,
  ) {}

  async create(businessId: string, draft: TemplateDraft, context: CommandContext): Promise<Template> {
    const admission = await this.admissions.admitOne(businessId, 'templates');
    const templateId = this.ids.newId();
    const command = () => ({ type: 'CreateTemplate' as const, templateId, businessId, draft, joinCode: this.newJoinCode(), now: this.clock.now() });
    return runAdmitted(admission, () => this.run(businessId, templateId, context, command, admission));
  }

  async update(businessId: string, templateId: string, update: TemplateUpdate, context: CommandContext): Promise<Template> {
    await this.get(businessId, templateId);
    return this.run(businessId, templateId, context, () => ({ type: 'UpdateTemplate', update, joinCode: this.newJoinCode(), now: this.clock.now() }));
  }

  /** `hash`: of an image already stored (template-images), or null to remove the slot's. */
  async changeImage(businessId: string, templateId: string, slot: TemplateImageSlot, hash: string | null, context: CommandContext): Promise<Template> {
    await this.get(businessId, templateId);
    return this.run(businessId, templateId, context, () => ({ type: 'ChangeTemplateImage', slot, hash, now: this.clock.now() }));
  }

  /** The template whose join page has this code, open for enrolment or not; null when none has it. */
  async byJoinCode(joinCode: string): Promise<Template | null> {
    const [template] = await this.readModels.templates.find('join_code', lookupKeys.templateByJoinCode(joinCode), 1);
    return template ?? null;
  }

  /** Ten characters of an alphabet without look-alikes: short to type from a poster, too many to guess. */
  private newJoinCode(): string {
    return Array.from(this.ids.randomBytes(JOIN_CODE_LENGTH), (byte) => JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length]).join('');
  }

  async get(businessId: string, templateId: string): Promise<Template> {
    const template = await this.readModels.templates.get(templateId);
    if (!template || template.businessId !== businessId) throw new DomainError('not_found', `Template '${templateId}' not found`);
    return template;
  }

  /** Oldest first. */
  async list(businessId: string): Promise<Template[]> {
    return this.readModels.templates.find('business', lookupKeys.byBusiness(businessId));
  }

  /** `admission` is the plan's hold on a creation, let go once the read models count it; a change has none. */
  private async run(
    businessId: string,
    templateId: string,
    context: CommandContext,
    command: () => TemplateCommand,
    admission: Admission = UNHELD_ADMISSION,
  ): Promise<Template> {
    const result = await this.commands.handle(templateAggregate, { stream: streamNames.template(templateId), businessId, context }, command);
    if (result.position !== null) await awaitReflection(admission, result.position, this.readYourWrites, context);
    if (!result.state) throw new DomainError('not_found', `Template '${templateId}' not found`);
    return result.state;
  }
}
