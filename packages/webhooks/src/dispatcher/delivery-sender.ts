/**
 * Sends one webhook delivery: the handler of the `webhook.delivery` kind of background work. The runner
 * claims a webhook's deliveries one at a time, oldest in the feed first, across every dispatcher, and
 * applies the retry schedule to what each attempt came to: a slow or dead receiver holds up only its own
 * webhook. The webhook's current state is read from its own stream, so a deletion is seen at once.
 */
import type { PayloadOf, Work, WorkHandler, WorkResult } from '@passes/background-work';
import { replayEncoded, streamNames, webhookAggregate, type Webhook } from '@passes/domain';
import type { EventStore } from '@passes/event-store';
import { postDelivery } from '../delivery/post-delivery';
import { WEBHOOK_DELIVERY } from '../delivery/webhook-delivery-kind';
import { signatureHeaders } from '../signing/delivery-signature';
import type { WebhookSecretCipher } from '../signing/webhook-secret-cipher';
import type { HostResolver } from '../targets/host-resolver';
import type { TargetPolicy } from '../targets/webhook-url-policy';

const GONE = 410;

/** A lease outlives the longest attempt by this much, so it never runs out while its attempt is in flight. */
const LEASE_MARGIN_MS = 5_000;

/** Receivers that fail together are not all retried in the same instant. */
const RETRY_JITTER = 0.1;

type DeliveryPayload = PayloadOf<typeof WEBHOOK_DELIVERY>;

export interface DeliverySenderOptions {
  now: () => Date;
  retryScheduleMs: readonly number[];
  policy: TargetPolicy;
  resolveHost: HostResolver;
  timeoutMs: number;
  maxConcurrent: number;
  /** The receiver answered 410 Gone: the webhook is to be disabled. */
  onEndpointGone: (webhookId: string, statusCode: number) => Promise<void>;
}

export class DeliverySender implements WorkHandler<DeliveryPayload> {
  readonly kind = WEBHOOK_DELIVERY;
  readonly leaseMs: number;
  readonly retryScheduleMs: readonly number[];
  readonly retryJitter = RETRY_JITTER;
  readonly maxConcurrent: number;

  constructor(
    private readonly events: EventStore,
    private readonly cipher: WebhookSecretCipher,
    private readonly options: DeliverySenderOptions,
  ) {
    this.leaseMs = options.timeoutMs + LEASE_MARGIN_MS;
    this.retryScheduleMs = options.retryScheduleMs;
    this.maxConcurrent = options.maxConcurrent;
  }

  async handle(delivery: Work<DeliveryPayload>, signal: AbortSignal): Promise<WorkResult> {
    const webhookId = delivery.group;
    const webhook = webhookId === null ? null : await this.currentWebhook(webhookId);
    if (webhook === null || webhook.status !== 'active') return { outcome: 'cancelled' };
    const secret = this.cipher.decrypt(webhook.secretCiphertext, webhook.id);
    const { body } = delivery.payload;
    const headers = signatureHeaders(secret, { eventId: delivery.id, timestampSeconds: Math.floor(this.options.now().getTime() / 1000), body });
    const result = await postDelivery(webhook.url, body, headers, { timeoutMs: this.options.timeoutMs, policy: this.options.policy, resolveHost: this.options.resolveHost, signal });
    switch (result.kind) {
      case 'aborted':
        return { outcome: 'abandoned' };
      case 'failed':
        return { outcome: 'retry', code: null, error: result.error };
      case 'answered':
        if (result.status >= 200 && result.status < 300) return { outcome: 'done', code: result.status };
        if (result.status === GONE) return { outcome: 'dead', code: GONE, error: null, afterRecorded: () => this.options.onEndpointGone(webhook.id, GONE) };
        return { outcome: 'retry', code: result.status, error: null };
    }
  }

  private async currentWebhook(webhookId: string): Promise<Webhook | null> {
    return replayEncoded(webhookAggregate, await this.events.readStream(streamNames.webhook(webhookId)));
  }
}
