/**
 * Most read models are the aggregate's own state, kept up to date by the domain's evolve function:
 * one document per stream, so the read side can never disagree with the rules about what an event means.
 */
import { aggregateIdOf, type StreamCategory } from '@passes/domain';
import type { RecordedEvent } from '@passes/event-store';
import type { Projection } from './projection';

interface AggregateProjectionOptions<State, Event extends { type: string }> {
  collection: string;
  category: StreamCategory;
  eventTypes: readonly Event['type'][];
  evolve(state: State | null, event: Event): State | null;
  keys(state: State): Record<string, string[]>;
}

export function aggregateProjection<State, Event extends { type: string }>(
  options: AggregateProjectionOptions<State, Event>,
): Projection<State> {
  return {
    collection: options.collection,
    eventTypes: new Set(options.eventTypes),
    documentId: (event) => aggregateIdOf(event.stream, options.category),
    apply: (doc, event) => options.evolve(doc, toDomainEvent<Event>(event)),
    keys: options.keys,
  };
}

/** Stored events were written from domain events of this type, so their shape is the domain's. */
function toDomainEvent<Event>(event: RecordedEvent): Event {
  return { type: event.type, data: event.data } as Event;
}
