/**
 * The `rebuild` section (issue 12, "Speed"): a projection rebuild on the embedded profile over a store
 * of BENCH_REBUILD_EVENTS events, while the service keeps serving reads. The store is filled straight
 * through the event store, as the API would have filled it over months, with the service running and
 * following each commit as it would follow live traffic, so its read models are live before anything is timed.
 * Then the analytics projections are rebuilt on their own (issue 36), judged by the same rate.
 */
import path from 'node:path';
import { SqliteEventStore } from '@passes/event-store';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { count } from '../format';
import { measure, startLoad } from '../measure';
import { warningLines } from '../report';
import type { Resources } from '../resources';
import { scenarioNamed } from '../scenarios';
import type { SectionOutcome } from '../section';
import { appendNewPasses } from '../seeding/pass-histories';
import type { Settings } from '../settings';
import { runCliRebuild } from './cli-rebuild';
import { REBUILD_GOAL_EVENTS_PER_SECOND, REBUILD_GOAL_P99_RATIO, type RebuildFigures } from './rebuild-figures';
import { loadRows, rebuildLines } from './rebuild-report';

const ANALYTICS_PROJECTIONS = ['analytics', 'analytics_exports'];

export async function runRebuildSection(settings: Settings, resources: Resources): Promise<SectionOutcome<RebuildFigures>> {
  const service = await startEmbeddedService(resources, 'rebuild service');
  const fixture = await createFixture(service.url);

  process.stderr.write(`rebuild: appending ${count(settings.rebuildEvents)} events straight into events.sqlite, the service following…\n`);
  const followers = EmbeddedFollowers.open(service, resources);
  const store = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
  let storeEvents: number;
  try {
    const head = await appendNewPasses(store, fixture, settings.rebuildEvents, (commitHead) => followers.waitFor(commitHead));
    storeEvents = head === null ? 0 : await store.countBetween(null, head, Number.MAX_SAFE_INTEGER);
  } finally {
    await store.close();
  }

  const get = scenarioNamed('get');
  process.stderr.write(`rebuild: measuring get without a rebuild for ${settings.durationSeconds} s…\n`);
  const withoutRebuild = await measure(get, service.url, fixture, settings);

  process.stderr.write('rebuild: measuring get during `passes projections rebuild`…\n');
  const load = startLoad(get, service.url, fixture, settings.connections);
  const [rebuilt] = await Promise.allSettled([runCliRebuild(service.storesEnv, resources)]);
  // Stopped however the CLI ended, so that no load outlives the rebuild.
  const duringRebuild = await load.stop();
  if (rebuilt.status === 'rejected') throw rebuilt.reason;
  const cli = rebuilt.value;

  // The analytics projections alone (issue 36), nobody loading the service: their rate against the same goal.
  process.stderr.write('rebuild: `passes projections rebuild analytics analytics_exports`…\n');
  const analytics = await runCliRebuild(service.storesEnv, resources, ANALYTICS_PROJECTIONS);
  const analyticsWallEventsPerSecond = storeEvents / analytics.wallSeconds;

  const p99Ratio = withoutRebuild.p99Ms > 0 ? duringRebuild.p99Ms / withoutRebuild.p99Ms : null;
  const wallEventsPerSecond = storeEvents / cli.wallSeconds;
  const figures: RebuildFigures = {
    storeEvents,
    seededEvents: settings.rebuildEvents,
    cli,
    wallEventsPerSecond,
    withoutRebuild,
    duringRebuild,
    p99Ratio,
    rateGoalMet: Math.min(cli.eventsPerSecond, wallEventsPerSecond) >= REBUILD_GOAL_EVENTS_PER_SECOND,
    analytics,
    analyticsWallEventsPerSecond,
    analyticsRateGoalMet: Math.min(analytics.eventsPerSecond, analyticsWallEventsPerSecond) >= REBUILD_GOAL_EVENTS_PER_SECOND,
    latencyGoalMet: p99Ratio !== null && p99Ratio <= REBUILD_GOAL_P99_RATIO && duringRebuild.non2xx === 0 && duringRebuild.errors === 0,
  };
  return {
    lines: rebuildLines(figures),
    warnings: warningLines(loadRows(withoutRebuild, duringRebuild), { 'rebuild service': service.problems() }),
    figures,
  };
}
