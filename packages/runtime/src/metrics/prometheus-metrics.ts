/**
 * The metrics adapter: prom-client, on a registry of its own (so that several servers in one test
 * process do not mix), with Node's process metrics beside the service's. Metric names are documented
 * in docs/operations.md.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppendOutcome, EventStoreCall, FollowerHealth, Metrics, ProjectionLag, RateLimitScope, ServedRequest, WebhookAttemptOutcome, WorkBacklog } from './metrics';

/** From a cached read (1 ms) to a request that waited out its read-your-writes bound (5 s and more). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const APPEND_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

export class PrometheusMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly appends: Histogram<'outcome'>;
  private readonly eventStoreCalls: Counter<'call'>;
  private readonly mongoCommands: Counter<'command' | 'collection'>;
  private readonly refusals: Counter<'scope'>;
  private readonly attempts: Counter<'outcome'>;
  private readonly lagReaders: Array<() => Promise<readonly ProjectionLag[]>> = [];
  private readonly backlogReaders: Array<() => Promise<readonly WorkBacklog[]>> = [];
  private readonly followerReaders: Array<() => readonly FollowerHealth[]> = [];

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({ name: 'passes_http_request_duration_seconds', help: 'HTTP requests by method, route pattern and status', labelNames: ['method', 'route', 'status'], buckets: REQUEST_BUCKETS, registers });
    this.appends = new Histogram({ name: 'passes_event_store_append_duration_seconds', help: 'Appends to the event store by outcome (appended, conflict, failed)', labelNames: ['outcome'], buckets: APPEND_BUCKETS, registers });
    this.eventStoreCalls = new Counter({ name: 'passes_event_store_calls_total', help: 'Calls made of the event store, by call (append, readStream, readAll…)', labelNames: ['call'], registers });
    this.mongoCommands = new Counter({ name: 'passes_mongodb_commands_total', help: 'Commands sent to MongoDB, one round trip each, by command name (find, update…) and collection', labelNames: ['command', 'collection'], registers });
    this.refusals = new Counter({ name: 'passes_rate_limit_refusals_total', help: 'Requests refused with 429 rate_limited, per credential or per client IP', labelNames: ['scope'], registers });
    this.attempts = new Counter({ name: 'passes_webhook_attempts_total', help: 'Webhook delivery attempts by outcome (delivered, retrying, failed for good)', labelNames: ['outcome'], registers });
    const lagReaders = this.lagReaders;
    new Gauge({
      name: 'passes_projection_lag_events',
      help: 'Events the live generation of each projection has not applied yet (counted up to 10000)',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        for (const read of lagReaders) for (const lag of await read().catch(() => [])) this.set({ projection: lag.projection }, lag.events);
      },
    });
    const backlogReaders = this.backlogReaders;
    const followerReaders = this.followerReaders;
    const followers = () => followerReaders.flatMap((read) => read());
    new Gauge({
      name: 'passes_follower_running',
      help: 'Whether each follower of the event feed is following (1) or starting over (0)',
      labelNames: ['follower'],
      registers,
      collect() {
        this.reset();
        for (const health of followers()) this.set({ follower: health.follower }, health.running ? 1 : 0);
      },
    });
    new Gauge({
      name: 'passes_follower_restarts',
      help: 'How many times each follower of the event feed started over by itself since the process started',
      labelNames: ['follower'],
      registers,
      collect() {
        this.reset();
        for (const health of followers()) this.set({ follower: health.follower }, health.restarts);
      },
    });
    const workGauge = (name: string, help: string, value: (backlog: WorkBacklog) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind'],
        registers,
        async collect() {
          this.reset();
          for (const read of backlogReaders) for (const backlog of await read().catch(() => [])) this.set({ kind: backlog.kind }, value(backlog));
        },
      });
    workGauge('passes_work_backlog_items', 'Background work items waiting for their first attempt or a retry, by kind', (backlog) => backlog.pending);
    workGauge('passes_work_lag_seconds', 'How long the oldest due background work item of each kind has waited', (backlog) => backlog.lagSeconds);
  }

  requestServed({ method, route, status, seconds }: ServedRequest): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  appendTimed(seconds: number, outcome: AppendOutcome): void {
    this.appends.observe({ outcome }, seconds);
  }

  eventStoreCalled(call: EventStoreCall): void {
    this.eventStoreCalls.inc({ call });
  }

  mongoCommandSent(command: string, collection: string): void {
    this.mongoCommands.inc({ command, collection });
  }

  rateLimitRefused(scope: RateLimitScope): void {
    this.refusals.inc({ scope });
  }

  webhookAttempted(outcome: WebhookAttemptOutcome): void {
    this.attempts.inc({ outcome });
  }

  watchProjectionLag(read: () => Promise<readonly ProjectionLag[]>): void {
    this.lagReaders.push(read);
  }

  watchWorkBacklog(read: () => Promise<readonly WorkBacklog[]>): void {
    this.backlogReaders.push(read);
  }

  watchFollowers(read: () => readonly FollowerHealth[]): void {
    this.followerReaders.push(read);
  }

  /** The text format a Prometheus server scrapes. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
