/**
 * The HTTP API as a process's component: the use cases over the stores, the express app, the listening
 * socket, and the upkeep of the request guards. Stateless apart from its stores, so the distributed
 * profile runs as many as it likes; the embedded profile runs one beside its projector and dispatcher.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application } from '@passes/application';
import { TOKENS, type FollowerHealth, type PortRegistry } from '@passes/runtime';
import type { Wallets } from '@passes/wallets';
import { BackgroundWork } from './background-work';
import { closeGracefully } from './graceful-close';
import { createHttpApp } from './http-app';
import { createAppServer } from './http/app-server';

/** How often ended rate-limit windows and expired idempotency keys are swept away. */
const PURGE_INTERVAL_MS = 10 * 60_000;

/** The process's use cases, built once by its composition root and shared with whatever else runs in it. */
export interface ApiParts {
  application: Application;
  wallets: Wallets;
  /** The followers of the event feed in this process, which `/readyz` reports on; none in a distributed API instance. */
  followers?: () => readonly FollowerHealth[];
}

export class ApiServer {
  readonly application: Application;
  private readonly background: BackgroundWork;
  private server: http.Server | null = null;
  private purgeTimer: NodeJS.Timeout | null = null;
  private listeningUrl = '';

  constructor(
    private readonly ports: PortRegistry,
    private readonly parts: ApiParts,
  ) {
    this.application = parts.application;
    this.background = new BackgroundWork(ports.get(TOKENS.logger));
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
    const { ports } = this;
    const config = ports.get(TOKENS.config);
    const clock = ports.get(TOKENS.clock);
    const rateLimits = ports.get(TOKENS.rateLimitStore);
    const app = createHttpApp({
      application: this.parts.application,
      wallets: this.parts.wallets,
      events: ports.get(TOKENS.eventStore),
      documents: ports.get(TOKENS.documentStore),
      readModels: ports.get(TOKENS.readModels),
      work: ports.get(TOKENS.workStore),
      rateLimits,
      idempotencyKeys: ports.get(TOKENS.idempotencyStore),
      clock,
      logger: ports.get(TOKENS.logger),
      metrics: ports.get(TOKENS.metrics),
      trustProxy: config.trustProxy,
      limits: { perCredential: config.rateLimitPerMinute, perIp: config.publicRateLimitPerMinute },
      background: this.background,
      followers: this.parts.followers ?? (() => []),
    });
    const server = createAppServer(app);
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
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
    if (server) await closeGracefully(server, this.ports.get(TOKENS.config).shutdownGraceMs);
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.purgeTimer = null;
    await this.background.settled();
  }

  private purgeGuards(): void {
    const { ports } = this;
    const now = ports.get(TOKENS.clock).now();
    Promise.all([ports.get(TOKENS.rateLimitStore).purge(now), ports.get(TOKENS.idempotencyStore).purge(now)]).catch((error: unknown) =>
      ports.get(TOKENS.logger).error('purging rate limits and idempotency keys failed', { error }),
    );
  }
}
