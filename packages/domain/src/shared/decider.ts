/** An aggregate as three plain functions; the application layer supplies the I/O around them. */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** Folds a history of events into the state it produces. */
export function replay<Event, State>(decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>, events: readonly Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Makes a switch over a union exhaustive: adding a member without handling it fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
