/**
 * Issue 32's goals for what requests and the projector ask of the stores, counted in round trips so
 * that they hold whichever MongoDB-wire server answered: a read at most one MongoDB command, a command's
 * own path at most four, the projector a bounded number per batch whatever the batch's size.
 */
import { count, verdict } from '../format';
import type { ProjectorCost, RequestCost } from './store-costs';

const READ_GOAL = 1;
const COMMAND_GOAL = 4;
/** For each of the 7 read models a batch touches: its documents loaded, new ones inserted, the rest upserted; then the checkpoints. */
const PROJECTOR_BATCH_GOAL = 3 * 7 + 1;

const READS = new Set(['get', 'get template', 'lookup by email']);

const figure = (value: number) => value.toFixed(2);

/** Commands rarer than this a request (a lease renewed now and then) are left out of the breakdown. */
const BREAKDOWN_FLOOR = 0.05;

function requestLines(cost: RequestCost, width: number): string[] {
  const waits = cost.catalogReads > 0 ? ` (${figure(cost.catalogReads)} of them catalog reads)` : '';
  const breakdown = cost.byCommand.filter(([, perRequest]) => perRequest >= BREAKDOWN_FLOOR).map(([command, perRequest]) => `${command} ${figure(perRequest)}`);
  return [
    `  ${cost.scenario.padEnd(width)}   ${figure(cost.mongoCommands).padStart(6)} MongoDB commands${waits}   ${figure(cost.eventStoreCalls)} event-store calls   over ${count(cost.requests)} requests`,
    `  ${''.padEnd(width)}   ${breakdown.join(' · ')}`,
  ];
}

function goalLine(cost: RequestCost): string {
  if (READS.has(cost.scenario)) {
    return `goal ${cost.scenario} ≤ ${READ_GOAL} MongoDB round trip a request: ${verdict(cost.mongoCommands <= READ_GOAL)} (${figure(cost.mongoCommands)})`;
  }
  // The catalog reads of a command are its wait for the projector: shared by every request waiting then,
  // and as many as the projector's delay makes them, so not the command's own path.
  const own = cost.mongoCommands - cost.catalogReads;
  return `goal ${cost.scenario}'s own path ≤ ${COMMAND_GOAL} MongoDB round trips a request (the wait for the projector apart): ${verdict(own <= COMMAND_GOAL)} (${figure(own)})`;
}

export function storeCostLines(costs: readonly RequestCost[], projector: ProjectorCost): string[] {
  const width = Math.max(...costs.map((cost) => cost.scenario.length));
  const perBatch = projector.batches > 0 ? projector.mongoCommands / projector.batches : Number.POSITIVE_INFINITY;
  const perEvent = projector.events > 0 ? projector.mongoCommands / projector.events : 0;
  return [
    'store calls per request, from the API process’s metrics (the same counts on MongoDB as on a test server; catalog reads are the waits for the projector and the live-generation lookups):',
    ...costs.flatMap((cost) => requestLines(cost, width)),
    ...costs.map(goalLine),
    `projector over the backlog: ${count(projector.mongoCommands)} MongoDB commands for ${count(projector.events)} events in ${count(projector.batches)} batches: ${figure(perEvent)} an event, ${figure(perBatch)} a batch (from its start, with its lease and start-up)`,
    `  ${projector.byCommand.map(([command, total]) => `${command} ${count(total)}`).join(' · ')}`,
    `goal projector ≤ ${PROJECTOR_BATCH_GOAL} MongoDB round trips a batch, not a number per event: ${verdict(perBatch <= PROJECTOR_BATCH_GOAL)} (${figure(perBatch)})`,
  ];
}
