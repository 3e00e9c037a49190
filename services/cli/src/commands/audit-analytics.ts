/**
 * The analytics part of `passes audit verify`: the analytics projection folded afresh over every pass
 * event (a business's alone with `--business`) in memory, each document it makes compared with the one
 * stored: a pass's facts, a UTC day's counts, the passes active and installed now.
 */
import { PASS_EVENT_TYPES } from '@passes/domain';
import type { Position } from '@passes/event-store';
import { ANALYTICS_COLLECTION, analyticsProjection, InMemoryReplay } from '@passes/read-model';
import type { CliContext } from './cli-context';
import { count } from './progress';

const PAGE = 1000;

/** Object keys sorted: the same document written in another order is the same document. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => [key, canonical(item)]),
  );
}

/** Prints each document that differs; returns how many do. */
export async function verifyAnalytics({ events, documents, output, signal }: CliContext, businessId: string | undefined): Promise<number> {
  const replay = new InMemoryReplay(analyticsProjection);
  for (let after: Position | null = null; ; ) {
    if (signal.aborted) throw new Error('Interrupted before the analytics were verified');
    const page = await events.readAll({ after, maxCount: PAGE, filter: { eventTypes: PASS_EVENT_TYPES } });
    await replay.take(businessId === undefined ? page : page.filter((event) => event.metadata.business_id === businessId));
    const last = page.at(-1);
    if (last === undefined || page.length < PAGE) break;
    after = last.position;
  }
  let differing = 0;
  for (const [id, folded] of replay.documents()) {
    const served = (await documents.get(ANALYTICS_COLLECTION, id))?.doc ?? null;
    const [events, readModel] = [JSON.stringify(canonical(folded)), JSON.stringify(canonical(served))];
    if (events === readModel) continue;
    differing += 1;
    output.out(`analytics ${id}: read model ${readModel}, events ${events}`);
  }
  output.out(`${count(replay.documents().size)} analytics documents verified: ${differing === 0 ? 'the read model agrees with the events' : `${count(differing)} differ`}.`);
  return differing;
}
