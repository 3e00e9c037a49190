/**
 * Runs a command against one aggregate: load its stream, decide, append with the revision that was
 * read. A concurrent writer makes the append fail; the command is then decided again on fresh state.
 */
import type { CommandContext } from './command-context';
import { DomainError, replayEncoded, schemaVersionOf, type Aggregate, type DomainEventShape, type EventRegistry } from '@passes/domain';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type Position } from '@passes/event-store';

const MAX_ATTEMPTS = 5;

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  /** Global position of the last event appended, or null when the command changed nothing. */
  position: Position | null;
}

export interface StreamContext {
  stream: string;
  businessId: string | null;
  context: CommandContext;
}

export async function loadState<Command, Event extends DomainEventShape, State>(
  store: EventStore,
  aggregate: Aggregate<Command, Event, State>,
  stream: string,
): Promise<{ state: State; revision: number | null }> {
  const recorded = await store.readStream(stream);
  const last = recorded.at(-1);
  return { state: replayEncoded(aggregate, recorded), revision: last ? last.revision : null };
}

export async function handleCommand<Command, Event extends DomainEventShape, State>(
  store: EventStore,
  aggregate: Aggregate<Command, Event, State>,
  target: StreamContext,
  /** Builds the command from the state just read; may look elsewhere first (it runs again on every retry). */
  command: (state: State) => Command | Promise<Command>,
): Promise<CommandResult<State, Event>> {
  const { decider } = aggregate;
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadState(store, aggregate, target.stream);
    const events = decider.decide(await command(state), state);
    if (events.length === 0) return { state, events, position: null };
    try {
      const newEvents = events.map((event) => toNewEvent(aggregate.events, event, target.businessId, target.context));
      const appended = await store.append(target.stream, newEvents, revision ?? 'no_stream');
      return { state: events.reduce(decider.evolve, state), events, position: appended.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new DomainError('conflict', 'Too many concurrent changes to the same record; retry the request');
    }
  }
}

export function toNewEvent<Event extends DomainEventShape>(
  registry: EventRegistry<Event>,
  event: Event,
  businessId: string | null,
  context: CommandContext,
): NewEvent {
  return {
    type: event.type,
    data: { ...event.data },
    metadata: {
      correlation_id: context.correlationId,
      causation_id: null,
      business_id: businessId,
      actor: context.actor,
      schema_version: schemaVersionOf(registry, event.type),
    },
  };
}
