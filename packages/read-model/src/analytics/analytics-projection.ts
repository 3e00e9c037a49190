/**
 * Analytics (PROGRAMME §4, issue 36): each pass event updates what the collection remembers of its pass
 * (its own document, ordered by the stream's revision) and, from the facts before and after it, the
 * counts of its UTC day and the business's passes active and installed now (derived documents, which
 * remember the last position they took in). A query reads a few documents a month, never passes or events.
 */
import { aggregateIdOf, decodeEvent, eventTypesOf, passEvents, type PassEvent } from '@passes/domain';
import { hasReached, type RecordedEvent } from '@passes/event-store';
import type { DerivedWrite, Projection } from '../projections/projection';
import type { Counts } from './analytics-counters';
import { analyticsDocument, type AnalyticsDocument, type PassFacts } from './analytics-documents';
import { analyticsIds } from './analytics-ids';
import { countsOf } from './pass-event-counts';
import { evolvePassFacts } from './pass-facts';
import { utcQuarterOf } from './quarter-hours';
import { withCounts } from './running-totals';

export const ANALYTICS_COLLECTION = 'analytics';

type AnalyticsIndex = 'month';

const passFactsOf = (doc: AnalyticsDocument | null): PassFacts | null => (doc?.kind === 'pass' ? doc : null);

/**
 * The event `apply` decoded last, for `derivedWrites`, which the projector asks of the same event right
 * after: each event decoded once. One event, not a weak map of them: a weak map's young values outlive
 * the next minor collection, and every event's decoded payload would.
 */
let lastDecoded: { event: RecordedEvent; decoded: PassEvent } | null = null;

function decodedOf(event: RecordedEvent): PassEvent {
  if (lastDecoded?.event === event) return lastDecoded.decoded;
  const decoded = decodeEvent(passEvents, event);
  lastDecoded = { event, decoded };
  return decoded;
}

export const analyticsProjection: Projection<AnalyticsDocument, AnalyticsIndex> = {
  collection: ANALYTICS_COLLECTION,
  // 2: messages sent are counted, which days counted before did not. 3: a day's counts as running totals.
  // 4: a day document a template (the shape of version 3's, which held every template's).
  version: 4,
  schema: analyticsDocument,
  indexes: ['month'],
  eventTypes: new Set(eventTypesOf(passEvents)),
  documentId: (event) => analyticsIds.pass(aggregateIdOf(event.stream, 'pass')),
  // A pass's facts follow its stream, whose revision orders its events.
  revisionAfter: (current, event) => (current !== undefined && current.revision >= event.revision ? null : event.revision),
  startsDocument: (event) => event.revision === 0,
  apply: (doc, event) => evolvePassFacts(passFactsOf(doc), decodedOf(event)),
  derivedWrites: (before, after, event) => {
    const facts = passFactsOf(after);
    if (facts === null) return [];
    const decoded = decodedOf(event);
    const previous = passFactsOf(before);
    return [...dayWrites(facts, countsOf(previous, facts, decoded), decoded, event), ...totalsWrites(previous, facts, event)];
  },
  keys: (doc) => ({ month: doc.kind === 'day' ? [analyticsIds.month(doc.businessId, doc.mode, doc.day.slice(0, 7))] : [] }),
};

function dayWrites(facts: PassFacts, increments: Counts, decoded: PassEvent, event: RecordedEvent): DerivedWrite<AnalyticsDocument>[] {
  if (Object.keys(increments).length === 0) return [];
  const { businessId, mode, templateId } = facts;
  const { day, quarter } = utcQuarterOf(decoded.data.occurred_at);
  return [
    {
      id: analyticsIds.day(businessId, mode, templateId, day),
      apply: (doc) => {
        const stored = doc?.kind === 'day' ? doc : null;
        if (stored !== null && hasReached(stored.position, event.position)) return null;
        const templates = { [templateId]: withCounts(stored?.templates[templateId], quarter, increments) };
        return { kind: 'day', businessId, mode, day, templates, position: event.position };
      },
    },
  ];
}

function totalsWrites(before: PassFacts | null, after: PassFacts, event: RecordedEvent): DerivedWrite<AnalyticsDocument>[] {
  const active = Number(after.active) - Number(before?.active ?? false);
  const installed = Number(after.devices.length > 0) - Number((before?.devices.length ?? 0) > 0);
  if (active === 0 && installed === 0) return [];
  const { businessId, mode, templateId } = after;
  return [
    {
      id: analyticsIds.totals(businessId, mode),
      apply: (doc) => {
        const stored = doc?.kind === 'totals' ? doc : null;
        if (stored !== null && hasReached(stored.position, event.position)) return null;
        const tally = stored?.templates[templateId] ?? { active: 0, installed: 0 };
        const templates = { ...stored?.templates, [templateId]: { active: tally.active + active, installed: tally.installed + installed } };
        return { kind: 'totals', businessId, mode, templates, position: event.position };
      },
    },
  ];
}
