/**
 * The embedded profile in one process: the API, the projector and the webhook dispatcher over the
 * SQLite stores of one data directory, wired from the configuration with the same components the
 * distributed profile runs as separate processes. Started by main.ts, or directly by tests with their
 * own clock.
 */
import 'reflect-metadata';
import type { Application } from '@passes/application';
import { CheckpointedFeed } from '@passes/event-store';
import { ProjectorService } from '@passes/projector';
import { openStores, processScope, projectionLagReader, TOKENS, type ProcessBasics, type Stores } from '@passes/runtime';
import { DispatcherService } from '@passes/webhook-dispatcher';
import { WALLET_FEED_FILTER } from '@passes/wallets';
import { WEBHOOK_FEED_FILTER } from '@passes/webhooks';
import { ApiServer } from './api-server';
import { readYourWritesThrough } from './read-your-writes';

export class EmbeddedServer {
  private constructor(
    private readonly stores: Stores,
    private readonly api: ApiServer,
    private readonly projector: ProjectorService,
    private readonly dispatcher: DispatcherService,
  ) {}

  /** Runs on the `given` stores, or on those the configuration names; either way it closes them when it stops. */
  static async start(basics: ProcessBasics, given?: Stores): Promise<EmbeddedServer> {
    const stores = given ?? (await openStores(basics.config, () => basics.clock.now()));
    const scope = processScope(basics, stores);
    basics.metrics.watchProjectionLag(projectionLagReader(stores.events, stores.documents));
    scope.register(TOKENS.webhookFeed, { useValue: new CheckpointedFeed(stores.events, stores.checkpoints, { name: 'webhook-dispatcher', filter: WEBHOOK_FEED_FILTER }) });
    scope.register(TOKENS.walletFeed, { useValue: new CheckpointedFeed(stores.events, stores.checkpoints, { name: 'wallet-notifier', filter: WALLET_FEED_FILTER }) });
    const projector = scope.resolve(ProjectorService);
    scope.register(TOKENS.readYourWrites, { useValue: readYourWritesThrough(projector.projector, basics.logger, basics.config.readYourWritesTimeoutMs) });
    const api = scope.resolve(ApiServer);
    scope.register(TOKENS.appUrl, { useValue: () => api.appUrl });
    const server = new EmbeddedServer(stores, api, projector, scope.resolve(DispatcherService));
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

  /** Requests in flight are answered first, then the followers of the event feed stop, then the stores close. */
  async stop(): Promise<void> {
    await this.api.stop();
    await this.dispatcher.stop();
    await this.projector.stop();
    await this.stores.close();
  }

  private async run(): Promise<void> {
    await this.projector.start();
    await this.dispatcher.start();
    this.api.wakeDispatcher = () => this.dispatcher.wake();
    await this.api.start();
    // Let the read models finish catching up on history before the first request is answered.
    await this.projector.projector.catchUp(60_000);
  }
}
