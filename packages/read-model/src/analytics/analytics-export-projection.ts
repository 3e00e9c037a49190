/** Analytics exports as their stream makes them, looked up by id, and by status for the sweep (what to remove, what to queue again). */
import { analyticsExportDecider, analyticsExportEvents, EXPORT_KINDS, type AnalyticsExport, type AnalyticsExportEvent } from '@passes/domain';
import { z } from 'zod';
import { aggregateProjection } from '../projections/aggregate-projection';

const instant = z.string();

const analyticsExportDocument = z.object({
  id: z.string(),
  businessId: z.string(),
  mode: z.enum(['live', 'test']),
  kind: z.enum(EXPORT_KINDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  tz: z.string(),
  templateId: z.string().nullable(),
  status: z.enum(['queued', 'running', 'ready', 'failed', 'removed']),
  rows: z.number().nullable(),
  bytes: z.number().nullable(),
  createdAt: instant,
  updatedAt: instant,
  expiresAt: instant.nullable(),
}) satisfies z.ZodType<AnalyticsExport>;

export const analyticsExportProjection = aggregateProjection<AnalyticsExport, AnalyticsExportEvent, 'status'>({
  collection: 'analytics_exports',
  schema: analyticsExportDocument,
  version: 1,
  category: 'analytics-export',
  events: analyticsExportEvents,
  evolve: analyticsExportDecider.evolve,
  indexes: ['status'],
  // A removed export is looked for by nobody.
  keys: (exported) => ({ status: exported.status === 'removed' ? [] : [exported.status] }),
});
