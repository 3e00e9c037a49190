/**
 * Read-your-writes across API processes of the distributed profile through rebuilds (issues 30 and 32):
 * two API processes and a projector on loopback over the MongoDB-wire server the run started, `passes`
 * rebuilt again and again (as `passes projections rebuild passes` asks) while clients write on one API
 * and read on the other. A write one API acknowledged is in the other's very next read, through each
 * promotion and, after the projector is restarted (which drops the replaced generations at once), through
 * each drop.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { readModelProjections, type CollectionState } from '@passes/read-model';
import { MongoDocumentStore } from '@passes/read-model/distributed';
import { describeWithServer } from '@passes/testkit';
import { callAs, registerOwner, type ProcessOwner } from './testing/process-owner';
import { distributedTestEnv } from './testing/distributed-test-env';
import { ServiceProcess } from './testing/service-process';
import type { PassBody } from './testing/wire-types';

const REBUILDS = 3;
const CLIENTS = 3;
/** How long one rebuild of a few passes may take on the test server before the test gives up on it. */
const REBUILD_DEADLINE_MS = 30_000;

describeWithServer('mongodb', 'read-your-writes across API processes through rebuilds', (mongoUrl) => {
  const { env, dataDir, database } = distributedTestEnv('rebuild-ryw', { mongodb: mongoUrl });
  const writer = new ServiceProcess('api-1', 'api', env);
  const reader = new ServiceProcess('api-2', 'api', env);
  let projector = new ServiceProcess('projector', 'projector', env);
  const client = new MongoClient(mongoUrl);
  let store: MongoDocumentStore;
  let owner: ProcessOwner;
  const call = <Body>(api: ServiceProcess, method: string, pathname: string, body?: unknown) => callAs<Body>(owner, api, method, pathname, body);

  const passesState = async (): Promise<CollectionState | undefined> => (await store.collections()).find((state) => state.collection === 'passes');

  /** What `passes projections rebuild passes` does with a projector running: asks for a next generation, then follows it until it is live. */
  async function rebuildPasses(): Promise<void> {
    const projection = readModelProjections.find((candidate) => candidate.collection === 'passes');
    if (!projection) throw new Error('no passes projection');
    const before = (await passesState())?.live?.generation;
    await store.createGeneration({ collection: 'passes', version: projection.version, indexes: projection.indexes }, 'next', new Date());
    const deadline = Date.now() + REBUILD_DEADLINE_MS;
    for (;;) {
      const state = await passesState();
      if (state?.next === null && state.live?.generation !== before) return;
      if (Date.now() > deadline) throw new Error(`passes was not rebuilt within ${REBUILD_DEADLINE_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    store = await MongoDocumentStore.open(client.db(database));
    await projector.start();
    await Promise.all([writer.start(), reader.start()]);
    owner = await registerOwner(writer, writer, 'Rebuilt Café');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([writer, reader, projector].map((running) => running.kill('SIGTERM')));
    await client.db(database).dropDatabase().catch(() => undefined);
    await client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows every write one API process acknowledged to the other’s next read, through promotions and drops', async () => {
    const passes = `/businesses/${owner.businessId}/passes`;
    const unseen: string[] = [];
    const refused: string[] = [];
    let acknowledged = 0;
    /** Clients that write on one API and read on the other, until `during` is done. */
    const underLoad = async (name: string, during: () => Promise<void>) => {
      let stop = false;
      const writeThenRead = async (index: number) => {
        for (let round = 0; !stop; round += 1) {
          const externalId = `${name}-${index}-${round}`;
          const issued = await call<PassBody>(writer, 'POST', passes, { template_id: owner.templateId, external_id: externalId });
          if (issued.status !== 201) {
            refused.push(`issue ${issued.status}`);
            continue;
          }
          acknowledged += 1;
          const read = await call<PassBody>(reader, 'GET', `${passes}/${externalId}`);
          if (read.status !== 200) unseen.push(`issued ${externalId} on api-1, then GET ${read.status} on api-2`);
          const stamped = await call<PassBody>(writer, 'POST', `${passes}/${issued.body.id}/stamp`);
          const again = await call<PassBody>(reader, 'GET', `${passes}/${issued.body.id}`);
          if (stamped.status !== 200) refused.push(`stamp ${stamped.status}`);
          else if (again.status !== 200 || again.body.stamps !== 1) unseen.push(`stamped ${externalId} on api-1, then GET ${again.status} with ${again.body.stamps} stamps on api-2`);
        }
      };
      const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => writeThenRead(index)));
      try {
        await during();
      } finally {
        stop = true;
        await load;
      }
    };

    await underLoad('promotions', async () => {
      for (let rebuild = 0; rebuild < REBUILDS; rebuild += 1) await rebuildPasses();
    });

    // api-2 last read the live generation; two rebuilds replace it and its successor, and a projector that
    // starts drops every replaced generation at once. api-2's next read must not find the one it read gone.
    expect((await call<PassBody>(reader, 'GET', `${passes}/promotions-0-0`)).status).toBe(200);
    await rebuildPasses();
    await rebuildPasses();
    await projector.kill('SIGTERM');
    projector = new ServiceProcess('projector', 'projector', env);
    await projector.start();
    const deadline = Date.now() + REBUILD_DEADLINE_MS;
    while (((await passesState())?.retired.length ?? 0) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await passesState())?.retired).toEqual([]);

    await underLoad('drops', () => rebuildPasses());

    expect(acknowledged).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    expect(unseen).toEqual([]);
  }, 240_000);
});
