/**
 * The webhook dispatcher: records deliveries from the event feed, and sends them as the handler of the
 * `webhook.delivery` kind on its process's background-work runner. Library code, composed into a process
 * by its composition root (the embedded server, or a dispatcher process). Any number may run side by side
 * on one work store.
 */
import { FeedWorkRecorder, type WorkRunner, type WorkStore } from '@passes/background-work';
import type { EventFeed, EventStore, RecordedEvent } from '@passes/event-store';
import type { WebhookSecretCipher } from '../signing/webhook-secret-cipher';
import type { HostResolver } from '../targets/host-resolver';
import type { TargetPolicy } from '../targets/webhook-url-policy';
import { DeliveryPlanner } from './delivery-planner';
import { DeliverySender, type AttemptOutcome } from './delivery-sender';

interface WebhookDispatcherOptions {
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
  /** Webhooks attempted at the same time, one attempt each. */
  maxConcurrent?: number;
}

const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

export class WebhookDispatcher {
  private readonly recorder: FeedWorkRecorder<RecordedEvent>;

  /**
   * `feed` brings the events to notify of; `events` is read for the state of passes and webhooks; the
   * deliveries are recorded in `work` and sent by `runner`, which the process starts and stops.
   */
  constructor(feed: EventFeed, events: EventStore, work: WorkStore, runner: WorkRunner, cipher: WebhookSecretCipher, options: WebhookDispatcherOptions) {
    const now = () => options.clock.now();
    runner.register(
      new DeliverySender(events, cipher, {
        now,
        retryScheduleMs: options.retryScheduleMs,
        policy: options.policy,
        resolveHost: options.resolveHost,
        timeoutMs: options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
        maxConcurrent: options.maxConcurrent ?? 16,
        onEndpointGone: options.onEndpointGone,
        onAttempted: options.onAttempted ?? (() => undefined),
      }),
    );
    const planner = new DeliveryPlanner(events, now);
    this.recorder = new FeedWorkRecorder(feed, work, (event) => planner.workOf(event), {
      onRecorded: () => runner.wake(),
      onError: options.onError,
    });
  }

  start(): Promise<void> {
    return this.recorder.start();
  }

  stop(): Promise<void> {
    return this.recorder.stop();
  }
}
