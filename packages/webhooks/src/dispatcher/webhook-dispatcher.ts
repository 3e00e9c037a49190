/**
 * The webhook dispatcher: records deliveries from the event feed and sends them on a background-work
 * runner. Library code, composed into a process by its composition root (the embedded server, or a
 * dispatcher service). Any number may run side by side on one work store.
 */
import { WorkRunner, type WorkStore } from '@passes/background-work';
import type { EventFeed, EventStore } from '@passes/event-store';
import { DeliveryLog } from '../delivery/delivery-log';
import type { WebhookSecretCipher } from '../signing/webhook-secret-cipher';
import type { HostResolver } from '../targets/host-resolver';
import type { TargetPolicy } from '../targets/webhook-url-policy';
import { DeliveryRecorder } from './delivery-recorder';
import { DeliverySender } from './delivery-sender';

/** What became of an attempt the receiver answered or failed: `failed` means no more retries. */
export type AttemptOutcome = 'delivered' | 'retrying' | 'failed';

export interface WebhookDispatcherOptions {
  /** This dispatcher's name on the deliveries it leases (`newLeaseHolder()`). */
  holder: string;
  clock: { now(): Date };
  /** Delays before each retry; its length is the number of retries. */
  retryScheduleMs: readonly number[];
  policy: TargetPolicy;
  /** Where each attempt looks up its target's addresses. */
  resolveHost: HostResolver;
  onEndpointGone: (webhookId: string, statusCode: number) => Promise<void>;
  onError: (error: unknown) => void;
  /** Told of every recorded attempt's outcome; nothing by default. */
  onAttempted?: (outcome: AttemptOutcome) => void;
  /** Per attempt; 10 s unless a test shortens it. */
  timeoutMs?: number;
  /** How often due retries are looked for; new deliveries go out at once regardless. */
  pollIntervalMs?: number;
  /** Webhooks attempted at the same time, one attempt each. */
  maxConcurrent?: number;
  random?: () => number;
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

export class WebhookDispatcher {
  private readonly recorder: DeliveryRecorder;
  private readonly runner: WorkRunner;

  /** `feed` brings the events to notify of; `events` is read for the state of passes and webhooks. */
  constructor(feed: EventFeed, events: EventStore, work: WorkStore, cipher: WebhookSecretCipher, options: WebhookDispatcherOptions) {
    const now = () => options.clock.now();
    const onAttempted = options.onAttempted ?? (() => undefined);
    this.runner = new WorkRunner(work, {
      holder: options.holder,
      now,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      random: options.random ?? Math.random,
      onError: options.onError,
      onSettled: (_kind, outcome) => {
        if (outcome !== 'cancelled') onAttempted(outcome === 'done' ? 'delivered' : outcome === 'dead' ? 'failed' : 'retrying');
      },
    }).register(
      new DeliverySender(events, cipher, {
        now,
        retryScheduleMs: options.retryScheduleMs,
        policy: options.policy,
        resolveHost: options.resolveHost,
        timeoutMs: options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
        maxConcurrent: options.maxConcurrent ?? 16,
        onEndpointGone: options.onEndpointGone,
      }),
    );
    this.recorder = new DeliveryRecorder(feed, events, new DeliveryLog(work), {
      now,
      onRecorded: () => this.runner.wake(),
      onError: options.onError,
    });
  }

  async start(): Promise<void> {
    await this.recorder.start();
    this.runner.start();
  }

  /** Looks for due deliveries at once: after a manual retry, or when a test has moved the clock. */
  wake(): void {
    this.runner.wake();
  }

  /** Abandons attempts in flight: they stay due and are made again after the next start. */
  async stop(): Promise<void> {
    await this.recorder.stop();
    await this.runner.stop();
  }
}
