import net from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { EsdbEventStore } from './esdb-event-store';
import { EventStoreUnavailableError } from './event-store';
import { describeEventStoreContract } from './testing/event-store.contract';
import { newEvent, waitUntil } from './testing/contract/fixtures';

/** An EventStoreDB server to run the contract against, e.g. esdb://localhost:2113?tls=false. */
const serverUrl = process.env['PASSES_TEST_EVENTSTORE_URL'];

if (serverUrl === undefined || serverUrl === '') {
  // No EventStoreDB can be started here (no Docker engine, no package of it): the contract runs only
  // where a server is given, never against a fake, and says by name that it did not run.
  describe.skip('EventStore contract: EsdbEventStore (skipped: set PASSES_TEST_EVENTSTORE_URL to an EventStoreDB server to run it)', () => {
    it('runs the EventStore contract against the server', () => undefined);
  });
} else {
  const url = serverUrl;
  describeEventStoreContract('EsdbEventStore', async () => {
    const store = EsdbEventStore.connect(url);
    return { store, dispose: () => store.close() };
  });
}

/** A local port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  return address.port;
}

describe('EsdbEventStore when the server cannot be reached', () => {
  let store: EsdbEventStore | undefined;
  afterEach(async () => {
    await store?.close();
  });

  it('reports EventStoreUnavailableError to appends, reads and subscriptions', async () => {
    const connected = EsdbEventStore.connect(`esdb://127.0.0.1:${await closedPort()}?tls=false`);
    store = connected;

    await expect(connected.append('unreachable', [newEvent('E')], 'any')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(connected.readStream('unreachable')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(connected.readAll()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(connected.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);

    const errors: unknown[] = [];
    const subscription = connected.subscribeToAll({ onError: (error) => errors.push(error) }, async () => undefined);
    await waitUntil(() => errors.length > 0, 'the subscription to report the failure');
    await subscription.stop();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(EventStoreUnavailableError);
  });
});
