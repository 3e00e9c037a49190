/**
 * A realistic stream to project: this build's embedded service, given the http section's fixture, on Pro,
 * then `requests` issues and `requests` stamps through its API, as bench:cpu sends them; its event store
 * read back and cut where each load began, so each load's events can be projected on their own.
 */
import path from 'node:path';
import { SqliteEventStore, type RecordedEvent } from '@passes/event-store';
import { startEmbeddedService } from '../embedded-service';
import { createFixture } from '../fixture';
import { measureAmount } from '../measure';
import { Resources } from '../resources';
import { scenarioNamed } from '../scenarios';
import { upgradeToPro } from '../upgrade-to-pro';

export interface RecordedLoad {
  /** The scenario whose requests made these events. */
  scenario: string;
  requests: number;
  events: readonly RecordedEvent[];
}

export interface RecordedStream {
  /** What came before the loads: the fixture's business, template and passes, and the plan change. */
  setup: readonly RecordedEvent[];
  loads: readonly RecordedLoad[];
}

const LOADS = ['issue', 'stamp'] as const;

export async function recordStream(requests: number, connections: number): Promise<RecordedStream> {
  const resources = new Resources();
  try {
    const service = await startEmbeddedService(resources, 'service recording a stream');
    const fixture = await createFixture(service.url);
    await upgradeToPro(service.url, service.storesEnv, fixture);
    const events = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
    resources.defer(() => events.close());
    const starts: number[] = [];
    for (const scenario of LOADS) {
      starts.push((await events.readAll()).length);
      const measurement = await measureAmount(scenarioNamed(scenario), service.url, fixture, connections, requests);
      const failed = measurement.non2xx + measurement.errors + measurement.timeouts;
      if (failed > 0) throw new Error(`${failed} of the ${scenario} requests failed`);
    }
    const all = await events.readAll();
    return {
      setup: all.slice(0, starts[0]),
      loads: LOADS.map((scenario, index) => ({ scenario, requests, events: all.slice(starts[index], starts[index + 1] ?? all.length) })),
    };
  } finally {
    await resources.release();
  }
}
