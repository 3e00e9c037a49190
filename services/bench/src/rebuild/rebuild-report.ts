/** The rebuild section as a person reads it: the store, both rebuild rates, both `get` loads, the two goals. */
import { count, ratio, seconds, verdict } from '../format';
import type { Measurement } from '../measure';
import { tableLines, type Row } from '../report';
import { heading } from '../section';
import { REBUILD_GOAL_EVENTS_PER_SECOND, REBUILD_GOAL_P99_RATIO, type RebuildFigures } from './rebuild-figures';

/** The issue asks for a store of at least this many events. */
const GOAL_STORE_EVENTS = 200_000;

/** The two `get` loads in the HTTP table's layout; they have no echo baseline. */
export function loadRows(withoutRebuild: Measurement, duringRebuild: Measurement): Row[] {
  const row = (name: string, measurement: Measurement): Row => ({ ...measurement, scenario: name, baseline: null, ratio: null });
  return [row('get without a rebuild', withoutRebuild), row('get during the rebuild', duringRebuild)];
}

export function rebuildLines(figures: RebuildFigures): string[] {
  const { cli, withoutRebuild, duringRebuild } = figures;
  const smallStore = figures.storeEvents < GOAL_STORE_EVENTS ? ` (below the ${count(GOAL_STORE_EVENTS)} the goal asks for)` : '';
  return [
    '',
    heading('rebuild · embedded profile · `passes projections rebuild` while the service serves `get`'),
    `store: ${count(figures.storeEvents)} events${smallStore}; ${count(figures.seededEvents)} of them appended straight into events.sqlite as passes of 20 events (issued, then stamped), the rest through the API`,
    `CLI:        ${cli.line}`,
    `            (its count sums each projection's pass through the whole store: ${count(cli.replayed)} is ${ratio(cli.replayed, figures.storeEvents)} the store's events)`,
    `wall clock: ${count(figures.storeEvents)} events in ${seconds(cli.wallSeconds)} from starting the CLI to its exit: ${count(figures.wallEventsPerSecond)} events/s`,
    ...tableLines(loadRows(withoutRebuild, duringRebuild)),
    `goal rebuild ≥ ${count(REBUILD_GOAL_EVENTS_PER_SECOND)} events/s (judged on the lower figure): ${verdict(figures.rateGoalMet)} (CLI ${count(cli.eventsPerSecond)} events/s, wall clock ${count(figures.wallEventsPerSecond)} events/s)`,
    `analytics:  ${figures.analytics.line} (the analytics projections alone, no load; wall clock ${count(figures.analyticsWallEventsPerSecond)} events/s)`,
    `goal analytics rebuild ≥ ${count(REBUILD_GOAL_EVENTS_PER_SECOND)} events/s (issue 36; the lower figure): ${verdict(figures.analyticsRateGoalMet)}`,
    `goal p99 during ≤ ${REBUILD_GOAL_P99_RATIO}× without, no failed request: ${verdict(figures.latencyGoalMet)} (p99 ${duringRebuild.p99Ms} ms during, ${withoutRebuild.p99Ms} ms without: ${ratio(duringRebuild.p99Ms, withoutRebuild.p99Ms)}; during: ${duringRebuild.non2xx} non-2xx, ${duringRebuild.errors} errors of ${count(duringRebuild.requests)} requests)`,
  ];
}
