/**
 * The rows of each kind of export, pulled a page at a time as the file takes them: `passes` pages through
 * the business's passes by their audience key (of one mode, or of one template) in the passes read model,
 * `events` walks the business's pass events, so neither ever holds more than a page, whatever the size of
 * the business.
 */
import { minorUnitsToNumber, PASS_EVENT_TYPES, rewardStatusAt, type AnalyticsExport, type Pass } from '@passes/domain';
import type { EventStore, Position, RecordedEvent } from '@passes/event-store';
import { ANALYTICS_COUNTERS, analyticsIds, lookupKeys, type ReadModels } from '@passes/read-model';
import type { Analytics } from '../analytics';
import { zoneDays, zoneFormat } from '../zone-days';
import type { CsvCell } from './csv-file';

/**
 * Pass events read from the store at a time. A page's events live until the file has taken their rows, made
 * one at a time: a small page is gone before the garbage collector moves it to the old generation, where it
 * would stay until a full collection, and its events are too few for V8 to take the places they are made at
 * for long-lived ones (its allocation-site pretenuring).
 */
export const EVENT_PAGE = 40;

/**
 * Passes read from the read model at a time. A page lives until the file has taken its rows, long enough
 * for the garbage collector to move it to the old generation, where it stays until a full collection: the
 * smaller the page, the less of that there is, for one more indexed read a page.
 */
export const PASS_PAGE = 200;

type Row = readonly CsvCell[];

export interface ExportSources {
  events: EventStore;
  readModels: Pick<ReadModels, 'passes' | 'analytics'>;
  analytics: Analytics;
}

/** The instants of the export's days, or null for every day. */
interface Window {
  start: number;
  end: number;
}

export function rowsOf(exported: AnalyticsExport, sources: ExportSources, now: Date): AsyncIterable<Row> {
  switch (exported.kind) {
    case 'daily':
      return dailyRows(exported, sources);
    case 'passes':
      return passRows(exported, sources, windowOf(exported), now);
    case 'events':
      return eventRows(exported, sources, windowOf(exported));
  }
}

async function* dailyRows(exported: AnalyticsExport, { analytics }: ExportSources): AsyncIterable<Row> {
  const { from, to } = exported;
  if (from === null || to === null) throw new Error(`Daily export ${exported.id} names no days`);
  const report = await analytics.report(exported, { from, to, zone: exported.tz, templateId: exported.templateId });
  for (const day of report.days) yield [day.date, ...ANALYTICS_COUNTERS.map((counter) => day[counter])];
}

async function* passRows(exported: AnalyticsExport, { readModels }: ExportSources, window: Window | null, now: Date): AsyncIterable<Row> {
  const key = lookupKeys.passAudience(exported.businessId, exported.mode, exported.templateId);
  for (let after: string | null = null; ; ) {
    const page = await readModels.passes.findPage('audience', key, after, PASS_PAGE, 'oldest-first', 'in-passing');
    for (const pass of page.docs) if (within(window, pass.createdAt)) yield passRow(pass, now);
    if (page.next === null) return;
    after = page.next;
  }
}

function passRow(pass: Pass, now: Date): Row {
  const activity = [pass.updatedAt, pass.lastScannedAt, pass.checkedInAt].filter((at) => at !== null).sort().at(-1) ?? pass.updatedAt;
  return [
    pass.id,
    pass.serialNumber,
    pass.externalId,
    pass.templateId,
    pass.customerName,
    pass.customerEmail,
    pass.status,
    pass.points,
    pass.stamps,
    pass.balanceMinor === null ? null : minorUnitsToNumber(pass.balanceMinor).toFixed(2),
    Object.keys(pass.walletDevices).length > 0,
    // Google Wallet tells nobody when a pass is saved: unknown.
    null,
    pass.rewards.filter((reward) => rewardStatusAt(reward, now) === 'available').length,
    pass.rewards.filter((reward) => reward.redeemedAt !== null).length,
    pass.createdAt,
    pass.updatedAt,
    activity,
  ];
}

async function* eventRows(exported: AnalyticsExport, sources: ExportSources, window: Window | null): AsyncIterable<Row> {
  for (let after: Position | null = null; ; ) {
    const page = await ourEventsAfter(exported, sources, window, after);
    for (const event of page.ours) yield [event.position, event.stream, event.revision, event.type, event.created_at, passIdOf(event), JSON.stringify(event.data)];
    if (page.next === null) return;
    after = page.next;
  }
}

/** The export's events of the page of the store's pass events after `after`, and where the next page starts (null after the last). */
async function ourEventsAfter(
  exported: AnalyticsExport,
  { events, readModels }: ExportSources,
  window: Window | null,
  after: Position | null,
): Promise<{ ours: RecordedEvent[]; next: Position | null }> {
  const page = await events.readAll({ after, maxCount: EVENT_PAGE, filter: { eventTypes: PASS_EVENT_TYPES } });
  const last = page.at(-1);
  const next = last === undefined || page.length < EVENT_PAGE ? null : last.position;
  const candidates = page.filter((event) => event.metadata.business_id === exported.businessId && within(window, event.created_at));
  const passIds = [...new Set(candidates.map(passIdOf))];
  // Each pass's facts read once for the page, in passing: kept, they would reach the heap's old generation.
  const facts = await readModels.analytics.getMany(passIds.map(analyticsIds.pass), 'in-passing');
  const ours = new Set(
    passIds.filter((id) => {
      const doc = facts.get(analyticsIds.pass(id));
      return doc?.kind === 'pass' && doc.mode === exported.mode && (exported.templateId === null || doc.templateId === exported.templateId);
    }),
  );
  return { ours: candidates.filter((event) => ours.has(passIdOf(event))), next };
}

function passIdOf(event: RecordedEvent): string {
  return event.stream.slice('pass-'.length);
}

function windowOf({ from, to, tz }: AnalyticsExport): Window | null {
  if (from === null || to === null) return null;
  const format = zoneFormat(tz);
  if (format === null) throw new Error(`Unknown zone ${tz}`);
  const { starts } = zoneDays(format, from, to);
  return { start: starts[0] ?? 0, end: starts.at(-1) ?? 0 };
}

function within(window: Window | null, instant: string): boolean {
  if (window === null) return true;
  const at = Date.parse(instant);
  return at >= window.start && at < window.end;
}
