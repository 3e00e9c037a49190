/**
 * Pass histories written straight into an event store, far faster than the API could make them: the
 * domain decides each command (so every event obeys the rules a service-made one does) and each event
 * is encoded as the service encodes it (`toNewEvent` in packages/application/src/shared/command-handler.ts),
 * with ids and serial numbers made the service's way.
 */
import { cryptoIdGenerator } from '@passes/application';
import {
  passAggregate,
  passEvents,
  replayEncoded,
  schemaVersionOf,
  SERIAL_NUMBER_RANDOM_BYTES,
  serialNumberFromBytes,
  streamNames,
  type PassCommand,
  type PassEvent,
  type PassState,
} from '@passes/domain';
import type { EventStore, NewEvent, Position } from '@passes/event-store';

/** Events a commit carries: appends submitted together share one commit of the SQLite store. */
const EVENTS_PER_COMMIT = 500;
/** Each seeded pass: issued, then stamped one stamp at a time. */
const EVENTS_PER_PASS = 20;
/** Who the metadata names: not a user, API key or the CLI, so nobody mistakes these events for theirs. */
const ACTOR = 'system:bench';

export interface PassOwner {
  businessId: string;
  templateId: string;
}

/** Who a seeded pass is for, and the business's own id for it. */
export interface PassCustomer {
  name: string;
  email: string;
  externalId: string | null;
}

/** The customer of the issue scenario's body (scenarios.ts), so seeded passes look like issued ones. */
const ISSUE_SCENARIO_CUSTOMER: PassCustomer = { name: 'Ada Lovelace', email: 'ada@example.com', externalId: null };

interface StreamAppend {
  passId: string;
  stream: string;
  events: NewEvent[];
}

/** Decides `command` on `state` as the service would, returning the new state and the encoded events. */
function decide(state: PassState, command: PassCommand, businessId: string): { state: PassState; events: NewEvent[] } {
  const { decider } = passAggregate;
  const decided = decider.decide(command, state);
  // One command is one request to the service, which gives it one correlation id.
  const correlationId = cryptoIdGenerator.newId();
  return { state: decided.reduce(decider.evolve, state), events: decided.map((event) => encode(event, businessId, correlationId)) };
}

function encode(event: PassEvent, businessId: string, correlationId: string): NewEvent {
  return {
    type: event.type,
    data: { ...event.data },
    metadata: { correlation_id: correlationId, causation_id: null, business_id: businessId, actor: ACTOR, schema_version: schemaVersionOf(passEvents, event.type) },
  };
}

/** `count` stamps one at a time, as `count` requests to the stamp endpoint would make them. */
function stamps(state: PassState, count: number, businessId: string): { state: PassState; events: NewEvent[] } {
  const events: NewEvent[] = [];
  let current = state;
  for (let index = 0; index < count; index += 1) {
    const decided = decide(current, { type: 'AddStamps', count: 1, milestones: [], now: new Date() }, businessId);
    current = decided.state;
    events.push(...decided.events);
  }
  return { state: current, events };
}

/** A new live pass of `owner` with `eventCount` events: issued (at `issuedAt`, now when absent), then stamped. */
function newPass(owner: PassOwner, eventCount: number, customer: PassCustomer, issuedAt = new Date()): StreamAppend {
  const passId = cryptoIdGenerator.newId();
  const issued = decide(
    null,
    {
      type: 'IssuePass',
      now: issuedAt,
      data: {
        passId,
        businessId: owner.businessId,
        mode: 'live',
        templateId: owner.templateId,
        serialNumber: serialNumberFromBytes(cryptoIdGenerator.randomBytes(SERIAL_NUMBER_RANDOM_BYTES)),
        customerName: customer.name,
        customerEmail: customer.email,
        externalId: customer.externalId,
        points: 10,
        initialBalanceMinor: null,
        barcodeData: null,
        nfcData: null,
        metadata: {},
      },
    },
    owner.businessId,
  );
  return { passId, stream: streamNames.pass(passId), events: [...issued.events, ...stamps(issued.state, eventCount - 1, owner.businessId).events] };
}

/**
 * Called after each commit with the store's head: a caller whose service follows the store can wait
 * there until it has taken the commit in, as it would take in live traffic, instead of a backlog.
 */
type AfterCommit = (head: Position | null) => Promise<void>;

const nothingAfterCommit: AfterCommit = async () => {};

/**
 * Appends exactly `total` events as new passes of `owner` of 20 events each (the last one shorter),
 * about 500 events a commit. Returns the store's head afterwards.
 */
export async function appendNewPasses(store: EventStore, owner: PassOwner, total: number, afterCommit = nothingAfterCommit): Promise<Position | null> {
  for (let written = 0; written < total; ) {
    const commit: StreamAppend[] = [];
    let size = 0;
    while (size < EVENTS_PER_COMMIT && written + size < total) {
      const pass = newPass(owner, Math.min(EVENTS_PER_PASS, total - written - size), ISSUE_SCENARIO_CUSTOMER);
      commit.push(pass);
      size += pass.events.length;
    }
    await appendTogether(store, commit);
    written += size;
    await afterCommit(await store.headPosition());
  }
  return store.headPosition();
}

interface IssuedPasses {
  /** Passes `from` to `to - 1` are issued. */
  from: number;
  to: number;
  customerOf: (index: number) => PassCustomer;
  /** The indexes whose pass ids the caller wants back. */
  sampled: ReadonlySet<number>;
  afterCommit?: AfterCommit;
  /** How many commits go by between calls of `afterCommit`, so that a large store fills without a pause after every commit. */
  commitsBetweenWaits?: number;
  /** When the pass at an index was issued; now when absent. */
  issuedAt?: (index: number) => Date;
}

/** Issues passes of `owner` (one event each), 500 a commit; returns the sampled passes' ids by index. */
export async function appendIssuedPasses(store: EventStore, owner: PassOwner, passes: IssuedPasses): Promise<Map<number, string>> {
  const { from, to, customerOf, sampled, afterCommit = nothingAfterCommit, commitsBetweenWaits = 1, issuedAt } = passes;
  const ids = new Map<number, string>();
  let commits = 0;
  for (let index = from; index < to; ) {
    const commit: StreamAppend[] = [];
    for (; commit.length < EVENTS_PER_COMMIT && index < to; index += 1) {
      const pass = newPass(owner, 1, customerOf(index), issuedAt?.(index));
      if (sampled.has(index)) ids.set(index, pass.passId);
      commit.push(pass);
    }
    await appendTogether(store, commit);
    commits += 1;
    if (commits % commitsBetweenWaits === 0 || index === to) await afterCommit(await store.headPosition());
  }
  return ids;
}

/** Commits between waits for the service when a large business is seeded: the service follows in step, never far behind. */
const COMMITS_BETWEEN_FOLLOWS = 20;

/**
 * A large business seeded straight into the event store: `count` passes, `Customer {i}` at
 * `customer-{i}@example.com`, issued when `issuedAt` says; the service is waited for every few commits.
 */
export async function appendCustomerPasses(store: EventStore, owner: PassOwner, count: number, issuedAt: (index: number) => Date, follow: AfterCommit): Promise<void> {
  await appendIssuedPasses(store, owner, {
    from: 0,
    to: count,
    customerOf: (index) => ({ name: `Customer ${index}`, email: `customer-${index}@example.com`, externalId: null }),
    sampled: new Set(),
    commitsBetweenWaits: COMMITS_BETWEEN_FOLLOWS,
    afterCommit: follow,
    issuedAt,
  });
}

/** Submitted in the same turn of the event loop, the appends share one transaction (GroupCommit). */
async function appendTogether(store: EventStore, commit: readonly StreamAppend[]): Promise<void> {
  await Promise.all(commit.map(({ stream, events }) => store.append(stream, events, 'no_stream')));
}

/** Appends `count` single stamps to an existing pass, 500 to an append. */
export async function appendStamps(store: EventStore, passId: string, businessId: string, count: number, afterCommit = nothingAfterCommit): Promise<void> {
  const stream = streamNames.pass(passId);
  const recorded = await store.readStream(stream);
  const last = recorded.at(-1);
  if (last === undefined) throw new Error(`pass ${passId} has no events in the store`);
  let state = replayEncoded(passAggregate, recorded);
  let revision = last.revision;
  for (let done = 0; done < count; done += EVENTS_PER_COMMIT) {
    const stamped = stamps(state, Math.min(EVENTS_PER_COMMIT, count - done), businessId);
    state = stamped.state;
    const appended = await store.append(stream, stamped.events, revision);
    revision = appended.nextRevision;
    await afterCommit(appended.position);
  }
}
