/**
 * The embedded profile in one process: its adapters (embedded-adapters.ts), the projector, the webhook
 * dispatcher and the HTTP server. Constructed by the container in main.ts, or directly by tests with
 * their own clock.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Application, loadSecretKey, type Clock, type IdGenerator } from '@passes/application';
import { Projector, readModelProjections } from '@passes/read-model';
import { WebhookDispatcher, WebhookSecretCipher } from '@passes/webhooks';
import { inject, injectable } from 'tsyringe';
import { BackgroundWork } from './background-work';
import type { Config } from './config';
import { closeEmbeddedAdapters, openEmbeddedAdapters, type EmbeddedAdapters } from './embedded-adapters';
import { createHttpApp } from './http-app';
import { MagicLinkLimits } from './http/magic-link-limits';
import type { Logger } from './logger';
import { TOKENS } from './tokens';

/** How long a command's response waits for the read models to reflect it before answering anyway. */
const READ_YOUR_WRITES_TIMEOUT_MS = 5000;
const PROJECTOR_NAME = 'read-model';
/** How often ended rate-limit windows and expired idempotency keys are swept away. */
const PURGE_INTERVAL_MS = 10 * 60_000;
/** Recorded as the actor of what the dispatcher decides on its own (disabling a webhook after 410). */
const DISPATCHER_CONTEXT = { actor: 'system:webhook-dispatcher', correlationId: 'webhook-dispatcher' };

@injectable()
export class EmbeddedServer {
  private adapters: EmbeddedAdapters | null = null;
  private running: Application | null = null;
  private projector: Projector | null = null;
  private dispatcher: WebhookDispatcher | null = null;
  private server: http.Server | null = null;
  private purgeTimer: NodeJS.Timeout | null = null;
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
    const adapters = openEmbeddedAdapters(this.config, this.clock);
    this.adapters = adapters;
    const projector = new Projector(adapters.events, adapters.documents, readModelProjections, {
      name: PROJECTOR_NAME,
      onError: (error) => this.logger.error('projector failed; resubscribing', { error }),
    });
    this.projector = projector;
    await projector.start();
    const appUrl = () => this.config.appUrl ?? this.listeningUrl;
    const secretKey = loadSecretKey(this.config.dataDir, this.config.secretKey);
    const cipher = new WebhookSecretCipher(secretKey);
    const policy = { allowPrivate: this.config.webhookAllowPrivate };
    const application = new Application({
      events: adapters.events,
      documents: adapters.documents,
      clock: this.clock,
      ids: this.ids,
      secretKey,
      appUrl,
      webhooks: { deliveries: adapters.deliveries, cipher, policy, wakeDispatcher: () => this.dispatcher?.wake() },
      mailer: adapters.mailer,
      readYourWrites: {
        waitFor: async (position) => {
          if (!(await projector.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS))) {
            this.logger.warn('read models lag behind a command', { position, reached: projector.position });
          }
        },
      },
    });
    this.running = application;
    this.purgeTimer = setInterval(() => this.purgeGuards(adapters), PURGE_INTERVAL_MS).unref();
    const dispatcher = new WebhookDispatcher(adapters.events, adapters.deliveries, cipher, {
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
      events: adapters.events,
      projector,
      rateLimits: adapters.rateLimits,
      idempotencyKeys: adapters.idempotencyKeys,
      clock: this.clock,
      logger: this.logger,
      appUrl,
      limits: { perCredential: this.config.rateLimitPerMinute, perIp: this.config.publicRateLimitPerMinute },
      magicLinkLimits: new MagicLinkLimits(adapters.rateLimits, this.clock),
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
    await this.dispatcher?.stop();
    await this.projector?.stop();
    if (this.adapters) await closeEmbeddedAdapters(this.adapters);
    this.server = null;
    this.purgeTimer = null;
    this.dispatcher = null;
    this.projector = null;
    this.adapters = null;
    this.running = null;
  }

  private purgeGuards({ rateLimits, idempotencyKeys }: EmbeddedAdapters): void {
    const now = this.clock.now();
    Promise.all([rateLimits.purge(now), idempotencyKeys.purge(now)]).catch((error: unknown) =>
      this.logger.error('purging rate limits and idempotency keys failed', { error }),
    );
  }
}
