/**
 * The webhook dispatcher: records deliveries from the event feed and attempts them. Library code,
 * composed into a process by its composition root (the embedded server, or a dispatcher service).
 * Any number may run side by side on one delivery store.
 */
import type { EventFeed, EventStore } from '@passes/event-store';
import type { DeliveryStore } from '../delivery/delivery-store';
import type { WebhookSecretCipher } from '../signing/webhook-secret-cipher';
import type { HostResolver } from '../targets/host-resolver';
import type { TargetPolicy } from '../targets/webhook-url-policy';
import { DeliveryRecorder } from './delivery-recorder';
import { DeliverySender, type AttemptOutcome } from './delivery-sender';

interface WebhookDispatcherOptions {
  /** This dispatcher's name on the webhooks it leases (`newLeaseHolder()`). */
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

const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

export class WebhookDispatcher {
  private readonly recorder: DeliveryRecorder;
  private readonly sender: DeliverySender;

  /** `feed` brings the events to notify of; `events` is read for the state of passes and webhooks. */
  constructor(feed: EventFeed, events: EventStore, deliveries: DeliveryStore, cipher: WebhookSecretCipher, options: WebhookDispatcherOptions) {
    const now = () => options.clock.now();
    this.sender = new DeliverySender(events, deliveries, cipher, {
      holder: options.holder,
      now,
      retryScheduleMs: options.retryScheduleMs,
      policy: options.policy,
      resolveHost: options.resolveHost,
      timeoutMs: options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      maxConcurrent: options.maxConcurrent ?? 16,
      random: options.random ?? Math.random,
      onEndpointGone: options.onEndpointGone,
      onError: options.onError,
      onAttempted: options.onAttempted ?? (() => undefined),
    });
    this.recorder = new DeliveryRecorder(feed, events, deliveries, {
      now,
      onRecorded: () => this.sender.wake(),
      onError: options.onError,
    });
  }

  async start(): Promise<void> {
    await this.recorder.start();
    this.sender.start();
  }

  /** Looks for due deliveries at once: after a manual retry, or when a test has moved the clock. */
  wake(): void {
    this.sender.wake();
  }

  async stop(): Promise<void> {
    await this.recorder.stop();
    await this.sender.stop();
  }
}
