/**
 * The deliveries an event calls for: for every pass event (and a campaign's end), one delivery per
 * webhook subscribed at that point of the feed. Delivery ids are derived from the event, and recording one twice changes
 * nothing, so the feed may repeat events (after a crash, or a Kafka rebalance) without doubling a
 * delivery.
 */
import { campaignAggregate, decodeEvent, isEventOf, passAggregate, passEvents, type PassEventType } from '@passes/domain';
import type { NewWork } from '@passes/background-work';
import type { EventStore, RecordedEvent } from '@passes/event-store';
import { StreamStates } from '@passes/read-model';
import { deliveryWork, type NewDelivery } from '../delivery/webhook-delivery-kind';
import { webhookEventId } from '../events/webhook-event-id';
import { webhookEventOf } from '../events/webhook-event-mapping';
import { campaignSentPayload, webhookPayload } from '../events/webhook-payload';
import { WebhookDirectory } from './webhook-directory';

export class DeliveryPlanner {
  private readonly directory: WebhookDirectory;
  private readonly passes: StreamStates;
  private readonly campaigns: StreamStates;

  constructor(
    events: EventStore,
    private readonly now: () => Date,
  ) {
    this.directory = new WebhookDirectory(events);
    this.passes = new StreamStates(events);
    this.campaigns = new StreamStates(events);
  }

  async workOf(event: RecordedEvent): Promise<NewWork[]> {
    if (isEventOf(passEvents, event.type)) return (await this.deliveriesOf(event, event.type)).map(deliveryWork);
    if (event.type === 'CampaignSent') return (await this.campaignDeliveriesOf(event)).map(deliveryWork);
    return [];
  }

  /** `campaign.sent`: the campaign as it was sent, with its stats. */
  private async campaignDeliveriesOf(event: RecordedEvent): Promise<NewDelivery[]> {
    const businessId = event.metadata.business_id;
    if (businessId === null) return [];
    const subscribers = await this.directory.subscribersAt(businessId, 'campaign.sent', event.position);
    if (subscribers.length === 0) return [];
    const campaign = await this.campaigns.stateAfter(campaignAggregate, event);
    if (campaign === null) return [];
    const createdAt = this.now();
    return subscribers.map((webhook) => {
      const id = webhookEventId(event.id, webhook.id);
      const body = JSON.stringify(campaignSentPayload(id, campaign));
      return { id, webhookId: webhook.id, businessId, event: 'campaign.sent', body, position: event.position, createdAt };
    });
  }

  /** Decodes the event only for someone subscribed to it: most businesses have no webhook. */
  private async deliveriesOf(event: RecordedEvent, type: PassEventType): Promise<NewDelivery[]> {
    // Every pass event carries its business in its metadata (the command handler writes it).
    const businessId = event.metadata.business_id;
    if (businessId === null) return [];
    const name = webhookEventOf(type);
    if (name === null) return [];
    const subscribers = await this.directory.subscribersAt(businessId, name, event.position);
    if (subscribers.length === 0) return [];
    const decoded = decodeEvent(passEvents, event);
    // The pass as it was right after the event, not as it is now.
    const pass = await this.passes.stateAfter(passAggregate, event);
    if (pass === null) return [];
    const createdAt = this.now();
    return subscribers.map((webhook) => {
      const id = webhookEventId(event.id, webhook.id);
      const body = JSON.stringify(webhookPayload(id, name, decoded, pass));
      return { id, webhookId: webhook.id, businessId, event: name, body, position: event.position, createdAt };
    });
  }
}
