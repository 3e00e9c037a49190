/**
 * Bulk issue and bulk update (spec 2 and 5, a Pro feature). Every item is the ordinary single-pass
 * command, with its own stream, events, history and webhooks; there is no transaction across items, so
 * one item's refusal never touches another. Items run concurrently: their appends land in the same
 * event-loop turns and share the event store's group commits, which is what makes a batch fast.
 */
import { DomainError, type Pass, type PassUpdate } from '@passes/domain';
import type { Plans } from '../plans/plans';
import type { CommandContext } from '../shared/command-context';
import type { IssuePassInput, PassCommands } from './pass-commands';
import type { PassQueries } from './pass-queries';
import type { PassScope } from './pass-scope';

/** An item as the boundary read it: the input, or the refusal it earned there (e.g. its body failed its schema). */
export type BulkItem<Input> = { input: Input } | { refusal: DomainError };

export interface BulkUpdateInput {
  /** An id, a serial_number or an external_id. */
  identifier: string;
  update: PassUpdate;
}

/** One per item, in request order: the pass as the item left it, or why the item failed. */
export type BulkOutcome = PromiseSettledResult<Pass>;

export class BulkPassCommands {
  constructor(
    private readonly passCommands: PassCommands,
    private readonly queries: PassQueries,
    private readonly plans: Plans,
  ) {}

  async issue(scope: PassScope, items: readonly BulkItem<IssuePassInput>[], context: CommandContext): Promise<BulkOutcome[]> {
    await this.plans.requireFeature(scope.businessId, 'bulk_operations');
    const claims = new ExternalIdClaims();
    // Decided before anything runs, so the first item in request order wins an external_id, not the fastest.
    const prepared = items.map((item, index) => {
      if ('refusal' in item) return item;
      const refusal = claims.claim(item.input.externalId, index, index);
      return refusal ? { refusal } : item;
    });
    const admitted = await this.passCommands.admitIssues(scope, prepared.filter((item) => 'input' in item).length);
    return Promise.allSettled(
      prepared.map(async (item) => {
        if ('refusal' in item) throw item.refusal;
        return this.passCommands.issueAdmitted(scope, item.input, context, admitted.take());
      }),
    );
  }

  /**
   * Identifiers are resolved against the passes as they stand when the batch arrives. Items naming the
   * same pass are applied one after another in request order (the later one sees the earlier's change);
   * items on different passes run concurrently.
   */
  async update(scope: PassScope, items: readonly BulkItem<BulkUpdateInput>[], context: CommandContext): Promise<BulkOutcome[]> {
    await this.plans.requireFeature(scope.businessId, 'bulk_operations');
    const targets = await Promise.allSettled(
      items.map(async (item) => {
        if ('refusal' in item) throw item.refusal;
        return { pass: await this.queries.get(scope, item.input.identifier), update: item.input.update };
      }),
    );
    const claims = new ExternalIdClaims();
    const queues = new Map<string, Promise<unknown>>();
    return Promise.allSettled(
      targets.map((target, index) => {
        if (target.status === 'rejected') return Promise.reject(target.reason);
        const { pass, update } = target.value;
        const newExternalId = update.externalId !== pass.externalId ? update.externalId : undefined;
        const refusal = claims.claim(newExternalId ?? null, index, pass.id);
        if (refusal) return Promise.reject(refusal);
        const applied = (queues.get(pass.id) ?? Promise.resolve()).then(() => this.passCommands.update(scope, pass.id, update, context)).then((commanded) => commanded.pass);
        queues.set(pass.id, applied.catch(() => undefined));
        return applied;
      }),
    );
  }
}

/**
 * The external_ids items of one batch ask for. A later item asking for a value an earlier item (for
 * another pass) already asked for is refused like a clash with an existing pass, whatever becomes of
 * the earlier item: the outcome depends on the request alone, not on which item happens to finish first.
 */
class ExternalIdClaims {
  private readonly byValue = new Map<string, { index: number; passKey: string | number }>();

  /** `passKey` names the pass the item acts on; the same pass may ask for its own value twice. */
  claim(externalId: string | null, index: number, passKey: string | number): DomainError | null {
    if (externalId === null) return null;
    const earlier = this.byValue.get(externalId);
    if (!earlier) {
      this.byValue.set(externalId, { index, passKey });
      return null;
    }
    if (earlier.passKey === passKey) return null;
    return new DomainError('conflict', `external_id '${externalId}' is already used by item ${earlier.index} of this batch.`, {
      field: 'external_id',
      value: externalId,
    });
  }
}
