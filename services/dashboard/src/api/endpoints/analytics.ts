/** Analytics: the days of a range, and exports (Pro): queue one, follow it, download its CSV. */
import { analyticsExportResponse, analyticsResponse, type CreateAnalyticsExportBody } from '@passes/contracts';
import { segment, type ApiClient } from '../api-client';

export interface AnalyticsRange {
  from: string;
  to: string;
  tz: string;
  templateId: string | null;
}

export function analyticsApi(client: ApiClient, business: string) {
  const analytics = `${business}/analytics`;
  const exported = (id: string) => `${analytics}/exports/${segment(id)}`;
  return {
    days: ({ from, to, tz, templateId }: AnalyticsRange) =>
      client.read(analyticsResponse, { method: 'GET', path: analytics, query: { from, to, tz, ...(templateId === null ? {} : { template_id: templateId }) } }),
    requestExport: (body: CreateAnalyticsExportBody, idempotencyKey: string) =>
      client.read(analyticsExportResponse, { method: 'POST', path: `${analytics}/exports`, body, idempotencyKey }),
    exportOf: (id: string) => client.read(analyticsExportResponse, { method: 'GET', path: exported(id) }),
    download: (id: string) => client.file({ method: 'GET', path: `${exported(id)}/download` }, 'text/csv'),
  };
}
