/** `passes admin set-plan <business_id> <free|pro>`: a plan change, recorded as an event; returns once the service sees it. */
import { Businesses, CommandHandler, cryptoIdGenerator } from '@passes/application';
import { PLANS, type Plan } from '@passes/domain';
import { type CliContext, UsageError } from './cli-context';

export async function setPlan({ events, readModels, clock, readYourWrites, output }: CliContext, businessId: string, plan: string): Promise<void> {
  if (!isPlan(plan)) throw new UsageError(`Unknown plan '${plan}': use ${PLANS.join(' or ')}`);
  const businesses = new Businesses(new CommandHandler(events), readModels, clock, readYourWrites);
  const business = await businesses.changePlan(businessId, plan, { actor: 'cli', correlationId: cryptoIdGenerator.newId() });
  output.out(`Business ${business.id} (${business.name}) is on the ${business.plan} plan.`);
}

function isPlan(value: string): value is Plan {
  return PLANS.some((plan) => plan === value);
}
