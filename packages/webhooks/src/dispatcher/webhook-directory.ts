/**
 * The webhooks as each place in the feed saw them: an event goes to the webhooks that were subscribed
 * when it happened, whatever was registered or deleted since. Events may reach the dispatcher out of
 * feed order (a Kafka consumer reads partitions side by side), so the directory keeps each webhook's
 * history by position and answers for any position, reading webhook events from the event store up
 * to the position asked about.
 */
import { aggregateIdOf, decodeEvent, webhookAggregate, webhookWants, WEBHOOK_EVENT_TYPES, type Webhook, type WebhookEventName } from '@passes/domain';
import { comparePositions, hasReached, isAfter, type EventStore, type Position, type RecordedEvent } from '@passes/event-store';

const PAGE_SIZE = 1000;

interface WebhookHistory {
  /** States in feed order: `state` holds from `position` on (null once deleted). */
  states: { position: Position; state: Webhook | null }[];
}

export class WebhookDirectory {
  private readonly histories = new Map<string, WebhookHistory>();
  private readonly webhooksOfBusiness = new Map<string, Set<string>>();
  private loadedThrough: Position | null = null;
  private loading: Promise<void> | null = null;

  constructor(private readonly events: EventStore) {}

  /** The business's webhooks that were active and subscribed to `event` just before `position`. */
  async subscribersAt(businessId: string, event: WebhookEventName, position: Position): Promise<Webhook[]> {
    while (!hasReached(this.loadedThrough, position)) await this.loadThrough(position);
    const subscribers: Webhook[] = [];
    for (const id of this.webhooksOfBusiness.get(businessId) ?? []) {
      const state = this.stateBefore(id, position);
      if (state !== null && webhookWants(state, event)) subscribers.push(state);
    }
    return subscribers.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  private loadThrough(position: Position): Promise<void> {
    this.loading ??= this.readWebhookEvents(position).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * Reads every webhook event stored so far. The head is read first: once the reads come back short,
   * every webhook event up to it is known, and the next event asked about (usually beyond `position`)
   * needs no new read unless it lies beyond that head.
   */
  private async readWebhookEvents(position: Position): Promise<void> {
    const head = await this.events.headPosition();
    for (;;) {
      const page = await this.events.readAll({ after: this.loadedThrough, maxCount: PAGE_SIZE, filter: { eventTypes: WEBHOOK_EVENT_TYPES } });
      for (const event of page) this.apply(event);
      const last = page.at(-1);
      if (last !== undefined) this.loadedThrough = last.position;
      if (page.length < PAGE_SIZE) break;
    }
    for (const reached of [head, position]) if (isAfter(reached, this.loadedThrough)) this.loadedThrough = reached;
  }

  private apply(event: RecordedEvent): void {
    const id = aggregateIdOf(event.stream, 'webhook');
    const history = this.histories.get(id) ?? { states: [] };
    const previous = history.states.at(-1)?.state ?? null;
    const state = webhookAggregate.decider.evolve(previous, decodeEvent(webhookAggregate.events, event));
    history.states.push({ position: event.position, state });
    this.histories.set(id, history);
    if (state !== null) {
      const webhooks = this.webhooksOfBusiness.get(state.businessId) ?? new Set<string>();
      webhooks.add(id);
      this.webhooksOfBusiness.set(state.businessId, webhooks);
    }
  }

  private stateBefore(id: string, position: Position): Webhook | null {
    const states = this.histories.get(id)?.states ?? [];
    let found: Webhook | null = null;
    for (const entry of states) {
      if (comparePositions(entry.position, position) >= 0) break;
      found = entry.state;
    }
    return found;
  }
}
