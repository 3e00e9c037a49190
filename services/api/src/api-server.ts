/**
 * The HTTP API as a process's component: the use cases over the stores, the express app, the listening
 * socket, and the upkeep of the request guards. Stateless apart from its stores, so the distributed
 * profile runs as many as it likes; the embedded profile runs one beside its projector and dispatcher.
 */
import 'reflect-metadata';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application, Clock, IdGenerator, ReadYourWrites } from '@passes/application';
import type { WorkStore } from '@passes/background-work';
import type { EventStore } from '@passes/event-store';
import type { Mailer } from '@passes/mailer';
import type { DocumentStore } from '@passes/read-model';
import type { IdempotencyStore, RateLimitStore } from '@passes/request-guards';
import { composeApplication, composeWallets, TOKENS, type Config, type Logger, type Metrics } from '@passes/runtime';
import type { Wallets } from '@passes/wallets';
import type { HostResolver } from '@passes/webhooks';
import { inject, injectable } from 'tsyringe';
import { BackgroundWork } from './background-work';
import { closeGracefully } from './graceful-close';
import { createHttpApp } from './http-app';
import { createAppServer } from './http/app-server';
import { MagicLinkLimits } from './http/magic-link-limits';

/** How often ended rate-limit windows and expired idempotency keys are swept away. */
const PURGE_INTERVAL_MS = 10 * 60_000;

@injectable()
export class ApiServer {
  readonly application: Application;
  readonly wallets: Wallets;
  private readonly background: BackgroundWork;
  private server: http.Server | null = null;
  private purgeTimer: NodeJS.Timeout | null = null;
  private listeningUrl = '';
  /** Set by a dispatcher running in the same process, so a manual retry goes out at once. */
  wakeDispatcher: () => void = () => undefined;

  constructor(
    @inject(TOKENS.config) private readonly config: Config,
    @inject(TOKENS.clock) private readonly clock: Clock,
    @inject(TOKENS.ids) ids: IdGenerator,
    @inject(TOKENS.logger) private readonly logger: Logger,
    @inject(TOKENS.eventStore) private readonly events: EventStore,
    @inject(TOKENS.documentStore) private readonly documents: DocumentStore,
    @inject(TOKENS.workStore) private readonly work: WorkStore,
    @inject(TOKENS.rateLimitStore) private readonly rateLimits: RateLimitStore,
    @inject(TOKENS.idempotencyStore) private readonly idempotencyKeys: IdempotencyStore,
    @inject(TOKENS.mailer) mailer: Mailer,
    @inject(TOKENS.readYourWrites) readYourWrites: ReadYourWrites,
    @inject(TOKENS.metrics) private readonly metrics: Metrics,
    @inject(TOKENS.hostResolver) resolveHost: HostResolver,
  ) {
    this.background = new BackgroundWork(logger);
    this.application = composeApplication({
      config,
      stores: { events, documents, work, mailer },
      clock,
      ids,
      readYourWrites,
      appUrl: () => this.appUrl,
      wakeDispatcher: () => this.wakeDispatcher(),
      resolveHost,
    });
    this.wallets = composeWallets(config, this.application, documents, () => this.appUrl);
  }

  /** The server's own address, e.g. `http://127.0.0.1:3000`. */
  get url(): string {
    return this.listeningUrl;
  }

  /** What answers the server's requests (the express application), for tests that walk its route table. */
  get requestHandler(): unknown {
    return this.server?.listeners('request')[0];
  }

  async start(): Promise<void> {
    const app = createHttpApp({
      application: this.application,
      wallets: this.wallets,
      events: this.events,
      documents: this.documents,
      work: this.work,
      rateLimits: this.rateLimits,
      idempotencyKeys: this.idempotencyKeys,
      clock: this.clock,
      logger: this.logger,
      metrics: this.metrics,
      trustProxy: this.config.trustProxy,
      limits: { perCredential: this.config.rateLimitPerMinute, perIp: this.config.publicRateLimitPerMinute },
      magicLinkLimits: new MagicLinkLimits(this.rateLimits, this.clock),
      background: this.background,
    });
    const server = createAppServer(app);
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.port, this.config.host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.listeningUrl = `http://${host}:${address.port}`;
    this.purgeTimer = setInterval(() => this.purgeGuards(), PURGE_INTERVAL_MS).unref();
  }

  /** Resolves once the work that outlives its response (outgoing mail) is done. */
  settled(): Promise<void> {
    return this.background.settled();
  }

  /**
   * Stops accepting connections, lets the requests in flight finish (up to the configured grace, then
   * cuts them), and waits for the work that outlives responses.
   */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await closeGracefully(server, this.config.shutdownGraceMs);
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.purgeTimer = null;
    await this.background.settled();
  }

  /** `{app_url}`: PASSES_APP_URL, or the server's own address once it listens. */
  get appUrl(): string {
    return this.config.appUrl ?? this.listeningUrl;
  }

  private purgeGuards(): void {
    const now = this.clock.now();
    Promise.all([this.rateLimits.purge(now), this.idempotencyKeys.purge(now)]).catch((error: unknown) =>
      this.logger.error('purging rate limits and idempotency keys failed', { error }),
    );
  }
}
