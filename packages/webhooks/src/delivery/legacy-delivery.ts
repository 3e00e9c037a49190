/**
 * A delivery as the delivery store of before the work store kept it, turned into a work item: what the
 * SQLite and MongoDB conversions share.
 */
import type { WorkItem, WorkStatus } from '@passes/background-work';
import { WEBHOOK_DELIVERY } from './webhook-delivery-kind';

export interface LegacyDelivery {
  id: string;
  webhookId: string;
  businessId: string;
  event: string;
  body: string;
  /** The event's place in the feed, sortable ('' when it was recorded before deliveries carried it). */
  position: string;
  status: string;
  attempts: number;
  lastAttemptAt: Date | null;
  lastResponseCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
}

const STATUS: Record<string, WorkStatus> = { pending: 'pending', delivered: 'done', failed: 'dead', cancelled: 'cancelled' };

export function legacyDeliveryItem(delivery: LegacyDelivery): WorkItem {
  const status = STATUS[delivery.status];
  if (status === undefined) throw new Error(`Delivery ${delivery.id} has an unknown status '${delivery.status}'`);
  return {
    id: delivery.id,
    kind: WEBHOOK_DELIVERY.name,
    group: delivery.webhookId,
    order: delivery.position,
    payload: { businessId: delivery.businessId, event: delivery.event, body: delivery.body },
    status,
    attempts: delivery.attempts,
    dueAt: status === 'pending' ? (delivery.nextAttemptAt ?? delivery.createdAt) : null,
    lastAttemptAt: delivery.lastAttemptAt,
    lastCode: delivery.lastResponseCode,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt,
  };
}
