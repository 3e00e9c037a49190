/**
 * The `long-stream` section (issue 16): stamps on passes whose streams hold 10,000 events against
 * stamps on fresh passes, same load, same service. The long histories are appended straight into the
 * store (as the service would have made them, one stamp an event) while the service follows.
 */
import path from 'node:path';
import { SqliteEventStore } from '@passes/event-store';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService } from '../embedded-service';
import { createFixture, type Fixture } from '../fixture';
import { count } from '../format';
import { measure } from '../measure';
import { tableLines, warningLines, type Row } from '../report';
import type { Resources } from '../resources';
import type { Scenario } from '../scenarios';
import { heading, type SectionOutcome } from '../section';
import { appendStamps } from '../seeding/pass-histories';
import type { Settings } from '../settings';
import type { LongStreamFigures } from './write-path-goals';

const STREAM_EVENTS = 10_000;
/** Passes stamped in turn in each load: the long ones, and as many fresh ones. */
const PASSES = 10;

const stampScenario = (name: string, passIds: string[]): Scenario => ({
  name,
  target: 'service',
  method: 'POST',
  paths: (fixture) => passIds.map((passId) => `/businesses/${fixture.businessId}/passes/${passId}/stamp?count=1`),
});

export async function runLongStreamSection(settings: Settings, resources: Resources): Promise<SectionOutcome<LongStreamFigures>> {
  const service = await startEmbeddedService(resources, 'long-stream service');
  const fixture: Fixture = await createFixture(service.url);
  const longPasses = fixture.passIds.slice(0, PASSES);
  const freshPasses = fixture.passIds.slice(PASSES, 2 * PASSES);

  process.stderr.write(`long-stream: appending ${count(STREAM_EVENTS - 1)} stamps to each of ${PASSES} passes, the service following…\n`);
  const followers = EmbeddedFollowers.open(service, resources);
  const store = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
  try {
    for (const passId of longPasses) await appendStamps(store, passId, fixture.businessId, STREAM_EVENTS - 1, (head) => followers.waitFor(head));
  } finally {
    await store.close();
  }

  const fresh = stampScenario('stamp, fresh passes', freshPasses);
  const long = stampScenario(`stamp, ${count(STREAM_EVENTS)}-event passes`, longPasses);
  process.stderr.write(`long-stream: measuring ${fresh.name} for ${settings.durationSeconds} s…\n`);
  const freshFigures = await measure(fresh, service.url, fixture, settings);
  process.stderr.write(`long-stream: measuring ${long.name} for ${settings.durationSeconds} s…\n`);
  const longFigures = await measure(long, service.url, fixture, settings);

  const rows: Row[] = [freshFigures, longFigures].map((measurement) => ({ ...measurement, baseline: null, ratio: null }));
  return {
    lines: ['', heading(`long-stream · stamps on ${PASSES} passes of ${count(STREAM_EVENTS)} events against ${PASSES} fresh passes`), ...tableLines(rows)],
    warnings: warningLines(rows, { 'long-stream service': service.problems() }),
    figures: { streamEvents: STREAM_EVENTS, passes: PASSES, fresh: freshFigures, long: longFigures },
  };
}
