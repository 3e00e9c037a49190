/**
 * The delivery store port: one record per (event, webhook), its attempts and when the next one is
 * due, plus the dispatcher's position in the event feed. Pending retries live here, so they survive a
 * restart. Adapters: SQLite (embedded), MongoDB (distributed).
 */
import type { WebhookEventName } from '@passes/domain';

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

export interface DeliveryStore {
  /**
   * Records the deliveries (ones already recorded are left as they are), due at once, and moves the
   * feed checkpoint to `position`, all or nothing.
   */
  record(deliveries: readonly NewDelivery[], position: number): Promise<void>;
  /** The feed position the deliveries reflect, 0 at first. */
  checkpoint(): Promise<number>;
  /**
   * For each webhook with a delivery due at `now`, except those in `busyWebhooks`, its oldest due one
   * (in the order they were recorded), oldest first, at most `limit`.
   */
  nextDue(now: Date, busyWebhooks: readonly string[], limit: number): Promise<Delivery[]>;
  /** Counts one more attempt. */
  saveAttempt(id: string, attempt: AttemptRecord): Promise<void>;
  /** A pending delivery that will never be attempted. */
  cancel(id: string): Promise<void>;
  /** Makes the delivery pending again, due at `at`; attempts made so far still count. */
  reschedule(id: string, at: Date): Promise<void>;
  get(id: string): Promise<Delivery | null>;
  /** The webhook's deliveries, newest first. */
  listByWebhook(webhookId: string, limit: number): Promise<Delivery[]>;
  close(): Promise<void>;
}
