/**
 * Turns the event feed into deliveries: for every pass event (and a campaign's end), one delivery per
 * webhook subscribed at that point of the feed. Delivery ids are derived from the event, and recording one twice changes
 * nothing, so the feed may repeat events (after a crash, or a Kafka rebalance) without doubling a
 * delivery.
 */
import { campaignAggregate, decodeEvent, isEventOf, passAggregate, passEvents, type PassEventType } from '@passes/domain';
import type { EventFeed, EventStore, RecordedEvent } from '@passes/event-store';
import { StreamStates } from '@passes/read-model';
import type { DeliveryLog } from '../delivery/delivery-log';
import type { NewDelivery } from '../delivery/webhook-delivery-kind';
import { webhookEventId } from '../events/webhook-event-id';
import { webhookEventOf } from '../events/webhook-event-mapping';
import { campaignSentPayload, webhookPayload } from '../events/webhook-payload';
import { WebhookDirectory } from './webhook-directory';

interface DeliveryRecorderOptions {
  now: () => Date;
  /** Called after new deliveries were recorded. */
  onRecorded: () => void;
  onError: (error: unknown) => void;
}

export class DeliveryRecorder {
  private readonly directory: WebhookDirectory;
  private readonly passes: StreamStates;
  private readonly campaigns: StreamStates;

  constructor(
    private readonly feed: EventFeed,
    events: EventStore,
    private readonly deliveries: DeliveryLog,
    private readonly options: DeliveryRecorderOptions,
  ) {
    this.directory = new WebhookDirectory(events);
    this.passes = new StreamStates(events);
    this.campaigns = new StreamStates(events);
  }

  start(): Promise<void> {
    return this.feed.start((batch) => this.handle(batch), this.options.onError);
  }

  stop(): Promise<void> {
    return this.feed.stop();
  }

  private async handle(batch: readonly RecordedEvent[]): Promise<void> {
    const deliveries: NewDelivery[] = [];
    for (const event of batch) {
      if (isEventOf(passEvents, event.type)) deliveries.push(...(await this.deliveriesOf(event, event.type)));
      else if (event.type === 'CampaignSent') deliveries.push(...(await this.campaignDeliveriesOf(event)));
    }
    await this.deliveries.record(deliveries);
    if (deliveries.length > 0) this.options.onRecorded();
  }

  /** `campaign.sent`: the campaign as it was sent, with its stats. */
  private async campaignDeliveriesOf(event: RecordedEvent): Promise<NewDelivery[]> {
    const businessId = event.metadata.business_id;
    if (businessId === null) return [];
    const subscribers = await this.directory.subscribersAt(businessId, 'campaign.sent', event.position);
    if (subscribers.length === 0) return [];
    const campaign = await this.campaigns.stateAfter(campaignAggregate, event);
    if (campaign === null) return [];
    const createdAt = this.options.now();
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
    const createdAt = this.options.now();
    return subscribers.map((webhook) => {
      const id = webhookEventId(event.id, webhook.id);
      const body = JSON.stringify(webhookPayload(id, name, decoded, pass));
      return { id, webhookId: webhook.id, businessId, event: name, body, position: event.position, createdAt };
    });
  }
}
