/**
 * Starts the real embedded stack (SQLite in a temp directory, real HTTP on a free port) for one test
 * file, and speaks to it over HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cryptoIdGenerator, type Application, type MessageOutcome, type PassMessage } from '@passes/application';
import type { MessageSource, Plan } from '@passes/domain';
import type { EventStore } from '@passes/event-store';
import type { IdempotencyStore } from '@passes/request-guards';
import { DEFAULT_CONFIG, jsonLogger, noMetrics, openStores, silentLogger, type Config, type Logger, type Metrics } from '@passes/runtime';
import { systemHostResolver } from '@passes/webhooks';
import { EmbeddedServer } from '../embedded-server';
import { ManualClock } from './manual-clock';

/** `Body` is what the test expects to read; assertions on `status` come first and check it. */
export interface HttpResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is: malformed JSON, or bytes (an image) with their Content-Type in `headers`. */
  rawBody?: string | Uint8Array;
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
}

/** What a test may put in place of the process's logger and metrics, to look at what the server reports. */
/** Puts something between the server and the event store it opened (another writer, say); once per boot. */
type EventStoreWrapper = (opened: EventStore) => EventStore;

/** What a test watches or interposes on: the log, the metrics, the event store, the Idempotency-Key store. */
interface Observers {
  logger?: Logger;
  metrics?: Metrics;
  wrapEvents?: EventStoreWrapper;
  wrapIdempotencyKeys?: (opened: IdempotencyStore) => IdempotencyStore;
}

const UNLIMITED = { rateLimitPerMinute: 1_000_000, publicRateLimitPerMinute: 1_000_000 };

/** A public address (not one a test connects to) for the documentation names tests register webhooks under. */
const EXAMPLE_COM_ADDRESS = '93.184.215.14';

export class TestServer {
  private server: EmbeddedServer | null = null;
  private events: EventStore | null = null;
  /**
   * What webhook host names resolve to at registration, so tests never ask DNS: names set here, then
   * `*.example.com`, then the system resolver, which answers names of /etc/hosts (`vm`) from the file.
   */
  readonly hosts = new Map<string, string[]>();

  private constructor(
    readonly dataDir: string,
    readonly clock: ManualClock,
    private readonly overrides: Partial<Config>,
    private readonly observers: Observers,
  ) {}

  /**
   * `overrides` replace the defaults an unset environment gives. Tests run against `https://passes.test`
   * and, unless they are about rate limits, with limits high enough never to get in the way.
   */
  static async start(clock = new ManualClock(), overrides: Partial<Config> = {}, observers: Observers = {}): Promise<TestServer> {
    const test = new TestServer(fs.mkdtempSync(path.join(os.tmpdir(), 'passes-test-')), clock, overrides, observers);
    await test.boot();
    return test;
  }

  get baseUrl(): string {
    if (!this.server) throw new Error('server is stopped');
    return `${this.server.url}/api/v1`;
  }

  get rootUrl(): string {
    if (!this.server) throw new Error('server is stopped');
    return this.server.url;
  }

  async request<Body = unknown>(method: string, pathname: string, options: RequestOptions = {}): Promise<HttpResponse<Body>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    let body: string | Uint8Array | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${pathname}`, { method, headers, body });
    const text = await response.text();
    // A file the API serves (an export's CSV) is its text; everything else is JSON.
    const json = text !== '' && !(response.headers.get('content-type') ?? '').startsWith('text/');
    return { status: response.status, headers: response.headers, body: (text === '' ? null : json ? JSON.parse(text) : text) as Body };
  }

  /** What an operator does with `npx passes admin set-plan`. */
  async changePlan(businessId: string, plan: Plan): Promise<void> {
    if (!this.server) throw new Error('server is stopped');
    await this.server.application.businesses.changePlan(businessId, plan, { actor: 'cli', correlationId: 'test' });
  }

  /** What a campaign or an automation does to one pass (`passMessages.send`), named as the sender; throws the pass's refusal. */
  async sendMessage(businessId: string, passId: string, message: PassMessage, source: MessageSource): Promise<MessageOutcome> {
    if (!this.server) throw new Error('server is stopped');
    const actor = 'campaign_id' in source ? `campaign:${source.campaign_id}` : `automation:${source.automation_id}`;
    return this.server.application.passMessages.send({ businessId, passId }, message, source, { actor, correlationId: 'test' });
  }

  /** The running server's use cases and event store, for tests that act as another process on the same stores. */
  get internals(): { application: Application; events: EventStore } {
    if (!this.server || !this.events) throw new Error('server is stopped');
    return { application: this.server.application, events: this.events };
  }

  /** The express application, for tests that walk its route table. */
  get requestHandler(): unknown {
    if (!this.server) throw new Error('server is stopped');
    return this.server.requestHandler;
  }

  /** Waits for the work the server does after answering (magic-link mail), so a test can look at the outbox. */
  async settled(): Promise<void> {
    await this.server?.settled();
  }

  /** Stops and starts the server on the same data directory. */
  async restart(): Promise<void> {
    await this.halt();
    await this.boot();
  }

  /** Stops the server, keeping its data directory for `resume` (or an operator's tool meanwhile). */
  async halt(): Promise<void> {
    await this.server?.stop();
    this.server = null;
  }

  async resume(): Promise<void> {
    if (this.server) throw new Error('server is running');
    await this.boot();
  }

  async stop(): Promise<void> {
    await this.server?.stop();
    this.server = null;
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async boot(): Promise<void> {
    const config: Config = { ...DEFAULT_CONFIG, ...UNLIMITED, port: 0, appUrl: 'https://passes.test', ...this.overrides, dataDir: this.dataDir };
    const stores = await openStores(config, () => this.clock.now());
    const wrapEvents = this.observers.wrapEvents ?? ((opened: EventStore) => opened);
    this.events = wrapEvents(stores.events);
    this.server = await EmbeddedServer.start(
      {
        config,
        clock: this.clock,
        ids: cryptoIdGenerator,
        logger: this.observers.logger ?? (process.env['PASSES_TEST_LOG'] ? jsonLogger() : silentLogger),
        metrics: this.observers.metrics ?? noMetrics,
        resolveHost: (host) => this.resolveHost(host),
        resolveDeliveryHost: (host) => this.resolveDeliveryHost(host),
      },
      { ...stores, events: this.events, idempotencyKeys: this.observers.wrapIdempotencyKeys?.(stores.idempotencyKeys) ?? stores.idempotencyKeys },
    );
  }

  private async resolveHost(host: string): Promise<string[]> {
    const known = this.hosts.get(host);
    if (known) return known;
    if (host === 'example.com' || host.endsWith('.example.com')) return [EXAMPLE_COM_ADDRESS];
    return systemHostResolver(host);
  }

  /**
   * Deliveries reach only the names a test set in `hosts` (receivers it runs on loopback) and IP literals:
   * `*.example.com` passes registration as public, and a delivery there would leave the machine.
   */
  private async resolveDeliveryHost(host: string): Promise<string[]> {
    const known = this.hosts.get(host);
    if (known) return known;
    throw Object.assign(new Error(`${host} is not a receiver of this test (TestServer.hosts)`), { code: 'ENOTFOUND' });
  }
}
