/**
 * The operator's commands (DESIGN §6). They work on the same data directory as the server, also while
 * it runs: writes go through the event store, and the server's projector picks them up.
 */
import { Businesses, cryptoIdGenerator, noWait, PassHistory, PassQueries, systemClock, type EmbeddedStores } from '@passes/application';
import { DomainError, PLANS, type Plan } from '@passes/domain';

export const USAGE = `Usage:
  passes history <business_id> <pass>            every event of a pass (id, serial_number or external_id), as JSON
  passes admin set-plan <business_id> <free|pro>  change a business's plan

Environment: PASSES_DATA_DIR (default ./data), the server's data directory.`;

export class UsageError extends Error {}

export interface Output {
  out(text: string): void;
}

export async function runCli(args: readonly string[], stores: EmbeddedStores, output: Output): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'history' && rest.length === 2) {
    const [businessId = '', pass = ''] = rest;
    const history = new PassHistory(stores.events, new PassQueries(stores.documents));
    output.out(JSON.stringify({ data: await history.of({ businessId, mode: 'live' }, pass) }, null, 2));
    return;
  }
  if (command === 'admin' && rest[0] === 'set-plan' && rest.length === 3) {
    const [, businessId = '', plan = ''] = rest;
    if (!isPlan(plan)) throw new UsageError(`Unknown plan '${plan}': use ${PLANS.join(' or ')}`);
    const businesses = new Businesses(stores.events, stores.documents, systemClock, noWait);
    const context = { actor: 'cli', correlationId: cryptoIdGenerator.newId() };
    const business = await businesses.changePlan(businessId, plan, context);
    output.out(`Business ${business.id} (${business.name}) is on the ${business.plan} plan.`);
    return;
  }
  throw new UsageError(USAGE);
}

function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export function describeFailure(error: unknown): { message: string; exitCode: number } {
  if (error instanceof UsageError) return { message: error.message, exitCode: 2 };
  if (error instanceof DomainError) return { message: `${error.code}: ${error.message}`, exitCode: 1 };
  return { message: String(error instanceof Error ? error.stack : error), exitCode: 1 };
}
