/** `passes projections status [--json]`: one row per projection. */
import { projectionStatuses, readModelProjections, type ProjectionStatus } from '@passes/read-model';
import type { CliContext } from './cli-context';
import { count } from './progress';
import { table } from './table';

export async function projectionsStatus({ events, documents, output }: CliContext, json: boolean): Promise<void> {
  const statuses = await projectionStatuses(events, documents, readModelProjections);
  if (json) {
    output.out(JSON.stringify(statuses.map(({ name, version, checkpoint, head, lag }) => ({ name, version, checkpoint, head, lag, state: stateOf(statuses, name) })), null, 2));
    return;
  }
  const rows = statuses.map((status) => [
    status.name,
    String(status.version),
    status.liveGeneration === null ? '-' : String(status.liveGeneration),
    status.checkpoint ?? '-',
    status.head ?? '-',
    count(status.lag),
    describeState(status),
  ]);
  output.out(table(['projection', 'version', 'generation', 'checkpoint', 'head', 'lag', 'state'], rows));
}

function stateOf(statuses: readonly ProjectionStatus[], name: string): string {
  const status = statuses.find((candidate) => candidate.name === name);
  return status === undefined ? 'unknown' : describeState(status);
}

/** `live`, `stale`, or `rebuilding n %`. */
function describeState(status: ProjectionStatus): string {
  if (status.rebuild === null) return status.state;
  const { done, total } = status.rebuild;
  return `rebuilding ${total === 0 ? 100 : Math.floor((done / total) * 100)} %`;
}
