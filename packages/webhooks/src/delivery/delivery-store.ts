/**
 * The delivery store port: one record per (event, webhook), its attempts and when the next one is
 * due. Pending retries live here, so they survive a restart. Every dispatcher shares it: an attempt is
 * made only under a lease on the delivery's webhook, so two dispatchers never send to one webhook at
 * the same time, and a delivery is never attempted twice at once. Adapters: SQLite, MongoDB.
 */
import type { WebhookEventName } from '@passes/domain';
import type { Position } from '@passes/event-store';

/** `pending`: waiting for its first attempt or a retry; `cancelled`: the webhook was deleted or disabled first. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface NewDelivery {
  /** The event id the receiver sees (`webhook-id`); unique per event and webhook. */
  id: string;
  webhookId: string;
  businessId: string;
  event: WebhookEventName;
  /** The exact bytes every attempt sends. */
  body: string;
  /** Where the event is in the feed: a webhook's deliveries go out in this order. */
  position: Position;
  createdAt: Date;
}

export interface Delivery extends Omit<NewDelivery, 'createdAt'> {
  status: DeliveryStatus;
  attempts: number;
  lastAttemptAt: Date | null;
  /** The HTTP status of the last answer, null when there was none (timeout, connection error). */
  lastResponseCode: number | null;
  lastError: string | null;
  /** Set only while pending. */
  nextAttemptAt: Date | null;
  createdAt: Date;
}

/** What an attempt left behind. */
export interface AttemptRecord {
  status: Exclude<DeliveryStatus, 'cancelled'>;
  attemptedAt: Date;
  responseCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
}

export interface DeliveryLease {
  /** Who attempts (a dispatcher's lease holder name). */
  holder: string;
  now: Date;
  /** How long the lease on each webhook lasts; longer than an attempt can take. */
  ttlMs: number;
}

export interface DeliveryStore {
  /** Records the deliveries, due at once; one already recorded (same id) is left as it is. */
  record(deliveries: readonly NewDelivery[]): Promise<void>;
  /**
   * Leases up to `limit` webhooks that have a delivery due at `lease.now` and no running lease, and
   * returns each one's oldest due delivery (feed order), oldest first.
   */
  claimDue(lease: DeliveryLease, limit: number): Promise<Delivery[]>;
  /** Ends the holder's lease on the webhook, so its next delivery can go. */
  release(webhookId: string, holder: string): Promise<void>;
  /** Counts one more attempt. */
  saveAttempt(id: string, attempt: AttemptRecord): Promise<void>;
  /** A pending delivery that will never be attempted. */
  cancel(id: string): Promise<void>;
  /** Makes the delivery pending again, due at `at`; attempts made so far still count. */
  reschedule(id: string, at: Date): Promise<void>;
  get(id: string): Promise<Delivery | null>;
  /** Deliveries waiting for their first attempt or a retry, across every webhook: the backlog. */
  countPending(): Promise<number>;
  /** The webhook's deliveries, newest first. */
  listByWebhook(webhookId: string, limit: number): Promise<Delivery[]>;
  close(): Promise<void>;
}
