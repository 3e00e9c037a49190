/** How webhooks and their deliveries look on the wire. The secret appears only in the 201 of registration. */
import type { DeliveryResponse, WebhookResponse } from '@passes/contracts';
import type { Webhook } from '@passes/domain';
import type { Delivery } from '@passes/webhooks';

export function webhookRepresentation(webhook: Webhook): WebhookResponse {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    status: webhook.status,
    created_at: webhook.createdAt,
    disabled_at: webhook.disabledAt,
    disabled_reason: webhook.disabledReason,
  };
}

const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

export function deliveryRepresentation(delivery: Delivery): DeliveryResponse {
  return {
    id: delivery.id,
    webhook_id: delivery.webhookId,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    last_response_code: delivery.lastResponseCode,
    last_error: delivery.lastError,
    last_attempt_at: isoOrNull(delivery.lastAttemptAt),
    next_attempt_at: isoOrNull(delivery.nextAttemptAt),
    created_at: delivery.createdAt.toISOString(),
  };
}
