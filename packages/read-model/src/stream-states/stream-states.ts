/**
 * The states of recently used streams, each with the revision it reflects, so that work on a long stream
 * reads only the events it has not folded yet, not the whole history: a command reads what others appended
 * since it last looked or appended, and a follower of the feed folds each event onto the state after the
 * one before.
 * An entry is only ever the fold of stored events 0…revision through the aggregate's decoder, whoever
 * appended them (this process, another API process, the CLI): it can be behind, never wrong, and an append
 * made from a state that is behind fails on its expected revision. Kept in memory: a restart starts cold.
 */
import { foldEncoded, type Aggregate, type DomainEventShape } from '@passes/domain';
import type { EventStore, RecordedEvent } from '@passes/event-store';
import { LRUCache } from 'lru-cache';

interface Entry {
  aggregate: object;
  state: unknown;
  revision: number;
}

export interface LoadedState<State> {
  state: State;
  /** Revision of the stream's last event, or null when the stream does not exist. */
  revision: number | null;
}

/** Streams remembered; the least recently used is forgotten first. */
const DEFAULT_CAPACITY = 10_000;

export class StreamStates {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly store: Pick<EventStore, 'readStream'>,
    capacity = DEFAULT_CAPACITY,
  ) {
    this.entries = new LRUCache({ max: capacity });
  }

  async load<Command, Event extends DomainEventShape, State>(aggregate: Aggregate<Command, Event, State>, stream: string): Promise<LoadedState<State>> {
    const known = this.known<State>(aggregate, stream);
    const recorded = await this.store.readStream(stream, { fromRevision: known ? known.revision + 1 : 0 });
    return this.foldOnto(aggregate, stream, known, recorded);
  }

  /**
   * The state right after `event`, not as the stream is now (what a webhook or a wallet is told of). A
   * follower meets a stream's events in order, so the event is usually folded onto the state remembered
   * after the one before it, with no read; anything else (a stream not remembered, a redelivered or skipped
   * event) reads the stored events that lie between.
   */
  async stateAfter<Command, Event extends DomainEventShape, State>(aggregate: Aggregate<Command, Event, State>, event: RecordedEvent): Promise<State> {
    const own = this.known<State>(aggregate, event.stream);
    if (own?.revision === event.revision) return own.state;
    const known = own !== undefined && own.revision < event.revision ? own : undefined;
    const from = known ? known.revision + 1 : 0;
    const recorded = from === event.revision ? [event] : await this.store.readStream(event.stream, { fromRevision: from, maxCount: event.revision - from + 1 });
    return this.foldOnto(aggregate, event.stream, known, recorded).state;
  }

  /**
   * The state right before `event` (an automation's trigger compares it with the state after). A follower
   * meeting a stream's events in order has it remembered, with no read.
   */
  async stateBefore<Command, Event extends DomainEventShape, State>(aggregate: Aggregate<Command, Event, State>, event: RecordedEvent): Promise<State> {
    if (event.revision === 0) return aggregate.decider.initialState();
    const own = this.known<State>(aggregate, event.stream);
    if (own?.revision === event.revision - 1) return own.state;
    const known = own !== undefined && own.revision < event.revision - 1 ? own : undefined;
    const from = known ? known.revision + 1 : 0;
    const recorded = await this.store.readStream(event.stream, { fromRevision: from, maxCount: event.revision - from });
    return this.foldOnto(aggregate, event.stream, known, recorded).state;
  }

  /**
   * Remembers the state an append of this process left, so that the next command on the stream reads
   * nothing of it. `state` is the appended events folded through the decoder onto the state they were
   * decided on, itself the fold of the events before them: committed with `revision` as the last, it is
   * the fold of stored events 0…revision that a read would make.
   */
  appended<Command, Event extends DomainEventShape, State>(aggregate: Aggregate<Command, Event, State>, stream: string, state: State, revision: number): void {
    this.remember(stream, { aggregate, state, revision });
  }

  /**
   * The state this process last left or saw the stream in, without a read: as of its revision, possibly
   * behind the stream as stored. Undefined when nothing of the stream is remembered.
   */
  remembered<Command, Event extends DomainEventShape, State>(aggregate: Aggregate<Command, Event, State>, stream: string): LoadedState<State> | undefined {
    return this.known<State>(aggregate, stream);
  }

  /** The stream's remembered state, when it is this aggregate's. */
  private known<State>(aggregate: object, stream: string): { state: State; revision: number } | undefined {
    const entry = this.entries.get(stream);
    // An entry is only made from this aggregate's events, so its state is this aggregate's State.
    return entry?.aggregate === aggregate ? (entry as { state: State; revision: number }) : undefined;
  }

  /** Folds stored events that follow `known` (or start the stream) onto it, and remembers the result. */
  private foldOnto<Command, Event extends DomainEventShape, State>(
    aggregate: Aggregate<Command, Event, State>,
    stream: string,
    known: { state: State; revision: number } | undefined,
    recorded: readonly RecordedEvent[],
  ): LoadedState<State> {
    const state = foldEncoded(aggregate, known ? known.state : aggregate.decider.initialState(), recorded);
    const revision = recorded.at(-1)?.revision ?? known?.revision ?? null;
    if (revision !== null) this.remember(stream, { aggregate, state, revision });
    return { state, revision };
  }

  private remember(stream: string, entry: Entry): void {
    const current = this.entries.get(stream);
    // Two loads may finish out of order: keep the newer state.
    if (current && current.aggregate === entry.aggregate && current.revision > entry.revision) return;
    this.entries.set(stream, entry);
  }
}
