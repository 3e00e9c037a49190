/** Analytics exports as their stream makes them, looked up by id, and those kept (ready or failed) for the sweep that removes them. */
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

/** The one key of the `kept` index: exports whose file (or failure) is kept until the sweep removes them. */
export const KEPT_EXPORTS = 'kept';

export const analyticsExportProjection = aggregateProjection<AnalyticsExport, AnalyticsExportEvent, 'kept'>({
  collection: 'analytics_exports',
  schema: analyticsExportDocument,
  version: 1,
  category: 'analytics-export',
  events: analyticsExportEvents,
  evolve: analyticsExportDecider.evolve,
  indexes: ['kept'],
  keys: (exported) => ({ kept: exported.status === 'ready' || exported.status === 'failed' ? [KEPT_EXPORTS] : [] }),
});
