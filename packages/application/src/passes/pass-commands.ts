/** Use cases that change passes. Each loads the pass's stream, lets the domain decide, and appends. */
import {
  DomainError,
  passDecider,
  SERIAL_NUMBER_RANDOM_BYTES,
  serialNumberFromBytes,
  streamNames,
  type IssuePassData,
  type Pass,
  type PassCommand,
  type PassUpdate,
} from '@passes/domain';
import type { EventStore } from '@passes/event-store';
import { collections, type DocumentStore } from '@passes/read-model';
import type { Template } from '@passes/domain';
import type { Templates } from '../templates/templates';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import { handleCommand, loadState } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import type { ReadYourWrites } from '../shared/read-your-writes';
import { reservationKey, UniqueValues } from '../shared/unique-values';
import type { PassQueries } from './pass-queries';

export type IssuePassInput = Omit<IssuePassData, 'passId' | 'businessId' | 'serialNumber'>;

/**
 * The actions on a pass (spec 6–13) as callers give them: the current time is added here, and a
 * check-in's cooldown is the pass's template's.
 */
export type PassAction = DistributiveOmit<Exclude<PassCommand, { type: 'IssuePass' | 'UpdatePass' | 'ScanPass' }>, 'now' | 'cooldown'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class PassCommands {
  private readonly uniqueValues: UniqueValues;

  constructor(
    private readonly store: EventStore,
    private readonly documents: DocumentStore,
    private readonly queries: PassQueries,
    private readonly templates: Templates,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
  ) {
    this.uniqueValues = new UniqueValues(store, clock);
  }

  async issue(businessId: string, input: IssuePassInput, context: CommandContext): Promise<Pass> {
    const template = await this.documents.get<Template>(collections.templates, input.templateId);
    if (!template || template.doc.businessId !== businessId) {
      throw new DomainError('validation_error', 'Request body failed validation', {
        issues: [{ path: 'template_id', message: `No template '${input.templateId}' in this business` }],
      });
    }
    const passId = this.ids.newId();
    if (input.externalId !== null) await this.reserveExternalId(businessId, input.externalId, passId, context);
    const data: IssuePassData = { ...input, passId, businessId, serialNumber: serialNumberFromBytes(this.ids.randomBytes(SERIAL_NUMBER_RANDOM_BYTES)) };
    return this.run(businessId, passId, context, () => ({ type: 'IssuePass', data, now: this.clock.now() }));
  }

  async update(businessId: string, identifier: string, update: PassUpdate, context: CommandContext): Promise<Pass> {
    const current = await this.queries.get(businessId, identifier);
    const newExternalId = update.externalId;
    const changesExternalId = newExternalId !== undefined && newExternalId !== current.externalId;
    if (changesExternalId && newExternalId !== null) await this.reserveExternalId(businessId, newExternalId, current.id, context);
    const pass = await this.run(businessId, current.id, context, () => ({ type: 'UpdatePass', update, now: this.clock.now() }));
    if (changesExternalId && current.externalId !== null && pass.externalId !== current.externalId) {
      await this.uniqueValues.release(this.externalIdClaim(businessId, current.externalId, current.id), context);
    }
    return pass;
  }

  async act(businessId: string, identifier: string, action: PassAction, context: CommandContext): Promise<Pass> {
    const current = await this.queries.get(businessId, identifier);
    return this.run(businessId, current.id, context, async (): Promise<PassCommand> => {
      if (action.type !== 'CheckIn') return { ...action, now: this.clock.now() };
      // Read on every attempt, so a check-in always meets the template's cooldown as it stands.
      const template = await this.templates.get(businessId, current.templateId);
      return { type: 'CheckIn', cooldown: template.scanSecurity.scanCooldown, now: this.clock.now() };
    });
  }

  private async run(businessId: string, passId: string, context: CommandContext, command: () => PassCommand | Promise<PassCommand>): Promise<Pass> {
    const result = await handleCommand(this.store, passDecider, { stream: streamNames.pass(passId), businessId, context }, command);
    if (result.position !== null) await this.readYourWrites.waitFor(result.position);
    if (!result.state) throw new DomainError('not_found', `Pass '${passId}' not found`);
    return result.state;
  }

  private reserveExternalId(businessId: string, externalId: string, passId: string, context: CommandContext): Promise<void> {
    return this.uniqueValues.reserve(
      {
        ...this.externalIdClaim(businessId, externalId, passId),
        isHeldBy: async (holderId) => (await loadState(this.store, passDecider, streamNames.pass(holderId))).state?.externalId === externalId,
      },
      context,
    );
  }

  private externalIdClaim(businessId: string, externalId: string, ownerId: string) {
    return { stream: streamNames.externalIdReservation(businessId, reservationKey(externalId)), field: 'external_id', value: externalId, ownerId, businessId };
  }
}
