/**
 * A webhook delivery as background work: one item per (event, webhook), grouped by webhook so that a
 * webhook hears one attempt at a time and its events in feed order (the item's order is the event's
 * place in the feed). What the delivery log shows is read off the item.
 */
import { newWork, workKind, workOf, type NewWork, type WorkItem, type WorkStatus } from '@passes/background-work';
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from '@passes/domain';
import { positionFromSortable, sortablePosition, type Position } from '@passes/event-store';
import { z } from 'zod';

export const WEBHOOK_DELIVERY = workKind(
  'webhook.delivery',
  z.object({
    businessId: z.string(),
    event: z.enum(WEBHOOK_EVENT_NAMES),
    /** The exact bytes every attempt sends. */
    body: z.string(),
  }),
);

/** `pending`: waiting for its first attempt or a retry; `cancelled`: the webhook was deleted or disabled first. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface NewDelivery {
  /** The event id the receiver sees (`webhook-id`); unique per event and webhook. */
  id: string;
  webhookId: string;
  businessId: string;
  event: WebhookEventName;
  body: string;
  /** Where the event is in the feed: a webhook's deliveries go out in this order. */
  position: Position;
  createdAt: Date;
}

/** The delivery as work due at once; recorded again (same id), it is left as it is. */
export function deliveryWork(delivery: NewDelivery): NewWork {
  return newWork(WEBHOOK_DELIVERY, {
    id: delivery.id,
    group: delivery.webhookId,
    order: sortablePosition(delivery.position),
    payload: { businessId: delivery.businessId, event: delivery.event, body: delivery.body },
    dueAt: delivery.createdAt,
    createdAt: delivery.createdAt,
  });
}

export interface Delivery extends NewDelivery {
  status: DeliveryStatus;
  attempts: number;
  lastAttemptAt: Date | null;
  /** The HTTP status of the last answer, null when there was none (timeout, connection error). */
  lastResponseCode: number | null;
  lastError: string | null;
  /** Set only while pending. */
  nextAttemptAt: Date | null;
}

const STATUS: Record<WorkStatus, DeliveryStatus> = { pending: 'pending', done: 'delivered', dead: 'failed', cancelled: 'cancelled' };

/** The item as a delivery, or null when it is no webhook delivery. */
export function deliveryOf(item: WorkItem): Delivery | null {
  const work = workOf(WEBHOOK_DELIVERY, item);
  if (work === null || work.group === null) return null;
  return {
    id: work.id,
    webhookId: work.group,
    businessId: work.payload.businessId,
    event: work.payload.event,
    body: work.payload.body,
    position: positionFromSortable(work.order),
    status: STATUS[work.status],
    attempts: work.attempts,
    lastAttemptAt: work.lastAttemptAt,
    lastResponseCode: work.lastCode,
    lastError: work.lastError,
    nextAttemptAt: work.dueAt,
    createdAt: work.createdAt,
  };
}
