/**
 * Composition root of one API instance of the distributed profile: stateless, over the shared stores. Its
 * commands wait for the projector process by watching the projections' checkpoints in the read store.
 */
import { CheckpointWaiter, readModelProjections } from '@passes/read-model';
import { composeApplication, composeWallets, openStores, processPorts, type ProcessBasics, type Stores, waitingInLog } from '@passes/runtime';
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
    const { config, logger } = basics;
    const stores = await openStores(config, () => basics.clock.now(), waitingInLog(logger), basics.metrics);
    const ports = processPorts(basics, stores);

    const collections = readModelProjections.map((projection) => projection.collection);
    const waiter = new CheckpointWaiter(stores.documents, collections, CHECKPOINT_POLL_INTERVAL_MS);
    // The API is made below; its address is asked for only once it listens.
    const appUrl = () => config.appUrl ?? api.url;
    const application = composeApplication(ports, { readYourWrites: readYourWritesThrough(waiter, logger, config.readYourWritesTimeoutMs), appUrl });
    const api = new ApiServer(ports, { application, wallets: composeWallets(ports, application, appUrl) });

    const instance = new DistributedApi(stores, waiter, api);
    await api.start();
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
