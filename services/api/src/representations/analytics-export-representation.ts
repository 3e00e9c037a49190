/** An analytics export as the API answers it (PROGRAMME §4). */
import type { AnalyticsExports } from '@passes/application';
import type { AnalyticsExportResponse } from '@passes/contracts';
import type { AnalyticsExport } from '@passes/domain';

export function analyticsExportRepresentation(exported: AnalyticsExport, exports: AnalyticsExports): AnalyticsExportResponse {
  if (exported.status === 'removed') throw new Error(`Export ${exported.id} is removed: it answers as not found`);
  return {
    id: exported.id,
    kind: exported.kind,
    status: exported.status,
    from: exported.from,
    to: exported.to,
    tz: exported.tz,
    template_id: exported.templateId,
    rows: exported.rows,
    bytes: exported.bytes,
    download_url: exports.downloadUrlOf(exported),
    created_at: exported.createdAt,
    expires_at: exported.expiresAt,
  };
}
