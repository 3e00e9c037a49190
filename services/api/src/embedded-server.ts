/**
 * Composition root of the embedded profile: the API, the projector and the webhook dispatcher in one
 * process, over the SQLite stores of one data directory, sharing one set of use cases. Started by
 * main.ts, or directly by tests with their own clock and stores.
 */
import path from 'node:path';
import type { Application } from '@passes/application';
import { CheckpointedFeed, MOVED_BACK, type AllFilter } from '@passes/event-store';
import type { Projector } from '@passes/read-model';
import { processProjector } from '@passes/projector';
import type { WorkRunner } from '@passes/background-work';
import { composeApplication, composeWallets, ConfigError, DATA_FILES, openStores, processPorts, processWorkRunner, projectionLagReader, TOKENS, type ProcessBasics, type Stores } from '@passes/runtime';
import { holdExclusively, type HeldFile } from '@passes/storage';
import { DispatcherService } from '@passes/webhook-dispatcher';
import { WALLET_FEED_FILTER } from '@passes/wallets';
import { WEBHOOK_FEED_FILTER } from '@passes/webhooks';
import { ApiServer } from './api-server';
import { readYourWritesThrough } from './read-your-writes';

export class EmbeddedServer {
  private constructor(
    private readonly dataDirectory: HeldFile,
    private readonly stores: Stores,
    private readonly api: ApiServer,
    private readonly projector: Projector,
    private readonly dispatcher: DispatcherService,
    private readonly runner: WorkRunner,
  ) {}

  /** Runs on the `given` stores, or on those the configuration names; either way it closes them when it stops. */
  static async start(basics: ProcessBasics, given?: Stores): Promise<EmbeddedServer> {
    const { config } = basics;
    const dataDirectory = holdExclusively(path.join(config.dataDir, DATA_FILES.serverLock));
    if (dataDirectory === null) {
      throw new ConfigError(`Another wallet pass service is serving the data directory ${config.dataDir}: stop it, or give this one a directory of its own (PASSES_DATA_DIR)`);
    }
    try {
      return await EmbeddedServer.startHolding(dataDirectory, basics, given);
    } catch (error) {
      dataDirectory.release();
      throw error;
    }
  }

  private static async startHolding(dataDirectory: HeldFile, basics: ProcessBasics, given?: Stores): Promise<EmbeddedServer> {
    const { config, logger, metrics } = basics;
    const stores = given ?? (await openStores(config, () => basics.clock.now()));
    const ports = processPorts(basics, stores);
    const events = ports.get(TOKENS.eventStore);
    metrics.watchProjectionLag(projectionLagReader(stores.events, stores.documents));

    const projector = processProjector(ports);
    // The data directory is this server's alone (server.lock), and so is its work store.
    const runner = processWorkRunner(ports, { sole: true });
    // The API is made below; its address is asked for only once it listens.
    const appUrl = () => config.appUrl ?? api.url;
    const application = composeApplication(ports, { readYourWrites: readYourWritesThrough(projector, logger, config.readYourWritesTimeoutMs), appUrl, wakeDispatcher: () => runner.wake() });
    const wallets = composeWallets(ports, application, appUrl);
    const feed = (name: string, filter: AllFilter) =>
      new CheckpointedFeed(events, stores.checkpoints, { name, filter, onMovedBack: (checkpoint, head) => logger.warn(MOVED_BACK, { follower: name, checkpoint, head }) });
    const dispatcher = new DispatcherService(ports, {
      application,
      wallets,
      webhookFeed: feed('webhook-dispatcher', WEBHOOK_FEED_FILTER),
      walletFeed: feed('wallet-notifier', WALLET_FEED_FILTER),
      automationFeed: feed('automations', WEBHOOK_FEED_FILTER),
      runner,
    });
    const api = new ApiServer(ports, { application, wallets, followers: () => dispatcher.followers() });

    const server = new EmbeddedServer(dataDirectory, stores, api, projector, dispatcher, runner);
    await server.run();
    return server;
  }

  /** The use cases the server runs, for tests that set up state the API cannot. */
  get application(): Application {
    return this.api.application;
  }

  /** The server's own address, e.g. `http://127.0.0.1:3000`. */
  get url(): string {
    return this.api.url;
  }

  /** The express application, for tests that walk its route table. */
  get requestHandler(): unknown {
    return this.api.requestHandler;
  }

  /** Resolves once the work that outlives its response (outgoing mail) is done. */
  settled(): Promise<void> {
    return this.api.settled();
  }

  /**
   * Requests in flight are answered first, then the followers of the event feed stop, then the background
   * work in flight, then the stores close, and the data directory is free for the next server.
   */
  async stop(): Promise<void> {
    await this.api.stop();
    await this.dispatcher.stop();
    await this.runner.stop();
    this.dispatcher.close();
    await this.projector.stop();
    await this.stores.close();
    this.dataDirectory.release();
  }

  private async run(): Promise<void> {
    await this.projector.start();
    await this.dispatcher.start();
    this.runner.start();
    await this.api.start();
    // Requests are answered from here on, reads from where the projector has reached (`/readyz` answers
    // 503 until every projection has caught up); the service says it runs once they have, or after 60 s.
    await this.projector.catchUp(60_000);
  }
}
