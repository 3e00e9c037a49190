/**
 * The webhooks as the dispatcher's own position in the feed makes them: an event goes to the webhooks
 * that were subscribed when it happened, whatever was registered or deleted since.
 */
import { aggregateIdOf, webhookDecider, webhookWants, type Webhook, type WebhookEvent, type WebhookEventName } from '@passes/domain';
import type { RecordedEvent } from '@passes/event-store';


export class WebhookDirectory {
  private readonly byId = new Map<string, Webhook>();

  apply(event: RecordedEvent): void {
    const id = aggregateIdOf(event.stream, 'webhook');
    // Stored webhook events were written from domain events, so their shape is the domain's.
    const next = webhookDecider.evolve(this.byId.get(id) ?? null, { type: event.type, data: event.data } as WebhookEvent);
    if (next === null) this.byId.delete(id);
    else this.byId.set(id, next);
  }

  /** The business's active webhooks that subscribe to `event`, oldest first. */
  subscribers(businessId: string, event: WebhookEventName): Webhook[] {
    return [...this.byId.values()].filter((webhook) => webhook.businessId === businessId && webhookWants(webhook, event));
  }
}
