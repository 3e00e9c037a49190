/**
 * Runs commands against one aggregate: decide on the stream's state, append with the revision it reflects.
 * Commands on one stream never race each other inside this process: each stream has a line, and the
 * commands that arrive while one append is under way wait for it, then are decided one after another on
 * the state each leaves and appended together, in one append and one commit.
 * A stream this process has met is decided on the state it remembers, unread: the append's expected
 * revision is what proves that state current, so a stale one costs a refused append and a read, never a
 * wrong decision; a decision that appends nothing proves nothing, and reads the stream to be sure. A writer
 * in another process (a second API process, the CLI) can still get in between a read and an append; the
 * waiting commands are then decided again on fresh state after a jittered backoff, a bounded number of times.
 */
import type { CommandContext } from './command-context';
import { DomainError, foldEncoded, schemaVersionOf, type Aggregate, type DomainEventShape, type EventRegistry } from '@passes/domain';
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type NewEvent, type Position } from '@passes/event-store';
import { StreamStates, type LoadedState } from '@passes/read-model';
import { CONFLICT_RETRY_AFTER_SECONDS, jitteredBackoff, type ConflictBackoff } from './conflict-backoff';

interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  /** Global position of the append that carried the command's events, or null when it changed nothing. */
  position: Position | null;
}

interface StreamContext {
  stream: string;
  businessId: string | null;
  context: CommandContext;
  /**
   * The stream's id was made for this command (a new UUID), so the stream cannot exist yet: its first attempt
   * is decided on the aggregate's initial state without a read. Its append still expects no stream, so were
   * there one after all, the append would fail and the next attempt would read it.
   */
  isNew?: boolean;
}

interface CommandHandlerOptions {
  backoff?: ConflictBackoff;
  sleep?: (ms: number) => Promise<void>;
}

/** One command decided: its events, encoded for the store, and the state after them. */
interface Decision {
  events: unknown[];
  encoded: NewEvent[];
  after: unknown;
}

/** A command waiting in its stream's line, its types closed over. */
interface Waiting {
  decide(state: unknown): Promise<Decision>;
  resolve(result: CommandResult<unknown, unknown>): void;
  reject(error: unknown): void;
}

interface Line {
  load(): Promise<LoadedState<unknown>>;
  /** The state this process remembers of the stream, unread (StreamStates.remembered). */
  remembered(): LoadedState<unknown> | undefined;
  /** Remembers the state the line's committed append left (StreamStates.appended). */
  appended(state: unknown, revision: number): void;
  /** The state a new stream's first attempt is decided on, unread (StreamContext.isNew); used once. */
  unread: Basis | null;
  waiting: Waiting[];
}

/**
 * A state decided on unread: a new stream's initial state (an append refused on it lost a race, as after a
 * read), or this process's memory of the stream (an append refused on it shows only that memory behind).
 */
interface Basis extends LoadedState<unknown> {
  source: 'new' | 'remembered';
}

type Outcome = ({ ok: true } & Decision) | { ok: false; error: unknown };

/** Commands of one append at most: a burst on one pass is committed in bounded pieces. */
const MAX_COMMANDS_PER_APPEND = 100;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class CommandHandler {
  private readonly lines = new Map<string, Line>();
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
    /** Builds the command from the state it is decided on; may look elsewhere first (it runs again on every retry). */
    command: (state: State) => Command | Promise<Command>,
  ): Promise<CommandResult<State, Event>> {
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        decide: async (state) => {
          // A stream holds one aggregate's events, so every state of its line is this aggregate's State.
          const current = state as State;
          const events = aggregate.decider.decide(await command(current), current);
          const encoded = events.map((event) => toNewEvent(aggregate.events, event, target.businessId, target.context));
          // Through the decoder, as a later read of the store would fold them.
          return { events, encoded, after: foldEncoded(aggregate, current, encoded) };
        },
        resolve: (result) => resolve(result as CommandResult<State, Event>),
        reject,
      };
      const line = this.lines.get(target.stream);
      if (line) {
        line.waiting.push(waiting);
        return;
      }
      const started: Line = {
        load: () => this.states.load(aggregate, target.stream),
        remembered: () => this.states.remembered(aggregate, target.stream),
        // The states of this line's decisions are its aggregate's.
        appended: (state, revision) => this.states.appended(aggregate, target.stream, state as State, revision),
        unread: target.isNew === true ? { state: aggregate.decider.initialState(), revision: null, source: 'new' } : null,
        waiting: [waiting],
      };
      this.lines.set(target.stream, started);
      void this.work(target.stream, started);
    });
  }

  /** Appends for the line's commands until none waits; the line then goes. */
  private async work(stream: string, line: Line): Promise<void> {
    while (line.waiting.length > 0) await this.decideAndAppend(stream, line, line.waiting.splice(0, MAX_COMMANDS_PER_APPEND));
    this.lines.delete(stream);
  }

  /** Settles every command of `batch`; never throws. */
  private async decideAndAppend(stream: string, line: Line, batch: Waiting[]): Promise<void> {
    let unread = unreadBasis(line);
    for (let racesLost = 0; ; ) {
      const decidedOn = unread;
      unread = null;
      let outcomes: Outcome[];
      let appended: AppendResult | null = null;
      try {
        const { state, revision } = decidedOn ?? (await line.load());
        outcomes = await decideInTurn(batch, state);
        const encoded = outcomes.flatMap((outcome) => (outcome.ok ? outcome.encoded : []));
        if (encoded.length > 0) appended = await this.events.append(stream, encoded, revision ?? 'no_stream');
        // No append proved the remembered state current: unless the stream is as remembered, decided again on it as stored.
        else if (decidedOn?.source === 'remembered' && (await line.load()).revision !== revision) continue;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) return rejectAll(batch, error);
        // Only this process's memory of the stream was behind: decided again on it as stored, at once.
        if (decidedOn?.source === 'remembered') continue;
        racesLost += 1;
        if (racesLost === this.backoff.maxAttempts) {
          return rejectAll(batch, new DomainError('conflict', 'Too many concurrent changes to the same record; retry the request', { retry_after_seconds: CONFLICT_RETRY_AFTER_SECONDS }));
        }
        await this.sleep(this.backoff.delayMs(racesLost));
        continue;
      }
      // A refused command leaves the state as it was: the last decided one holds every appended event.
      const last = outcomes.filter((outcome) => outcome.ok).at(-1);
      if (appended !== null && last !== undefined) line.appended(last.after, appended.nextRevision);
      outcomes.forEach((outcome, index) => {
        const waiting = batch[index];
        if (!waiting) return;
        if (!outcome.ok) return waiting.reject(outcome.error);
        waiting.resolve({ state: outcome.after, events: outcome.events, position: outcome.events.length > 0 ? (appended?.position ?? null) : null });
      });
      return;
    }
  }
}

function rejectAll(batch: readonly Waiting[], error: unknown): void {
  for (const waiting of batch) waiting.reject(error);
}

/** What a line's first attempt is decided on without a read: a new stream's initial state, or the state remembered. */
function unreadBasis(line: Line): Basis | null {
  const { unread } = line;
  line.unread = null;
  if (unread !== null) return unread;
  const remembered = line.remembered();
  return remembered === undefined ? null : { ...remembered, source: 'remembered' };
}

/** Each command on the state the one before it left; a refused command leaves the state as it was. */
async function decideInTurn(batch: readonly Waiting[], state: unknown): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let current = state;
  for (const waiting of batch) {
    try {
      const decision = await waiting.decide(current);
      outcomes.push({ ok: true, ...decision });
      current = decision.after;
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
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
      causation_id: context.causationId ?? null,
      business_id: businessId,
      actor: context.actor,
      schema_version: schemaVersionOf(registry, event.type),
      ...(context.depth !== undefined && { depth: context.depth }),
    },
  };
}
