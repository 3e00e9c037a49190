/**
 * Webhook deliveries on the work store, as an operator reads and redelivers them by hand (the delivery
 * log of the API).
 */
import type { WorkStore } from '@passes/background-work';
import { deliveryOf, WEBHOOK_DELIVERY, type Delivery } from './webhook-delivery-kind';

export class DeliveryLog {
  constructor(private readonly work: WorkStore) {}

  async get(id: string): Promise<Delivery | null> {
    const item = await this.work.get(id);
    return item === null ? null : deliveryOf(item);
  }

  /** The webhook's deliveries, latest in the feed first. */
  async listByWebhook(webhookId: string, limit: number): Promise<Delivery[]> {
    const items = await this.work.list({ kind: WEBHOOK_DELIVERY.name, group: webhookId, limit });
    return items.map(deliveryOf).filter((delivery) => delivery !== null);
  }

  /** Makes the delivery pending again, due at `at`; attempts made so far still count. */
  reschedule(id: string, at: Date): Promise<void> {
    return this.work.reschedule(id, at);
  }
}
