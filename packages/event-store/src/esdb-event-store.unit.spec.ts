import { randomUUID } from 'node:crypto';
import {
  DeadlineExceededError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type Position as EsdbPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { describe, expect, it } from '@jest/globals';
import { MalformedEnvelopeError } from './envelope';
import {
  esdbAppendOutcome,
  esdbExpectedRevision,
  esdbPositionOf,
  planEsdbFilter,
  positionFromEsdb,
  recordedEventFromEsdb,
  storeErrorFromEsdb,
  wrongRevisionFromEsdb,
} from './esdb-event-store';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from './event-store';
import { comparePositions, positionFrom } from './position';

const UINT64_MAX = 2n ** 64n - 1n;
const BEYOND_SAFE_INTEGER = 2n ** 53n + 1n;

describe('EventStoreDB positions', () => {
  it.each<[string, EsdbPosition]>([
    ['the start', { commit: 0n, prepare: 0n }],
    ['an event written alone (commit = prepare)', { commit: 1234n, prepare: 1234n }],
    ['prepare beyond 2^53', { commit: 0n, prepare: BEYOND_SAFE_INTEGER }],
    ['commit beyond 2^53', { commit: BEYOND_SAFE_INTEGER, prepare: 7n }],
    ['the largest', { commit: UINT64_MAX, prepare: UINT64_MAX }],
  ])('round-trips %s', (_, position) => {
    expect(esdbPositionOf(positionFromEsdb(position))).toEqual(position);
  });

  it('encodes commit * 2^64 + prepare, exactly, as decimal digits', () => {
    expect(positionFromEsdb({ commit: 0n, prepare: BEYOND_SAFE_INTEGER })).toBe('9007199254740993');
    expect(positionFromEsdb({ commit: 1n, prepare: 0n })).toBe('18446744073709551616');
    expect(positionFromEsdb({ commit: 1234n, prepare: 1234n })).toBe((1234n * 2n ** 64n + 1234n).toString());
    expect(positionFromEsdb({ commit: UINT64_MAX, prepare: UINT64_MAX })).toBe((2n ** 128n - 1n).toString());
  });

  it('orders positions as EventStoreDB orders $all: by commit, then by prepare', () => {
    const inLogOrder: EsdbPosition[] = [
      { commit: 0n, prepare: 0n },
      { commit: 0n, prepare: UINT64_MAX },
      { commit: 1n, prepare: 0n },
      { commit: 99n, prepare: 99n },
      { commit: 100n, prepare: 98n },
      { commit: 100n, prepare: 100n },
      { commit: BEYOND_SAFE_INTEGER, prepare: 1n },
      { commit: BEYOND_SAFE_INTEGER, prepare: BEYOND_SAFE_INTEGER },
      { commit: UINT64_MAX, prepare: 0n },
    ];
    const shuffled = [...inLogOrder].reverse().map(positionFromEsdb);

    expect(shuffled.sort(comparePositions)).toEqual(inLogOrder.map(positionFromEsdb));
  });

  it('refuses what is no EventStoreDB position', () => {
    expect(() => positionFromEsdb({ commit: -1n, prepare: 0n })).toThrow(RangeError);
    expect(() => positionFromEsdb({ commit: 0n, prepare: UINT64_MAX + 1n })).toThrow(RangeError);
    expect(() => positionFromEsdb({ commit: UINT64_MAX + 1n, prepare: 0n })).toThrow(RangeError);
    expect(() => esdbPositionOf(positionFrom((2n ** 128n).toString()))).toThrow(RangeError);
  });
});

describe('expected revisions', () => {
  it.each([
    ['no_stream', 'no_stream'],
    ['any', 'any'],
    ['stream_exists', 'stream_exists'],
    [0, 0n],
    [41, 41n],
  ] as const)('maps %p to the client’s %p', (expected, mapped) => {
    expect(esdbExpectedRevision(expected)).toBe(mapped);
  });

  it.each([-1, 0.5, Number.NaN, 2 ** 53])('refuses %p', (expected) => {
    expect(() => esdbExpectedRevision(expected)).toThrow(RangeError);
  });
});

describe('wrong expected version', () => {
  it('reports the stream’s current revision as a number', () => {
    const refusal = new WrongExpectedVersionError(undefined, { streamName: 'pass-1', expected: 0n, current: 2n });

    const error = wrongRevisionFromEsdb(refusal, 0);

    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ stream: 'pass-1', expected: 0, actual: 2 });
  });

  it('reports a missing stream as no_stream, with the expectation the caller gave', () => {
    const refusal = new WrongExpectedVersionError(undefined, {
      streamName: 'pass-2',
      expected: 'stream_exists',
      current: 'no_stream',
    });

    expect(wrongRevisionFromEsdb(refusal, 'stream_exists')).toMatchObject({
      stream: 'pass-2',
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });
});

describe('append results', () => {
  it('takes the next revision, and the position of the last event appended', () => {
    const outcome = esdbAppendOutcome('pass-1', {
      success: true,
      nextExpectedRevision: 4n,
      position: { commit: 1234n, prepare: 1234n },
    });

    expect(outcome).toEqual({ nextRevision: 4, position: positionFromEsdb({ commit: 1234n, prepare: 1234n }) });
  });

  it('leaves the position to be found when the server reports none (a recognised retry)', () => {
    expect(esdbAppendOutcome('pass-1', { success: true, nextExpectedRevision: 4n, position: undefined })).toEqual({
      nextRevision: 4,
      position: null,
    });
  });

  it('refuses a failure the client reports instead of throwing', () => {
    expect(() => esdbAppendOutcome('pass-1', { success: false, nextExpectedRevision: 1n })).toThrow(
      /throwOnAppendFailure/,
    );
  });
});

describe('connection failures', () => {
  it.each([
    ['the client’s UnavailableError', new UnavailableError(undefined, 'No connection established')],
    ['the client’s DeadlineExceededError', new DeadlineExceededError(undefined, 'Deadline exceeded')],
    ['a raw gRPC UNAVAILABLE error', Object.assign(new Error('14 UNAVAILABLE: No connection'), { code: 14, details: '' })],
    ['a raw gRPC DEADLINE_EXCEEDED error', Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: 4, details: '' })],
  ])('turn %s into EventStoreUnavailableError', (_, failure) => {
    const error = storeErrorFromEsdb(failure);

    expect(error).toBeInstanceOf(EventStoreUnavailableError);
    expect(error).toMatchObject({ cause: failure });
  });

  it.each([
    ['another client error', new StreamNotFoundError(undefined, 'pass-1')],
    ['an error of ours', new MalformedEnvelopeError('id', 'metadata: invalid')],
    ['something thrown that is no Error', 'boom'],
  ])('leave %s as it is', (_, failure) => {
    expect(storeErrorFromEsdb(failure)).toBe(failure);
  });
});

describe('recorded events', () => {
  const metadata = {
    correlation_id: randomUUID(),
    causation_id: null,
    business_id: 'business-1',
    actor: 'user-1',
    schema_version: 2,
  };

  function stored(overrides: Partial<EsdbRecordedEvent> = {}): EsdbRecordedEvent {
    return {
      streamId: 'pass-1',
      id: '5f8a3b2c-1d4e-4f60-8a7b-9c0d1e2f3a4b',
      isJson: true,
      revision: 3n,
      type: 'PassIssued',
      created: new Date(Date.UTC(2024, 1, 29, 23, 59, 58, 250)),
      data: { serial: 'A-1', points: 0 },
      metadata,
      position: { commit: 1234n, prepare: 1234n },
      ...overrides,
    } as EsdbRecordedEvent;
  }

  it('maps every field, the creation Date to ISO 8601 UTC', () => {
    expect(recordedEventFromEsdb(stored())).toEqual({
      id: '5f8a3b2c-1d4e-4f60-8a7b-9c0d1e2f3a4b',
      stream: 'pass-1',
      revision: 3,
      position: positionFromEsdb({ commit: 1234n, prepare: 1234n }),
      type: 'PassIssued',
      data: { serial: 'A-1', points: 0 },
      metadata,
      created_at: '2024-02-29T23:59:58.250Z',
    });
  });

  it.each<[string, Partial<EsdbRecordedEvent>]>([
    ['no metadata (the client gives undefined for empty metadata)', { metadata: undefined }],
    ['metadata that was not JSON (the client gives its bytes)', { metadata: new Uint8Array([1, 2, 3]) }],
    ['metadata without a schema version', { metadata: { ...metadata, schema_version: undefined } }],
    ['data that was not JSON (the client gives its text)', { data: '{"serial": ' }],
    ['binary data', { isJson: false, data: new Uint8Array([1, 2, 3]) }],
  ])('refuses an event with %s', (_, overrides) => {
    expect(() => recordedEventFromEsdb(stored(overrides))).toThrow(MalformedEnvelopeError);
  });

  it('refuses an event without its $all position (a server before 22.6)', () => {
    expect(() => recordedEventFromEsdb(stored({ position: undefined }))).toThrow(/22\.6/);
  });

  it('refuses a revision a number cannot hold', () => {
    expect(() => recordedEventFromEsdb(stored({ revision: BEYOND_SAFE_INTEGER }))).toThrow(RangeError);
  });
});

describe('filter planning', () => {
  it('gives the server the stream prefixes and checks the event types here when both are given', () => {
    const plan = planEsdbFilter({ streamPrefixes: ['pass-', 'card-'], eventTypes: ['Wanted'] });

    expect(plan.server).toMatchObject({ filterOn: 'streamName', prefixes: ['pass-', 'card-'] });
    expect(plan.accepts({ streamId: 'pass-1', type: 'Wanted' })).toBe(true);
    expect(plan.accepts({ streamId: 'card-1', type: 'Wanted' })).toBe(true);
    expect(plan.accepts({ streamId: 'pass-1', type: 'Unwanted' })).toBe(false);
    expect(plan.accepts({ streamId: 'elsewhere-1', type: 'Wanted' })).toBe(false);
  });

  it('gives the server the event types as a regex of exact names', () => {
    const plan = planEsdbFilter({ eventTypes: ['Opened', 'Points.Added'] });

    expect(plan.server).toMatchObject({ filterOn: 'eventType', regex: '^(?:Opened|Points\\.Added)$' });
    const regex = new RegExp('regex' in plan.server ? plan.server.regex : '');
    expect(['Opened', 'Points.Added', 'OpenedTwice', 'ReOpened', 'PointsXAdded'].filter((type) => regex.test(type))).toEqual([
      'Opened',
      'Points.Added',
    ]);
    expect(plan.accepts({ streamId: 'pass-1', type: 'OpenedTwice' })).toBe(false);
    expect(plan.accepts({ streamId: 'pass-1', type: 'Opened' })).toBe(true);
  });

  it('matches stream prefixes literally and case-sensitively', () => {
    const { accepts } = planEsdbFilter({ streamPrefixes: ['base_'] });

    expect(['base_x', 'basex', 'BASE_x'].filter((streamId) => accepts({ streamId, type: 'E' }))).toEqual(['base_x']);
  });

  it('asks the server to leave out system events when there is no filter, and leaves them out here too', () => {
    const plan = planEsdbFilter(undefined);

    expect(plan.server).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
    expect(plan.accepts({ streamId: 'pass-1', type: 'Opened' })).toBe(true);
    expect(plan.accepts({ streamId: 'pass-1', type: '$metadata' })).toBe(false);
    expect(plan.accepts({ streamId: '$stats-127.0.0.1:2113', type: 'StatsCollected' })).toBe(false);
  });

  it('never accepts a system event, even one its filter matches', () => {
    const { accepts } = planEsdbFilter({ streamPrefixes: ['$ce-'], eventTypes: ['$>'] });

    expect(accepts({ streamId: '$ce-pass', type: '$>' })).toBe(false);
  });

  it('treats empty lists as no constraint, as the SQLite adapter does', () => {
    const { server, accepts } = planEsdbFilter({ streamPrefixes: [], eventTypes: [] });

    expect(server).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
    expect(accepts({ streamId: 'pass-1', type: 'Opened' })).toBe(true);
  });
});
