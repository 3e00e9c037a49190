/**
 * The `long-stream` section (issue 16): stamps on passes whose streams hold 10,000 events against
 * stamps on fresh passes, same load, same service. The long histories are appended straight into the
 * store (as the service would have made them, one stamp an event) while the service follows. Then the
 * same once a webhook hears every stamp, on a receiver of the bench's own on loopback: the dispatcher
 * sends each pass as it was right after its stamp.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SqliteEventStore } from '@passes/event-store';
import { EmbeddedFollowers } from '../embedded-followers';
import { startEmbeddedService } from '../embedded-service';
import { createFixture, type Fixture } from '../fixture';
import { count } from '../format';
import { requestJson } from '../json-request';
import { measure, type Measurement } from '../measure';
import { pollUntil } from '../polling';
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
/** Deliveries go out one at a time to a webhook: a few thousand take seconds. */
const DRAIN_TIMEOUT_MS = 120_000;

const stampScenario = (name: string, passIds: string[]): Scenario => ({
  name,
  target: 'service',
  method: 'POST',
  paths: (fixture) => passIds.map((passId) => `/businesses/${fixture.businessId}/passes/${passId}/stamp?count=1`),
});

/** A webhook receiver that answers every delivery at once and counts them. */
interface Receiver {
  url: string;
  received(): number;
}

/** Closed when `resources` are released. */
async function startReceiver(resources: Resources): Promise<Receiver> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  resources.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/deliveries`, received: () => received };
}

/** Stamps the service answered: each makes one delivery to a webhook hearing `pass.updated`. */
const stampsOf = (measurement: Measurement) => measurement.statusCodes['200'] ?? 0;

export async function runLongStreamSection(settings: Settings, resources: Resources): Promise<SectionOutcome<LongStreamFigures>> {
  // The receiver is on loopback, which the service refuses as a webhook's address unless told otherwise.
  const service = await startEmbeddedService(resources, 'long-stream service', { PASSES_WEBHOOK_ALLOW_PRIVATE: 'true' });
  const fixture: Fixture = await createFixture(service.url);
  const longPasses = fixture.passIds.slice(0, PASSES);
  const freshPasses = fixture.passIds.slice(PASSES, 2 * PASSES);
  const freshPassesHeard = fixture.passIds.slice(2 * PASSES, 3 * PASSES);

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

  const receiver = await startReceiver(resources);
  await requestJson('POST', `${service.url}/businesses/${fixture.businessId}/webhooks`, { url: receiver.url, events: ['pass.updated'] }, fixture.token, 201);
  const freshHeard = stampScenario('stamp, fresh passes, a webhook hearing it', freshPassesHeard);
  const longHeard = stampScenario(`stamp, ${count(STREAM_EVENTS)}-event passes, a webhook hearing it`, longPasses);
  process.stderr.write(`long-stream: measuring ${freshHeard.name} for ${settings.durationSeconds} s…\n`);
  const freshHeardFigures = await measure(freshHeard, service.url, fixture, settings);
  // The second load starts once the first one's deliveries are out, as the first started with none behind it.
  const delivered = stampsOf(freshHeardFigures);
  process.stderr.write(`long-stream: waiting for the dispatcher to deliver ${count(delivered)} stamps…\n`);
  await pollUntil(async () => receiver.received() >= delivered, { what: `${count(delivered)} deliveries`, timeoutMs: DRAIN_TIMEOUT_MS, intervalMs: 100 });
  process.stderr.write(`long-stream: measuring ${longHeard.name} for ${settings.durationSeconds} s…\n`);
  const longHeardFigures = await measure(longHeard, service.url, fixture, settings);

  const rows: Row[] = [freshFigures, longFigures, freshHeardFigures, longHeardFigures].map((measurement) => ({ ...measurement, baseline: null, ratio: null }));
  return {
    lines: ['', heading(`long-stream · stamps on ${PASSES} passes of ${count(STREAM_EVENTS)} events against ${PASSES} fresh passes, then with a webhook`), ...tableLines(rows)],
    warnings: warningLines(rows, { 'long-stream service': service.problems() }),
    figures: { streamEvents: STREAM_EVENTS, passes: PASSES, fresh: freshFigures, long: longFigures, subscribed: { fresh: freshHeardFigures, long: longHeardFigures } },
  };
}
