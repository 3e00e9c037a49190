/**
 * What automations did to passes (PROGRAMME §3 `runs`): one document per run, made of the pass's
 * `AutomationRan` event, so a rebuild or a replayed feed makes the same runs; and each automation's
 * totals (`stats`), one document per automation fed by the runs on every pass, ordered by feed position
 * as the business usage is (business-usage.ts).
 */
import { ACTION_TYPES, aggregateIdOf, decodeEvent, passEvents, type AutomationRanData } from '@passes/domain';
import { hasReached, positionFrom, type RecordedEvent } from '@passes/event-store';
import { z } from 'zod';
import type { Projection } from './projection';

export const AUTOMATION_RUNS_COLLECTION = 'automation_runs';
export const AUTOMATION_STATS_COLLECTION = 'automation_stats';

const automationRunDocument = z.object({
  id: z.string(),
  automationId: z.string(),
  passId: z.string(),
  occurrence: z.string(),
  firedAt: z.string(),
  actions: z.array(z.object({ type: z.enum(ACTION_TYPES), status: z.enum(['done', 'skipped', 'failed']), detail: z.string().nullable() })),
});
export type AutomationRunRecord = z.infer<typeof automationRunDocument>;

const automationStatsDocument = z.object({
  automationId: z.string(),
  runs: z.number(),
  lastRunAt: z.string().nullable(),
  /** The last event taken in. */
  position: z.string().transform(positionFrom),
});
export type AutomationStats = z.infer<typeof automationStatsDocument>;

function ranOf(event: RecordedEvent): AutomationRanData {
  const decoded = decodeEvent(passEvents, event);
  if (decoded.type !== 'AutomationRan') throw new Error(`the automation projections take no ${decoded.type}`);
  return decoded.data;
}

export const automationRunsProjection: Projection<AutomationRunRecord, 'automation'> = {
  collection: AUTOMATION_RUNS_COLLECTION,
  version: 1,
  schema: automationRunDocument,
  indexes: ['automation'],
  eventTypes: new Set(['AutomationRan']),
  documentId: (event) => event.id,
  // A run is one event: once stored, it is as it will stay.
  revisionAfter: (current) => (current?.doc ? null : 0),
  startsDocument: () => true,
  apply: (_doc, event) => {
    const ran = ranOf(event);
    return {
      id: event.id,
      automationId: ran.automation_id,
      passId: aggregateIdOf(event.stream, 'pass'),
      occurrence: ran.occurrence,
      firedAt: ran.occurred_at,
      actions: ran.actions.map(({ action, status, detail }) => ({ type: action.type, status, detail })),
    };
  },
  keys: (run) => ({ automation: [run.automationId] }),
};

export const automationStatsProjection: Projection<AutomationStats, never> = {
  collection: AUTOMATION_STATS_COLLECTION,
  version: 1,
  schema: automationStatsDocument,
  indexes: [],
  eventTypes: new Set(['AutomationRan']),
  documentId: (event) => ranOf(event).automation_id,
  revisionAfter: (current, event) => {
    if (current?.doc && hasReached(current.doc.position, event.position)) return null;
    return (current?.revision ?? -1) + 1;
  },
  // An automation's totals go on from what is stored, whatever the run.
  startsDocument: () => false,
  apply: (doc, event) => {
    const ran = ranOf(event);
    const runs = (doc?.runs ?? 0) + 1;
    const lastRunAt = doc?.lastRunAt != null && doc.lastRunAt > ran.occurred_at ? doc.lastRunAt : ran.occurred_at;
    return { automationId: ran.automation_id, runs, lastRunAt, position: event.position };
  },
  keys: () => ({}),
};
