/**
 * Each aggregate as the application layer runs it: its decider, and the registry through which its
 * stored events are decoded and its new ones are versioned.
 */
import { analyticsExportDecider } from './analytics/analytics-export-decider';
import { analyticsExportEvents } from './analytics/analytics-export-event-registry';
import { apiKeyDecider } from './api-key/api-key-decider';
import { apiKeyEvents } from './api-key/api-key-event-registry';
import { campaignDecider } from './campaign/campaign-decider';
import { campaignEvents } from './campaign/campaign-event-registry';
import { automationDecider } from './automation/automation-decider';
import { automationEvents } from './automation/automation-event-registry';
import { businessDecider } from './business/business-decider';
import { businessEvents } from './business/business-event-registry';
import { decodeEvent, type DomainEventShape, type EncodedEvent, type EventRegistry } from './events/event-registry';
import { milestoneDecider } from './milestone/milestone-decider';
import { milestoneEvents } from './milestone/milestone-event-registry';
import { passDecider } from './pass/pass-decider';
import { passEvents } from './pass/pass-event-registry';
import { reservationDecider } from './reservation/reservation-decider';
import { reservationEvents } from './reservation/reservation-event-registry';
import type { Decider } from './shared/decider';
import { templateDecider } from './template/template-decider';
import { templateEvents } from './template/template-event-registry';
import { userDecider } from './user/user-decider';
import { userEvents } from './user/user-event-registry';
import { webhookDecider } from './webhook/webhook-decider';
import { webhookEvents } from './webhook/webhook-event-registry';

export interface Aggregate<Command, Event extends DomainEventShape, State> {
  decider: Decider<Command, Event, State>;
  events: EventRegistry<Event>;
}

export const passAggregate = { decider: passDecider, events: passEvents };
export const businessAggregate = { decider: businessDecider, events: businessEvents };
export const userAggregate = { decider: userDecider, events: userEvents };
export const apiKeyAggregate = { decider: apiKeyDecider, events: apiKeyEvents };
export const templateAggregate = { decider: templateDecider, events: templateEvents };
export const webhookAggregate = { decider: webhookDecider, events: webhookEvents };
export const reservationAggregate = { decider: reservationDecider, events: reservationEvents };
export const milestoneAggregate = { decider: milestoneDecider, events: milestoneEvents };
export const analyticsExportAggregate = { decider: analyticsExportDecider, events: analyticsExportEvents };
export const campaignAggregate = { decider: campaignDecider, events: campaignEvents };
export const automationAggregate = { decider: automationDecider, events: automationEvents };

/** Folds stored events into a state through the aggregate's registry. */
export function replayEncoded<Command, Event extends DomainEventShape, State>(
  aggregate: Aggregate<Command, Event, State>,
  encoded: readonly EncodedEvent[],
): State {
  return foldEncoded(aggregate, aggregate.decider.initialState(), encoded);
}

/** Folds stored events that follow `state` onto it, through the aggregate's registry like a full replay. */
export function foldEncoded<Command, Event extends DomainEventShape, State>(
  aggregate: Aggregate<Command, Event, State>,
  state: State,
  encoded: readonly EncodedEvent[],
): State {
  return encoded.reduce((folded, event) => aggregate.decider.evolve(folded, decodeEvent(aggregate.events, event)), state);
}
