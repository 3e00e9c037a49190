/**
 * How fast the projector writes a backlog into the MongoDB-wire server and the relay publishes one to
 * Kafka. Everything the load left behind is worked off first; then the projector, relay and dispatcher
 * stop, the backlog is appended straight into the shared events.sqlite, and the projector and the relay
 * are started one at a time, so that neither competes with anything for the 2 cores or for FerretDB.
 */
import { RELAY_CHECKPOINT } from '@passes/event-bus';
import { hasReached, SqliteEventStore, type Position } from '@passes/event-store';
import { MongoCheckpointStore } from '@passes/event-store/distributed';
import { connectMongo } from '@passes/storage/distributed';
import { count } from '../format';
import { pollUntil } from '../polling';
import { isCaughtUp, waitUntilCaughtUp } from '../readiness';
import type { Resources } from '../resources';
import { appendNewPasses, type PassOwner } from '../seeding/pass-histories';
import { timeCatchUp, type CatchUp } from './catch-up';
import type { Topology } from './topology';

const CATCH_UP_TIMEOUT_MS = 5 * 60_000;
/** FerretDB serves one request at a time: polls compete with the work they time, so not too often. */
const READYZ_POLL_MS = 100;
const CHECKPOINT_POLL_MS = 50;

interface BacklogStores {
  eventStoreFile: string;
  mongodbUrl: string;
  mongoDatabase: string;
}

export async function timeBacklog(
  topology: Topology,
  stores: BacklogStores,
  owner: PassOwner,
  events: number,
  resources: Resources,
): Promise<{ projector: CatchUp; relay: CatchUp }> {
  const apiUrl = topology.api.url;
  const store = SqliteEventStore.open(stores.eventStoreFile);
  resources.defer(() => store.close());
  const mongo = await connectMongo(stores.mongodbUrl, stores.mongoDatabase);
  resources.defer(() => mongo.close());
  const checkpoints = await MongoCheckpointStore.open(mongo.db);
  const relayReached = async (target: Position | null) => hasReached(await checkpoints.load(RELAY_CHECKPOINT), target);

  await waitUntilCaughtUp(apiUrl, CATCH_UP_TIMEOUT_MS);
  const before = await store.headPosition();
  await pollUntil(() => relayReached(before), { what: 'the relay publishing what the load appended', timeoutMs: CATCH_UP_TIMEOUT_MS, intervalMs: CHECKPOINT_POLL_MS });
  // The dispatcher too: it consumes what the relay publishes, and would compete with it.
  for (const worker of ['relay', 'projector', 'dispatcher'] as const) await topology.stop(worker);

  process.stderr.write(`distributed: appending ${count(events)} events straight into the shared events.sqlite…\n`);
  const head = await appendNewPasses(store, owner, events);
  const backlog = head === null ? 0 : await store.countBetween(before, head, Number.MAX_SAFE_INTEGER);

  process.stderr.write('distributed: timing the projector…\n');
  const projector = await timeCatchUp(backlog, () => topology.start('projector'), () => isCaughtUp(apiUrl), {
    what: 'the projector catching up',
    intervalMs: READYZ_POLL_MS,
  });
  process.stderr.write('distributed: timing the relay…\n');
  const relay = await timeCatchUp(backlog, () => topology.start('relay'), () => relayReached(head), { what: 'the relay catching up', intervalMs: CHECKPOINT_POLL_MS });
  return { projector, relay };
}
