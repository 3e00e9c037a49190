/** A service on a store filled straight through its event store, and the passes the scenarios read. */
import path from 'node:path';
import { SqliteEventStore } from '@passes/event-store';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService, type EmbeddedService } from '../embedded-service';
import { createFixture, type Fixture } from '../fixture';
import { count } from '../format';
import type { Resources } from '../resources';
import type { Scenario } from '../scenarios';
import { appendIssuedPasses, type PassCustomer } from '../seeding/pass-histories';

/** Passes each read scenario rotates over, spread evenly through the store. */
const SAMPLED_PASSES = 1000;
/** 20 commits of 500 passes between waits for the service: it polls the store, so a wait costs a poll. */
const COMMITS_BETWEEN_WAITS = 20;
/** Progress goes to stderr about this often. */
const REPORT_EVERY_EVENTS = 100_000;

export const customerOf = (index: number): PassCustomer => ({ name: `Customer ${index}`, email: `customer-${index}@example.com`, externalId: `ext-${index}` });

export interface SeededStore {
  service: EmbeddedService;
  fixture: Fixture;
  passes: number;
  /** Indexes of the sampled passes and their ids. */
  sampled: Map<number, string>;
}

function sampleIndexes(passes: number): Set<number> {
  const samples = Math.min(SAMPLED_PASSES, passes);
  return new Set(Array.from({ length: samples }, (_, sample) => Math.floor(((sample + 0.5) * passes) / samples)));
}

/** A service whose store holds `passes` passes of the fixture's business besides the fixture's own. */
export async function seededStore(name: string, passes: number, resources: Resources): Promise<SeededStore> {
  const service = await startEmbeddedService(resources, name);
  const fixture = await createFixture(service.url);
  const followers = EmbeddedFollowers.open(service, resources);
  const store = SqliteEventStore.open(path.join(service.dataDir, 'events.sqlite'));
  let reported = 0;
  try {
    const sampled = await appendIssuedPasses(store, fixture, {
      from: 0,
      to: passes,
      customerOf,
      sampled: sampleIndexes(passes),
      commitsBetweenWaits: COMMITS_BETWEEN_WAITS,
      afterCommit: async (head) => {
        await followers.waitFor(head);
        const done = head === null ? 0 : await store.countBetween(null, head, Number.MAX_SAFE_INTEGER);
        if (done - reported >= REPORT_EVERY_EVENTS) {
          process.stderr.write(`scale: ${name}: ${count(done)} events taken in (${count(passes)} passes wanted)…\n`);
          reported = done;
        }
      },
    });
    return { service, fixture, passes, sampled };
  } finally {
    await store.close();
  }
}

/** Reads by id, by email and by external_id, over the store's sampled passes; and the business with its plan usage. */
export function readScenarios(store: SeededStore): Scenario[] {
  const indexes = [...store.sampled.keys()];
  const base = `/businesses/${store.fixture.businessId}/passes`;
  return [
    { name: 'get by id', target: 'service', method: 'GET', paths: () => [...store.sampled.values()].map((id) => `${base}/${id}`) },
    { name: 'lookup by email', target: 'service', method: 'GET', paths: () => indexes.map((index) => `${base}/lookup/email/${encodeURIComponent(customerOf(index).email)}`) },
    { name: 'lookup by external_id', target: 'service', method: 'GET', paths: () => indexes.map((index) => `${base}/lookup/external/${customerOf(index).externalId ?? ''}`) },
    { name: 'GET /businesses/me', target: 'service', method: 'GET', paths: () => ['/businesses/me'] },
  ];
}
