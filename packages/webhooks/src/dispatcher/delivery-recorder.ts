/**
 * Follows the event feed from its own checkpoint and records, for every pass event, one delivery per
 * subscribed webhook. Recording and the checkpoint move together, and delivery ids are derived from
 * the event, so a crash or a redelivery of the feed never loses nor doubles a delivery.
 */
import { PASS_EVENT_TYPES, WEBHOOK_EVENT_TYPES, passDecider, replay, type PassEvent, type Pass } from '@passes/domain';
import type { EventStore, RecordedEvent, Subscription } from '@passes/event-store';
import type { DeliveryStore, NewDelivery } from '../delivery/delivery-store';
import { webhookEventId } from '../events/webhook-event-id';
import { webhookEventOf } from '../events/webhook-event-mapping';
import { webhookPayload } from '../events/webhook-payload';
import { WebhookDirectory } from './webhook-directory';

/** Pass events notify; webhook events change who is notified. Nothing else concerns the dispatcher. */
const FEED_FILTER = { eventTypes: [...PASS_EVENT_TYPES, ...WEBHOOK_EVENT_TYPES] };
const PAGE_SIZE = 1000;

export interface DeliveryRecorderOptions {
  now: () => Date;
  /** Called after new deliveries were recorded. */
  onRecorded: () => void;
  onError: (error: unknown) => void;
  retryDelayMs: number;
}

export class DeliveryRecorder {
  private directory = new WebhookDirectory();
  private subscription: Subscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly events: EventStore,
    private readonly deliveries: DeliveryStore,
    private readonly options: DeliveryRecorderOptions,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.subscribe();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Rebuilds the directory up to the checkpoint, then follows the feed after it. */
  private async subscribe(): Promise<void> {
    const checkpoint = await this.deliveries.checkpoint();
    this.directory = await this.directoryAt(checkpoint);
    this.subscription = this.events.subscribeToAll(
      {
        after: checkpoint,
        filter: FEED_FILTER,
        onError: (error) => {
          this.options.onError(error);
          if (this.stopped) return;
          this.retryTimer = setTimeout(() => void this.subscribe().catch(this.options.onError), this.options.retryDelayMs);
          this.retryTimer.unref();
        },
      },
      (event) => this.handle(event),
    );
  }

  private async directoryAt(position: number): Promise<WebhookDirectory> {
    const directory = new WebhookDirectory();
    for (let after = 0; ; ) {
      const page = await this.events.readAll({ after, maxCount: PAGE_SIZE, filter: { eventTypes: WEBHOOK_EVENT_TYPES } });
      for (const event of page) {
        if (event.position > position) return directory;
        directory.apply(event);
      }
      const last = page[page.length - 1];
      if (!last || page.length < PAGE_SIZE) return directory;
      after = last.position;
    }
  }

  private async handle(event: RecordedEvent): Promise<void> {
    if (isWebhookEvent(event.type)) {
      this.directory.apply(event);
      await this.deliveries.record([], event.position);
      return;
    }
    const deliveries = await this.deliveriesOf(event);
    await this.deliveries.record(deliveries, event.position);
    if (deliveries.length > 0) this.options.onRecorded();
  }

  private async deliveriesOf(event: RecordedEvent): Promise<NewDelivery[]> {
    // Every pass event carries its business in its metadata (the command handler writes it).
    const businessId = event.metadata.business_id;
    if (businessId === null) return [];
    const name = webhookEventOf(toPassEvent(event));
    const subscribers = this.directory.subscribers(businessId, name);
    if (subscribers.length === 0) return [];
    const pass = await this.passAfter(event);
    if (pass === null) return [];
    const timestamp = typeof event.data['occurred_at'] === 'string' ? event.data['occurred_at'] : event.created_at;
    const createdAt = this.options.now();
    return subscribers.map((webhook) => {
      const id = webhookEventId(event.id, webhook.id);
      return { id, webhookId: webhook.id, businessId, event: name, body: JSON.stringify(webhookPayload(id, name, timestamp, pass)), createdAt };
    });
  }

  /** The pass as it was right after the event, not as it is now. */
  private async passAfter(event: RecordedEvent): Promise<Pass | null> {
    const history = await this.events.readStream(event.stream, { maxCount: event.revision + 1 });
    return replay(passDecider, history.map(toPassEvent));
  }
}

/** Stored pass events were written from domain events, so their shape is the domain's. */
function toPassEvent(event: RecordedEvent): PassEvent {
  return { type: event.type, data: event.data } as PassEvent;
}

function isWebhookEvent(type: string): boolean {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}
