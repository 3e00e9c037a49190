/**
 * Attempts due deliveries. Each webhook is a lane with at most one attempt in flight, across every
 * dispatcher (the store leases the webhook to one of them), and lanes run side by side up to a bound:
 * a slow or dead receiver holds up only its own lane, and within a lane first attempts go out in the
 * order the events happened. Due times come from the injected clock.
 */
import { setMaxListeners } from 'node:events';
import { replayEncoded, streamNames, webhookAggregate, type Webhook } from '@passes/domain';
import type { EventStore } from '@passes/event-store';
import { DueWorkScans } from '@passes/storage';
import type { Delivery, DeliveryStore } from '../delivery/delivery-store';
import { postDelivery, type AttemptResult } from '../delivery/post-delivery';
import { retryDelayMs } from '../delivery/retry-backoff';
import { signatureHeaders } from '../signing/delivery-signature';
import type { WebhookSecretCipher } from '../signing/webhook-secret-cipher';
import type { HostResolver } from '../targets/host-resolver';
import type { TargetPolicy } from '../targets/webhook-url-policy';

const GONE = 410;

/** A lease outlives the longest attempt by this much, so it never runs out while its attempt is in flight. */
const LEASE_MARGIN_MS = 5_000;

/** What became of an attempt the receiver answered or failed: `failed` means no more retries. */
export type AttemptOutcome = 'delivered' | 'retrying' | 'failed';

interface DeliverySenderOptions {
  /** This dispatcher's name on the webhooks it leases. */
  holder: string;
  now: () => Date;
  retryScheduleMs: readonly number[];
  policy: TargetPolicy;
  resolveHost: HostResolver;
  timeoutMs: number;
  pollIntervalMs: number;
  maxConcurrent: number;
  random: () => number;
  /** The receiver answered 410 Gone: the webhook is to be disabled. */
  onEndpointGone: (webhookId: string, statusCode: number) => Promise<void>;
  onError: (error: unknown) => void;
  /** Told of every attempt once it is recorded (for the metrics). */
  onAttempted: (outcome: AttemptOutcome) => void;
}

export class DeliverySender {
  /** Attempts in flight, by delivery id. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private readonly scans: DueWorkScans;

  constructor(
    private readonly events: EventStore,
    private readonly deliveries: DeliveryStore,
    private readonly cipher: WebhookSecretCipher,
    private readonly options: DeliverySenderOptions,
  ) {
    // Every attempt in flight listens for the stop; up to maxConcurrent of them at once is expected, not a leak.
    setMaxListeners(options.maxConcurrent + 1, this.abort.signal);
    this.scans = new DueWorkScans(() => this.scan(), options);
  }

  start(): void {
    this.scans.start();
  }

  /** Looks for due deliveries now rather than at the next poll. */
  wake(): void {
    this.scans.wake();
  }

  /** Abandons attempts in flight: they stay due and are made again after the next start. */
  async stop(): Promise<void> {
    const scansStopped = this.scans.stop();
    this.abort.abort();
    await scansStopped;
    await Promise.all(this.inFlight.values());
  }

  private async scan(): Promise<void> {
    const free = this.options.maxConcurrent - this.inFlight.size;
    if (free <= 0) return;
    const lease = { holder: this.options.holder, now: this.options.now(), ttlMs: this.options.timeoutMs + LEASE_MARGIN_MS };
    const due = await this.deliveries.claimDue(lease, free);
    for (const delivery of due) {
      const lane = this.attempt(delivery)
        .catch((error: unknown) => this.recordBrokenAttempt(delivery, error))
        .finally(() => this.endLane(delivery));
      this.inFlight.set(delivery.id, lane);
    }
  }

  private async endLane(delivery: Delivery): Promise<void> {
    await this.deliveries.release(delivery.webhookId, this.options.holder).catch(this.options.onError);
    this.inFlight.delete(delivery.id);
    this.wake();
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (this.scans.stopped) return;
    const webhook = await this.currentWebhook(delivery.webhookId);
    if (webhook === null || webhook.status !== 'active') {
      await this.deliveries.cancel(delivery.id);
      return;
    }
    const secret = this.cipher.decrypt(webhook.secretCiphertext, webhook.id);
    const headers = signatureHeaders(secret, { eventId: delivery.id, timestampSeconds: Math.floor(this.options.now().getTime() / 1000), body: delivery.body });
    const result = await postDelivery(webhook.url, delivery.body, headers, {
      timeoutMs: this.options.timeoutMs,
      policy: this.options.policy,
      resolveHost: this.options.resolveHost,
      signal: this.abort.signal,
    });
    if (result.kind === 'aborted') return;
    await this.recordResult(delivery, result);
    if (result.kind === 'answered' && result.status === GONE) await this.options.onEndpointGone(webhook.id, result.status);
  }

  private async recordResult(delivery: Delivery, result: Exclude<AttemptResult, { kind: 'aborted' }>): Promise<void> {
    const attemptedAt = this.options.now();
    const responseCode = result.kind === 'answered' ? result.status : null;
    const error = result.kind === 'failed' ? result.error : null;
    if (responseCode !== null && responseCode >= 200 && responseCode < 300) {
      await this.deliveries.saveAttempt(delivery.id, { status: 'delivered', attemptedAt, responseCode, error, nextAttemptAt: null });
      this.options.onAttempted('delivered');
      return;
    }
    const delay = responseCode === GONE ? null : retryDelayMs(delivery.attempts + 1, this.options.retryScheduleMs, this.options.random);
    const nextAttemptAt = delay === null ? null : new Date(attemptedAt.getTime() + delay);
    await this.deliveries.saveAttempt(delivery.id, { status: delay === null ? 'failed' : 'pending', attemptedAt, responseCode, error, nextAttemptAt });
    this.options.onAttempted(delay === null ? 'failed' : 'retrying');
  }

  /** A bug or a storage failure must not retry the delivery in a tight loop: it waits like a failed attempt. */
  private async recordBrokenAttempt(delivery: Delivery, error: unknown): Promise<void> {
    this.options.onError(error);
    if (this.scans.stopped) return;
    await this.recordResult(delivery, { kind: 'failed', error: 'internal error' }).catch(this.options.onError);
  }

  /** Read from the webhook's own stream, not from a read model, so a deletion is seen at once. */
  private async currentWebhook(webhookId: string): Promise<Webhook | null> {
    return replayEncoded(webhookAggregate, await this.events.readStream(streamNames.webhook(webhookId)));
  }
}
