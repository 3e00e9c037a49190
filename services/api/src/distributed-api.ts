/**
 * One API instance of the distributed profile: stateless, over the shared stores. Its commands wait for
 * the projector process by watching the projections' checkpoints in the read store.
 */
import 'reflect-metadata';
import { CheckpointWaiter, readModelProjections } from '@passes/read-model';
import { openStores, processScope, TOKENS, type ProcessBasics, type Stores } from '@passes/runtime';
import { ApiServer } from './api-server';
import { readYourWritesThrough } from './read-your-writes';

/** A projector in another process is watched this often while a command waits for it. */
const CHECKPOINT_POLL_INTERVAL_MS = 10;

export class DistributedApi {
  private constructor(
    private readonly stores: Stores,
    private readonly waiter: CheckpointWaiter,
    private readonly api: ApiServer,
  ) {}

  static async start(basics: ProcessBasics): Promise<DistributedApi> {
    const stores = await openStores(basics.config, () => basics.clock.now());
    const scope = processScope(basics, stores);
    const collections = readModelProjections.map((projection) => projection.collection);
    const waiter = new CheckpointWaiter(stores.documents, collections, CHECKPOINT_POLL_INTERVAL_MS);
    scope.register(TOKENS.readYourWrites, { useValue: readYourWritesThrough(waiter, basics.logger, basics.config.readYourWritesTimeoutMs) });
    const instance = new DistributedApi(stores, waiter, scope.resolve(ApiServer));
    await instance.api.start();
    return instance;
  }

  get url(): string {
    return this.api.url;
  }

  async stop(): Promise<void> {
    await this.api.stop();
    this.waiter.close();
    await this.stores.close();
  }
}
