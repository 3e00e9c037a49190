/**
 * The embedded profile in one process: SQLite event store and read store, the projector, and the HTTP
 * server. Constructed by the container in main.ts, or directly by tests with their own clock.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Application, loadSecretKey, openEmbeddedStores, type Clock, type EmbeddedStores, type IdGenerator } from '@passes/application';
import type { Mailer } from '@passes/mailer';
import { Projector, readModelProjections } from '@passes/read-model';
import { SqliteRateLimitStore } from '@passes/request-guards';
import { inject, injectable } from 'tsyringe';
import { BackgroundWork } from './background-work';
import type { Config } from './config';
import { openEmbeddedMailer } from './embedded-mailer';
import { createHttpApp } from './http-app';
import { MagicLinkLimits } from './http/magic-link-limits';
import type { Logger } from './logger';
import { TOKENS } from './tokens';

/** How long a command's response waits for the read models to reflect it before answering anyway. */
const READ_YOUR_WRITES_TIMEOUT_MS = 5000;
const PROJECTOR_NAME = 'read-model';

@injectable()
export class EmbeddedServer {
  private stores: EmbeddedStores | null = null;
  private projector: Projector | null = null;
  private server: http.Server | null = null;
  private rateLimits: SqliteRateLimitStore | null = null;
  private mailer: Mailer | null = null;
  private readonly background: BackgroundWork;
  private listeningUrl = '';

  constructor(
    @inject(TOKENS.config) private readonly config: Config,
    @inject(TOKENS.clock) private readonly clock: Clock,
    @inject(TOKENS.ids) private readonly ids: IdGenerator,
    @inject(TOKENS.logger) private readonly logger: Logger,
  ) {
    this.background = new BackgroundWork(logger);
  }

  /** The server's own address, e.g. `http://127.0.0.1:3000`. */
  get url(): string {
    return this.listeningUrl;
  }

  async start(): Promise<void> {
    const stores = openEmbeddedStores(this.config.dataDir, { now: () => this.clock.now() });
    this.stores = stores;
    const projector = new Projector(stores.events, stores.documents, readModelProjections, {
      name: PROJECTOR_NAME,
      onError: (error) => this.logger.error('projector failed; resubscribing', { error }),
    });
    this.projector = projector;
    await projector.start();
    const rateLimits = SqliteRateLimitStore.open(path.join(this.config.dataDir, 'rate-limits.sqlite'));
    this.rateLimits = rateLimits;
    const mailer = openEmbeddedMailer(this.config, this.clock);
    this.mailer = mailer;
    const appUrl = () => this.config.appUrl ?? this.listeningUrl;
    const application = new Application({
      events: stores.events,
      documents: stores.documents,
      clock: this.clock,
      ids: this.ids,
      secretKey: loadSecretKey(this.config.dataDir, this.config.secretKey),
      mailer,
      appUrl,
      readYourWrites: {
        waitFor: async (position) => {
          if (!(await projector.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS))) {
            this.logger.warn('read models lag behind a command', { position, reached: projector.position });
          }
        },
      },
    });
    const app = createHttpApp({
      application,
      events: stores.events,
      projector,
      logger: this.logger,
      appUrl,
      magicLinkLimits: new MagicLinkLimits(rateLimits, this.clock),
      background: this.background,
    });
    const server = http.createServer(app);
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.port, this.config.host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.listeningUrl = `http://${host}:${address.port}`;
    // Let the read models finish catching up on history before the first request is answered.
    await projector.catchUp(60_000);
  }

  /** Resolves once the work that outlives its response (outgoing mail) is done. */
  settled(): Promise<void> {
    return this.background.settled();
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
    await this.background.settled();
    await this.mailer?.close();
    await this.rateLimits?.close();
    await this.projector?.stop();
    await this.stores?.events.close();
    await this.stores?.documents.close();
    this.server = null;
    this.mailer = null;
    this.rateLimits = null;
    this.projector = null;
    this.stores = null;
  }
}
