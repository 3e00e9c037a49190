/**
 * The embedded profile in one process: SQLite event store, read store and delivery store, the
 * projector, the webhook dispatcher and the HTTP server. Constructed by the container in main.ts, or
 * directly by tests with their own clock.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Application, loadSecretKey, openEmbeddedStores, type Clock, type EmbeddedStores, type IdGenerator } from '@passes/application';
import type { Mailer } from '@passes/mailer';
import { Projector, readModelProjections } from '@passes/read-model';
import { SqliteIdempotencyStore, SqliteRateLimitStore } from '@passes/request-guards';
import { SqliteDeliveryStore, WebhookDispatcher, WebhookSecretCipher } from '@passes/webhooks';
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
/** Idempotency keys live 24 h (spec: Limits); a claim running for a minute belongs to a dead process. */
const IDEMPOTENCY_TIMINGS = { ttlMs: 24 * 3_600_000, abandonAfterMs: 60_000 };
/** How often ended rate-limit windows and expired idempotency keys are swept away. */
const PURGE_INTERVAL_MS = 10 * 60_000;
const DELIVERIES_FILE = 'webhook-deliveries.sqlite';
/** Recorded as the actor of what the dispatcher decides on its own (disabling a webhook after 410). */
const DISPATCHER_CONTEXT = { actor: 'system:webhook-dispatcher', correlationId: 'webhook-dispatcher' };

@injectable()
export class EmbeddedServer {
  private stores: EmbeddedStores | null = null;
  private running: Application | null = null;
  private projector: Projector | null = null;
  private deliveries: SqliteDeliveryStore | null = null;
  private dispatcher: WebhookDispatcher | null = null;
  private server: http.Server | null = null;
  private guards: { rateLimits: SqliteRateLimitStore; idempotencyKeys: SqliteIdempotencyStore } | null = null;
  private purgeTimer: NodeJS.Timeout | null = null;
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

  /** The use cases the server runs, for operators' tools and tests that set up state the API cannot. */
  get application(): Application {
    if (!this.running) throw new Error('server is stopped');
    return this.running;
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
    const appUrl = () => this.config.appUrl ?? this.listeningUrl;
    const secretKey = loadSecretKey(this.config.dataDir, this.config.secretKey);
    const cipher = new WebhookSecretCipher(secretKey);
    const deliveries = SqliteDeliveryStore.open(path.join(this.config.dataDir, DELIVERIES_FILE));
    this.deliveries = deliveries;
    const policy = { allowPrivate: this.config.webhookAllowPrivate };
    const mailer = openEmbeddedMailer(this.config, this.clock);
    this.mailer = mailer;
    const application = new Application({
      events: stores.events,
      documents: stores.documents,
      clock: this.clock,
      ids: this.ids,
      secretKey,
      appUrl,
      webhooks: { deliveries, cipher, policy, wakeDispatcher: () => this.dispatcher?.wake() },
      mailer,
      readYourWrites: {
        waitFor: async (position) => {
          if (!(await projector.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS))) {
            this.logger.warn('read models lag behind a command', { position, reached: projector.position });
          }
        },
      },
    });
    this.running = application;
    const guards = {
      rateLimits: SqliteRateLimitStore.open(path.join(this.config.dataDir, 'rate-limits.sqlite')),
      idempotencyKeys: SqliteIdempotencyStore.open(path.join(this.config.dataDir, 'idempotency.sqlite'), IDEMPOTENCY_TIMINGS),
    };
    this.guards = guards;
    this.purgeTimer = setInterval(() => this.purgeGuards(), PURGE_INTERVAL_MS).unref();
    const dispatcher = new WebhookDispatcher(stores.events, deliveries, cipher, {
      clock: this.clock,
      retryScheduleMs: this.config.webhookRetryScheduleMs,
      policy,
      timeoutMs: this.config.webhookTimeoutMs,
      pollIntervalMs: this.config.webhookPollIntervalMs,
      onEndpointGone: (webhookId, statusCode) => application.webhooks.disableGone(webhookId, statusCode, DISPATCHER_CONTEXT),
      onError: (error) => this.logger.error('webhook dispatcher failed', { error }),
    });
    this.dispatcher = dispatcher;
    await dispatcher.start();
    const app = createHttpApp({
      application,
      events: stores.events,
      projector,
      ...guards,
      clock: this.clock,
      logger: this.logger,
      appUrl,
      limits: { perCredential: this.config.rateLimitPerMinute, perIp: this.config.publicRateLimitPerMinute },
      magicLinkLimits: new MagicLinkLimits(guards.rateLimits, this.clock),
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
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    await this.background.settled();
    await this.mailer?.close();
    await this.dispatcher?.stop();
    await this.projector?.stop();
    await this.deliveries?.close();
    await this.guards?.rateLimits.close();
    await this.guards?.idempotencyKeys.close();
    await this.stores?.events.close();
    await this.stores?.documents.close();
    this.server = null;
    this.purgeTimer = null;
    this.guards = null;
    this.dispatcher = null;
    this.deliveries = null;
    this.mailer = null;
    this.projector = null;
    this.stores = null;
    this.running = null;
  }

  private purgeGuards(): void {
    const guards = this.guards;
    if (!guards) return;
    const now = this.clock.now();
    Promise.all([guards.rateLimits.purge(now), guards.idempotencyKeys.purge(now)]).catch((error: unknown) =>
      this.logger.error('purging rate limits and idempotency keys failed', { error }),
    );
  }
}
