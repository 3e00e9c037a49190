/** Businesses: reading one, and changing its plan (an operator's action, through the CLI). */
import { businessAggregate, DomainError, streamNames, type Business, type Plan } from '@passes/domain';
import type { ReadModels } from '@passes/read-model';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { ReadYourWrites } from '../shared/read-your-writes';

export class Businesses {
  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'businesses'>,
    private readonly clock: Clock,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async get(businessId: string): Promise<Business> {
    const business = await this.readModels.businesses.get(businessId);
    if (!business) throw new DomainError('not_found', `Business '${businessId}' not found`);
    return business;
  }

  async changePlan(businessId: string, plan: Plan, context: CommandContext): Promise<Business> {
    const result = await this.commands.handle(businessAggregate, { stream: streamNames.business(businessId), businessId, context }, () => ({
      type: 'ChangePlan' as const,
      plan,
      now: this.clock.now(),
    }));
    if (result.position !== null) await this.readYourWrites.waitFor(result.position);
    if (!result.state) throw new DomainError('not_found', `Business '${businessId}' not found`);
    return result.state;
  }
}
