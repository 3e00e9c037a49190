/**
 * `passes projections rebuild [NAME…]`: builds a new generation of each projection (all when none is
 * named) beside the live one, which keeps serving until the new one is promoted. When a service is
 * running, its projector does the work and this command follows it; otherwise this command runs a
 * projector itself until the new generations are live. Interrupted, it leaves the live generations
 * untouched; run again, it resumes.
 */
import {
  GenerationConflictError,
  isStaleLeaseHolder,
  LAG_COUNT_LIMIT,
  newLeaseHolder,
  projectionStatuses,
  Projector,
  PROJECTOR_LEASE,
  readModelProjections,
  type Projection,
  type ProjectionStatus,
} from '@passes/read-model';
import { type CliContext, UsageError } from './cli-context';
import { Progress, count } from './progress';

const POLL_MS = 50;

export class RebuildRefused extends Error {}

export async function projectionsRebuild(context: CliContext, names: readonly string[]): Promise<void> {
  const projections = chosen(names);
  const holder = newLeaseHolder();
  const running = await runningProjector(context);
  for (const projection of projections) await requestRebuild(context, projection, running);
  const projector = running === null ? startOwnProjector(context, holder) : null;
  if (running !== null) context.output.note(`The running service's projector (${running}) rebuilds; following it.\n`);
  try {
    await follow(context, projections);
  } finally {
    await projector?.stop();
  }
}

function chosen(names: readonly string[]): readonly Projection[] {
  if (names.length === 0) return readModelProjections;
  return names.map((name) => {
    const projection = readModelProjections.find((candidate) => candidate.collection === name);
    if (!projection) throw new UsageError(`Unknown projection '${name}': use ${readModelProjections.map((known) => known.collection).join(', ')}`);
    return projection;
  });
}

/** The holder of the projector lease when it is alive, or null. Leases run on the machine's own time. */
async function runningProjector({ documents }: CliContext): Promise<string | null> {
  const lease = await documents.leaseHolder(PROJECTOR_LEASE);
  if (lease === null || lease.until <= new Date() || isStaleLeaseHolder(lease.holder)) return null;
  return lease.holder;
}

async function requestRebuild({ documents, clock }: CliContext, projection: Projection, running: string | null): Promise<void> {
  try {
    await documents.createGeneration({ collection: projection.collection, version: projection.version, indexes: projection.indexes }, 'next', clock.now());
  } catch (error) {
    if (!(error instanceof GenerationConflictError)) throw error;
    // A next generation left by an interrupted rebuild is resumed; one a live projector builds is not ours to start.
    if (running !== null) throw new RebuildRefused(`A rebuild of ${projection.collection} is already under way (by ${running}); see \`passes projections status\`.`);
  }
}

function startOwnProjector({ events, documents, clock, output }: CliContext, holder: string): Projector {
  const projector = new Projector(events, documents, readModelProjections, {
    holder,
    clock,
    onError: (error, activity) => output.note(`\nprojector: ${activity} failed: ${error instanceof Error ? error.message : String(error)}\n`),
  });
  void projector.start();
  return projector;
}

/**
 * Shows progress until every chosen projection's new generation is live, or Ctrl-C. Projections are
 * rebuilt side by side, each through the whole store: progress is the slowest one's, and the events
 * replayed are the store's. Each round reads only the generations; the events behind each checkpoint
 * are counted (a scan of the store) only when a progress line is due, so that following a rebuild
 * takes no CPU from it.
 */
async function follow(context: CliContext, projections: readonly Projection[]): Promise<void> {
  const names = new Set(projections.map((projection) => projection.collection));
  const storeEvents = (statuses: readonly ProjectionStatus[]) => Math.max(0, ...statuses.map((status) => status.rebuild?.total ?? 0));
  const head = await context.events.headPosition();
  const storeTotal = head === null ? 0 : await context.events.countBetween(null, head, LAG_COUNT_LIMIT);
  const progress = new Progress(context.output, 'rebuilding', storeTotal);
  for (;;) {
    if (context.signal.aborted) {
      context.output.note('\nInterrupted: the live generations keep serving; run the command again to resume.\n');
      process.exitCode = 130;
      return;
    }
    const states = await context.documents.collections();
    if (!states.some((state) => names.has(state.collection) && state.next !== null)) {
      const { seconds, rate } = progress.finish(storeTotal);
      context.output.out(`Rebuilt ${[...names].join(', ')}: ${count(storeTotal)} events replayed in ${seconds.toFixed(1)} s (${count(rate)} events/s).`);
      return;
    }
    if (progress.isDue) {
      const building = (await projectionStatuses(context.events, context.documents, projections)).filter((status) => names.has(status.name) && status.rebuild !== null);
      if (building.length > 0) progress.update(Math.min(...building.map((status) => status.rebuild?.done ?? 0)), storeEvents(building));
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
