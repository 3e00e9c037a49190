/**
 * Runs a command against one aggregate: load its stream, decide, append with the revision that was
 * read. Commands on one stream run one at a time in this process (a queue per stream), so they never
 * race each other; a writer in another process can still get in first, and the command is then decided
 * again on fresh state after a jittered backoff, a bounded number of times.
 */
import type { CommandContext } from './command-context';
import { DomainError, schemaVersionOf, type Aggregate, type DomainEventShape, type EventRegistry } from '@passes/domain';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type Position } from '@passes/event-store';
import { CONFLICT_RETRY_AFTER_SECONDS, jitteredBackoff, type ConflictBackoff } from './conflict-backoff';
import { KeyedQueue } from './keyed-queue';
import { StreamStates, type LoadedState } from './stream-states';

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

export interface CommandHandlerOptions {
  backoff?: ConflictBackoff;
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class CommandHandler {
  private readonly queue = new KeyedQueue();
  private readonly states: StreamStates;
  private readonly backoff: ConflictBackoff;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly events: EventStore,
    options: CommandHandlerOptions = {},
  ) {
    this.states = new StreamStates(events);
    this.backoff = options.backoff ?? jitteredBackoff();
    this.sleep = options.sleep ?? sleepFor;
  }

  /** The current state of a stream, for reads that decide nothing. */
  load<Command, Event extends DomainEventShape, State>(aggregate: Aggregate<Command, Event, State>, stream: string): Promise<LoadedState<State>> {
    return this.states.load(aggregate, stream);
  }

  handle<Command, Event extends DomainEventShape, State>(
    aggregate: Aggregate<Command, Event, State>,
    target: StreamContext,
    /** Builds the command from the state just read; may look elsewhere first (it runs again on every retry). */
    command: (state: State) => Command | Promise<Command>,
  ): Promise<CommandResult<State, Event>> {
    return this.queue.run(target.stream, () => this.decideAndAppend(aggregate, target, command));
  }

  private async decideAndAppend<Command, Event extends DomainEventShape, State>(
    aggregate: Aggregate<Command, Event, State>,
    target: StreamContext,
    command: (state: State) => Command | Promise<Command>,
  ): Promise<CommandResult<State, Event>> {
    const { decider } = aggregate;
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.states.load(aggregate, target.stream);
      const events = decider.decide(await command(state), state);
      if (events.length === 0) return { state, events, position: null };
      try {
        const newEvents = events.map((event) => toNewEvent(aggregate.events, event, target.businessId, target.context));
        const appended = await this.events.append(target.stream, newEvents, revision ?? 'no_stream');
        return { state: events.reduce(decider.evolve, state), events, position: appended.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= this.backoff.maxAttempts) {
          throw new DomainError('conflict', 'Too many concurrent changes to the same record; retry the request', { retry_after_seconds: CONFLICT_RETRY_AFTER_SECONDS });
        }
        await this.sleep(this.backoff.delayMs(attempt));
      }
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
