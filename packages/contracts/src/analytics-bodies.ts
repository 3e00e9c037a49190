/** Body of `POST /businesses/{id}/analytics/exports` (PROGRAMME §4). */
import { EXPORT_KINDS } from '@passes/domain';
import { z } from 'zod';

export const createAnalyticsExportBody = z.strictObject({
  kind: z.enum(EXPORT_KINDS),
  from: z.iso.date().optional().describe('With `to`: the first day; a daily export without them covers the last 30 days'),
  to: z.iso.date().optional().describe('With `from`: the last day, included; at most 366 days in all'),
  tz: z.string().optional().describe('The IANA zone of the days; UTC when absent'),
  template_id: z.string().optional().describe("Only this template's passes"),
});
export type CreateAnalyticsExportBody = z.infer<typeof createAnalyticsExportBody>;
