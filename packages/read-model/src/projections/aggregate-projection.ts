/**
 * Most read models are the aggregate's own state, kept up to date by the domain's evolve function:
 * one document per stream, so the read side can never disagree with the rules about what an event means.
 */
import { aggregateIdOf, decodeEvent, eventTypesOf, type DomainEventShape, type EventRegistry, type StreamCategory } from '@passes/domain';
import type { z } from 'zod';
import type { WordKeys } from '../word-keys';
import type { Projection } from './projection';

interface AggregateProjectionOptions<State, Event extends DomainEventShape, Index extends string> {
  collection: string;
  version: number;
  schema: z.ZodType<State>;
  category: StreamCategory;
  events: EventRegistry<Event>;
  evolve(state: State | null, event: Event): State | null;
  indexes: readonly Index[];
  keys(state: State): Record<Index, string[]>;
  words?(state: State): Partial<Record<Index, WordKeys>>;
}

export function aggregateProjection<State extends object, Event extends DomainEventShape, Index extends string = never>(
  options: AggregateProjectionOptions<State, Event, Index>,
): Projection<State, Index> {
  /**
   * The documents this process's evolve made from nothing, from a document it made itself or from one that
   * passed the schema: of the State type by construction, unlike one read from storage and never checked
   * (an older version's shape during a rebuild). A set, not a map of each to itself: a young value held by
   * a weak map is kept through the next minor collection even when its key is not, and a batch's documents
   * between its events would then all outlive it.
   */
  const made = new WeakSet<object>();
  const wasMade = (stored: object): stored is State => made.has(stored);
  const passed = new WeakSet<object>();
  return {
    collection: options.collection,
    version: options.version,
    schema: options.schema,
    indexes: options.indexes,
    eventTypes: new Set(eventTypesOf(options.events)),
    documentId: (event) => aggregateIdOf(event.stream, options.category),
    // One document per stream: the stream's own revision orders its events.
    revisionAfter: (current, event) => (current !== undefined && current.revision >= event.revision ? null : event.revision),
    startsDocument: (event) => event.revision === 0,
    apply: (doc, event) => {
      const next = options.evolve(doc, decodeEvent(options.events, event));
      if (next !== null && (doc === null || made.has(doc) || passed.has(doc))) made.add(next);
      return next;
    },
    keys: options.keys,
    ...(options.words === undefined ? {} : { words: options.words }),
    madeHere: (stored) => (wasMade(stored) ? stored : undefined),
    passedCheck: (stored) => void passed.add(stored),
  };
}
