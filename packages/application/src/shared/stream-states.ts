/**
 * The states of recently used streams, each with the revision it reflects, so that a command on a long
 * stream reads only the events appended since it last looked, not the whole history. An entry is only
 * ever the fold of stored events 0…revision through the aggregate's decoder, whoever appended them (this
 * process, another API process, the CLI): it can be behind, never wrong, and an append made from a
 * state that is behind fails on its expected revision. Kept in memory: a restart starts cold.
 */
import { foldEncoded, type Aggregate, type DomainEventShape } from '@passes/domain';
import type { EventStore } from '@passes/event-store';
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
    const entry = this.entries.get(stream);
    const known = entry?.aggregate === aggregate ? entry : undefined;
    const recorded = await this.store.readStream(stream, { fromRevision: known ? known.revision + 1 : 0 });
    // An entry is only made from this aggregate's events, so its state is this aggregate's State.
    const state = foldEncoded(aggregate, known ? (known.state as State) : aggregate.decider.initialState(), recorded);
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
