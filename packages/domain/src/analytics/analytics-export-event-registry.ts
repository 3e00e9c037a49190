/** How analytics export events are stored (events/event-registry.ts). */
import { z } from 'zod';
import { count, mode, occurredAt, onlyOccurredAt } from '../events/event-fields';
import type { EventRegistry } from '../events/event-registry';
import { EXPORT_KINDS, type AnalyticsExportEvent } from './analytics-export';

export const analyticsExportEvents: EventRegistry<AnalyticsExportEvent> = {
  AnalyticsExportRequested: {
    version: 1,
    schema: z.object({
      export_id: z.string(),
      business_id: z.string(),
      mode,
      kind: z.enum(EXPORT_KINDS),
      from: z.string().nullable(),
      to: z.string().nullable(),
      tz: z.string(),
      template_id: z.string().nullable(),
      occurred_at: occurredAt,
    }),
  },
  AnalyticsExportStarted: { version: 1, schema: onlyOccurredAt },
  AnalyticsExportCompleted: { version: 1, schema: z.object({ rows: count, bytes: count, expires_at: occurredAt, occurred_at: occurredAt }) },
  AnalyticsExportFailed: { version: 1, schema: z.object({ reason: z.string(), occurred_at: occurredAt }) },
  AnalyticsExportRemoved: { version: 1, schema: onlyOccurredAt },
};
