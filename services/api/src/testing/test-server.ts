/**
 * Starts the real embedded stack (SQLite in a temp directory, real HTTP on a free port) for one test
 * file, and speaks to it over HTTP.
 */
// The test's composition root: tsyringe needs the metadata polyfill before anything imports it.
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cryptoIdGenerator } from '@passes/application';
import type { Plan } from '@passes/domain';
import type { EventStore } from '@passes/event-store';
import { DEFAULT_CONFIG, jsonLogger, openStores, silentLogger, type Config } from '@passes/runtime';
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
  /** Sent as is, for malformed-JSON tests. */
  rawBody?: string;
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
}

const UNLIMITED = { rateLimitPerMinute: 1_000_000, publicRateLimitPerMinute: 1_000_000 };

/** Puts something between the server and the event store it opened (another writer, say); once per boot. */
export type EventStoreWrapper = (opened: EventStore) => EventStore;

export class TestServer {
  private server: EmbeddedServer | null = null;

  private constructor(
    readonly dataDir: string,
    readonly clock: ManualClock,
    private readonly overrides: Partial<Config>,
    private readonly wrapEvents: EventStoreWrapper,
  ) {}

  /**
   * `overrides` replace the defaults an unset environment gives. Tests run against `https://passes.test`
   * and, unless they are about rate limits, with limits high enough never to get in the way.
   */
  static async start(clock = new ManualClock(), overrides: Partial<Config> = {}, wrapEvents: EventStoreWrapper = (opened) => opened): Promise<TestServer> {
    const test = new TestServer(fs.mkdtempSync(path.join(os.tmpdir(), 'passes-test-')), clock, overrides, wrapEvents);
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
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${pathname}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text === '' ? null : JSON.parse(text)) as Body };
  }

  /** What an operator does with `npx passes admin set-plan`. */
  async changePlan(businessId: string, plan: Plan): Promise<void> {
    if (!this.server) throw new Error('server is stopped');
    await this.server.application.businesses.changePlan(businessId, plan, { actor: 'cli', correlationId: 'test' });
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
    this.server = await EmbeddedServer.start(
      { config, clock: this.clock, ids: cryptoIdGenerator, logger: process.env['PASSES_TEST_LOG'] ? jsonLogger : silentLogger },
      { ...stores, events: this.wrapEvents(stores.events) },
    );
  }
}
