/**
 * Webhook deliveries on the work store: what the recorder records, and what an operator reads and
 * redelivers by hand (the delivery log of the API).
 */
import { newWork, type WorkStore } from '@passes/background-work';
import { sortablePosition } from '@passes/event-store';
import { deliveryOf, WEBHOOK_DELIVERY, type Delivery, type NewDelivery } from './webhook-delivery-kind';

export class DeliveryLog {
  constructor(private readonly work: WorkStore) {}

  /** Records the deliveries, due at once; one already recorded (same id) is left as it is. */
  record(deliveries: readonly NewDelivery[]): Promise<void> {
    return this.work.record(
      deliveries.map((delivery) =>
        newWork(WEBHOOK_DELIVERY, {
          id: delivery.id,
          group: delivery.webhookId,
          order: sortablePosition(delivery.position),
          payload: { businessId: delivery.businessId, event: delivery.event, body: delivery.body },
          dueAt: delivery.createdAt,
          createdAt: delivery.createdAt,
        }),
      ),
    );
  }

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
