/** Templates, as far as issuing passes needs them for now. */
import { DomainError, streamNames, templateDecider, type Template } from '@passes/domain';
import type { EventStore } from '@passes/event-store';
import { collections, type DocumentStore } from '@passes/read-model';
import type { Clock } from '../shared/clock';
import type { Plans } from '../plans/plans';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import type { ReadYourWrites } from '../shared/read-your-writes';

export class Templates {
  constructor(
    private readonly store: EventStore,
    private readonly documents: DocumentStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
    private readonly plans: Plans,
  ) {}

  async create(businessId: string, name: string, context: CommandContext): Promise<Template> {
    await this.plans.requireRoomFor(businessId, 'templates');
    const templateId = this.ids.newId();
    const result = await handleCommand(this.store, templateDecider, { stream: streamNames.template(templateId), businessId, context }, () => ({
      type: 'CreateTemplate' as const,
      templateId,
      businessId,
      name,
      now: this.clock.now(),
    }));
    if (result.position !== null) await this.readYourWrites.waitFor(result.position);
    if (!result.state) throw new Error('CreateTemplate produced no template');
    return result.state;
  }

  async get(businessId: string, templateId: string): Promise<Template> {
    const template = await this.documents.get<Template>(collections.templates, templateId);
    if (!template || template.doc.businessId !== businessId) throw new DomainError('not_found', `Template '${templateId}' not found`);
    return template.doc;
  }
}
