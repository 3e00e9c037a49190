/**
 * The metrics port: what the service counts and times, in its own words. Library code and the HTTP layer
 * report through it; the composition roots wire an adapter (Prometheus) or `noMetrics`.
 */
export interface ServedRequest {
  method: string;
  /** The matched route pattern (`/api/v1/businesses/:business_id/passes`), never the raw path. */
  route: string;
  status: number;
  seconds: number;
}

export interface ProjectionLag {
  projection: string;
  /** Events in the store the projection's live generation has not seen yet (counted up to a bound). */
  events: number;
}

/** A kind of background work: its pending items, and how long the oldest due one has waited. */
export interface WorkBacklog {
  kind: string;
  pending: number;
  lagSeconds: number;
}

export type WebhookAttemptOutcome = 'delivered' | 'retrying' | 'failed';

/** `conflict`: the stream had moved on (a wrong expected revision); `failed`: anything else went wrong. */
export type AppendOutcome = 'appended' | 'conflict' | 'failed';

/** The calls the service makes of its event store, counted one by one. */
export type EventStoreCall = 'append' | 'readStream' | 'readAll' | 'subscribeToAll' | 'headPosition' | 'countBetween';

export type RateLimitScope = 'credential' | 'ip';

/** A follower of the event feed (the webhook dispatcher, the wallet notifier) and whether it follows. */
export interface FollowerHealth {
  follower: string;
  running: boolean;
  /** How many times its feed started over by itself. */
  restarts: number;
}

export interface Metrics {
  requestServed(request: ServedRequest): void;
  appendTimed(seconds: number, outcome: AppendOutcome): void;
  /** Each call made of the event store: what a request or a batch costs it, whichever store it is. */
  eventStoreCalled(call: EventStoreCall): void;
  /** Each command sent to MongoDB (its name: find, update…), one round trip each, and the collection it names. */
  mongoCommandSent(command: string, collection: string): void;
  rateLimitRefused(scope: RateLimitScope): void;
  webhookAttempted(outcome: WebhookAttemptOutcome): void;
  /** Read each time the metrics are collected. */
  watchProjectionLag(read: () => Promise<readonly ProjectionLag[]>): void;
  /** Read each time the metrics are collected: the process's followers of the event feed. */
  watchFollowers(read: () => readonly FollowerHealth[]): void;
  /** Read each time the metrics are collected: each kind of background work's backlog. */
  watchWorkBacklog(read: () => Promise<readonly WorkBacklog[]>): void;
}

export const noMetrics: Metrics = {
  requestServed: () => undefined,
  appendTimed: () => undefined,
  eventStoreCalled: () => undefined,
  mongoCommandSent: () => undefined,
  rateLimitRefused: () => undefined,
  webhookAttempted: () => undefined,
  watchProjectionLag: () => undefined,
  watchFollowers: () => undefined,
  watchWorkBacklog: () => undefined,
};
