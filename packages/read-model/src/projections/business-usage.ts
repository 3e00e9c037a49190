/**
 * How much of its plan each business uses, counted as it happens (issue 16, flat cost with data size):
 * reading a business's usage is one document, however many passes it holds. One document per business,
 * fed by events of many streams, so stream revisions cannot order them: the document remembers the
 * last position it took in, and its revision counts the events it took in.
 *
 * Webhooks are not counted here: their count is bounded by the plan, and a deletion does not name
 * its business.
 */
import { decodeEvent, passEvents, templateEvents } from '@passes/domain';
import { hasReached, positionFrom, type RecordedEvent } from '@passes/event-store';
import { z } from 'zod';
import type { Projection } from './projection';

export const BUSINESS_USAGE_COLLECTION = 'business_usage';

const businessUsageDocument = z.object({
  businessId: z.string(),
  /** Live passes ever issued: sandbox passes do not count toward plan limits, and passes are never removed. */
  livePasses: z.number(),
  /** Templates ever created: templates are never removed. */
  templates: z.number(),
  /** The last event taken in. */
  position: z.string().transform(positionFrom),
});

export type BusinessUsage = z.infer<typeof businessUsageDocument>;

type UsageEvent = { type: 'PassIssued'; businessId: string; live: boolean } | { type: 'TemplateCreated'; businessId: string };

function usageEventOf(event: RecordedEvent): UsageEvent {
  if (event.type === 'PassIssued') {
    const issued = decodeEvent(passEvents, event);
    if (issued.type !== 'PassIssued') throw new Error(`decoded ${issued.type} from PassIssued`);
    return { type: 'PassIssued', businessId: issued.data.business_id, live: issued.data.mode === 'live' };
  }
  const created = decodeEvent(templateEvents, event);
  if (created.type !== 'TemplateCreated') throw new Error(`the usage projection takes no ${created.type}`);
  return { type: 'TemplateCreated', businessId: created.data.business_id };
}

export const businessUsageProjection: Projection<BusinessUsage, never> = {
  collection: BUSINESS_USAGE_COLLECTION,
  version: 1,
  schema: businessUsageDocument,
  indexes: [],
  eventTypes: new Set(['PassIssued', 'TemplateCreated']),
  documentId: (event) => usageEventOf(event).businessId,
  revisionAfter: (current, event) => {
    if (current?.doc && hasReached(current.doc.position, event.position)) return null;
    return (current?.revision ?? -1) + 1;
  },
  // A business's count goes on from what is stored, whatever the event.
  startsDocument: () => false,
  apply: (doc, event) => {
    const usage = usageEventOf(event);
    const before = doc ?? { businessId: usage.businessId, livePasses: 0, templates: 0, position: event.position };
    const counted = usage.type === 'PassIssued' ? { livePasses: before.livePasses + (usage.live ? 1 : 0) } : { templates: before.templates + 1 };
    return { ...before, ...counted, position: event.position };
  },
  keys: () => ({}),
};
