/**
 * An export never holds the business's passes: given a business whose passes span several pages, when a
 * passes export's rows are made, then the passes read model is read a page of PASS_PAGE at a time through
 * the read-store port (and never pass by pass), and while the file takes nothing, no page is read beyond
 * what the CSV stream's buffers hold; when an events export's rows are made, then the event store is read a
 * page of EVENT_PAGE events at a time, and each page has its passes' analytics facts read in one read in
 * passing (and never pass by pass). Real SQLite stores in a temporary directory; the port's calls are
 * recorded on the way to the store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { passEvents, schemaVersionOf, type AnalyticsExport, type PassEvent } from '@passes/domain';
import { positionOfInteger, SqliteEventStore, type NewEvent, type RecordedEvent } from '@passes/event-store';
import {
  ANALYTICS_COLLECTION,
  analyticsProjection,
  InMemoryReplay,
  passProjection,
  readModelsOf,
  SqliteDocumentStore,
  type DocumentWrite,
  type Projection,
} from '@passes/read-model';
import { passIssued } from '../../../../domain/src/testing/pass-fixtures';
import { Analytics } from '../analytics';
import { csvOf } from './csv-file';
import { PASS_COLUMNS } from './export-columns';
import { EVENT_PAGE, PASS_PAGE, rowsOf, type ExportSources } from './export-rows';

/** Passes in the store, one in a hundred another business's. */
const PASSES = 5 * PASS_PAGE;
const businessOf = (index: number) => (index % 100 === 0 ? 'other' : 'b');
const ours = [...Array(PASSES).keys()].filter((index) => businessOf(index) === 'b').map((index) => `p${index}`);
const PAGES = Math.ceil(ours.length / PASS_PAGE);
const AT = '2026-11-21T10:00:00.000Z';

let directory: string;
let documents: SqliteDocumentStore;
let events: SqliteEventStore;
/** Every call through the read-store port, by method, with its arguments. */
const calls: { method: string; args: unknown[] }[] = [];

/** The store, each call through the port recorded before it reaches it. */
function recording<Store extends object>(store: Store): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push({ method: String(property), args });
        return value.apply(target, args);
      };
    },
  });
}

/** A pass's events as its commands append them: issued, then stamped. */
function passHistory(passId: string, businessId: string): NewEvent[] {
  const history: PassEvent[] = [
    passIssued({ pass_id: passId, business_id: businessId, template_id: 't', serial_number: `S-${passId}`, customer_name: `Customer ${passId}`, occurred_at: AT }),
    { type: 'PassStamped', data: { count: 1, stamps: 1, occurred_at: AT } },
  ];
  return history.map((event) => ({
    type: event.type,
    data: { ...event.data },
    metadata: { correlation_id: 'c', causation_id: null, business_id: businessId, actor: 'test', schema_version: schemaVersionOf(passEvents, event.type) },
  }));
}

/** The documents a projection makes of the feed, committed into a live generation of its collection. */
async function projected<Doc, Index extends string>(projection: Projection<Doc, Index>, feed: readonly RecordedEvent[]): Promise<void> {
  const replay = new InMemoryReplay(projection);
  await replay.take(feed);
  const { generation } = await documents.createGeneration({ collection: projection.collection, version: projection.version, indexes: projection.indexes }, 'live', new Date());
  const writes = [...replay.documents()].map(([id, doc]): DocumentWrite => ({ id, revision: 0, doc, keys: projection.keys(projection.schema.parse(doc)), isNew: true }));
  await documents.commit([{ target: { collection: projection.collection, generation }, writes }], feed.at(-1)?.position ?? positionOfInteger(0));
}

const exported: AnalyticsExport = {
  id: 'e1',
  businessId: 'b',
  mode: 'live',
  kind: 'passes',
  from: null,
  to: null,
  tz: 'UTC',
  templateId: null,
  status: 'running',
  rows: null,
  bytes: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  expiresAt: null,
};

function sources(): ExportSources {
  const readModels = readModelsOf(recording(documents));
  return { events, readModels, analytics: new Analytics(readModels) };
}

const passPages = () => calls.filter(({ method, args }) => method === 'findPage' && args[0] === 'passes');

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'export-rows-'));
  documents = SqliteDocumentStore.open(path.join(directory, 'read-models.sqlite'));
  events = SqliteEventStore.open(path.join(directory, 'events.sqlite'));
  await Promise.all(Array.from({ length: PASSES }, (_, index) => events.append(`pass-p${index}`, passHistory(`p${index}`, businessOf(index)), 'no_stream')));
  const feed = await events.readAll();
  await projected(passProjection, feed);
  await projected(analyticsProjection, feed);
});

afterAll(async () => {
  await documents.close();
  await events.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('the rows of a passes export', () => {
  it('are read from the passes read model a page of PASS_PAGE at a time, never pass by pass', async () => {
    calls.length = 0;
    const ids: unknown[] = [];
    for await (const row of rowsOf(exported, sources(), new Date('2026-11-22T10:00:00.000Z'))) ids.push(row[0]);

    expect(ids).toEqual(ours);
    expect(passPages().map(({ args }) => args[4])).toEqual(Array(PAGES).fill(PASS_PAGE));
    expect(calls.filter(({ method, args }) => method === 'get' && args[0] === 'passes')).toEqual([]);
  });

  it('are read no further than the CSV stream buffers while the file takes nothing, and all once it reads', async () => {
    calls.length = 0;
    const csv = csvOf(PASS_COLUMNS, rowsOf(exported, sources(), new Date('2026-11-22T10:00:00.000Z')));
    csv.pause();
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(passPages().length).toBeLessThan(PAGES);
    expect(passPages().length).toBeLessThanOrEqual(2);

    let text = '';
    for await (const chunk of csv) text += String(chunk);
    expect(text.split('\r\n').filter((line) => line !== '')).toHaveLength(ours.length + 1);
  });
});

describe('the rows of an events export', () => {
  it('read the analytics facts of each page of events in one read in passing, never pass by pass', async () => {
    calls.length = 0;
    const passIds: unknown[] = [];
    for await (const row of rowsOf({ ...exported, kind: 'events' }, sources(), new Date('2026-11-22T10:00:00.000Z'))) passIds.push(row[5]);

    expect(passIds).toHaveLength(2 * ours.length);
    expect(new Set(passIds)).toEqual(new Set(ours));
    const factReads = calls.filter(({ args }) => args[0] === ANALYTICS_COLLECTION);
    expect(new Set(factReads.map(({ method, args }) => `${method} ${String(args[2])}`))).toEqual(new Set(['getMany in-passing']));
    // A pass's events come in one page here: its facts are read once, whatever the number of its events.
    expect(factReads.flatMap(({ args }) => (Array.isArray(args[1]) ? args[1] : [args[1]]))).toHaveLength(ours.length);
  });

  it('read the pass events from the event store a page of EVENT_PAGE at a time', async () => {
    calls.length = 0;
    const passIds: unknown[] = [];
    for await (const row of rowsOf({ ...exported, kind: 'events' }, { ...sources(), events: recording(events) }, new Date('2026-11-22T10:00:00.000Z'))) passIds.push(row[5]);

    expect(passIds).toHaveLength(2 * ours.length);
    const reads = calls.filter(({ method }) => method === 'readAll').map(({ args }) => args[0]);
    // Every pass's two events, then the empty page that tells the feed has ended.
    expect(reads).toEqual(Array(Math.floor((2 * PASSES) / EVENT_PAGE) + 1).fill(expect.objectContaining({ maxCount: EVENT_PAGE })));
  });
});
