/**
 * An analytics export (PROGRAMME §4): a CSV of a business's days, passes or events, asked for on Pro,
 * made by background work and kept for a while. Its stream is `analytics-export-{id}`.
 */
import type { Plan } from '../plan/plan';
import type { Mode } from '../shared/mode';

export const EXPORT_KINDS = ['daily', 'passes', 'events'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** `removed`: its file is gone, kept no longer; it answers as not found. */
export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed' | 'removed';

/** What is exported: a range of a zone's days (null: every day, for passes and events), a template or all. */
export interface ExportScope {
  kind: ExportKind;
  from: string | null;
  to: string | null;
  tz: string;
  templateId: string | null;
}

export interface AnalyticsExport extends ExportScope {
  id: string;
  businessId: string;
  mode: Mode;
  status: ExportStatus;
  rows: number | null;
  bytes: number | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
}

export type AnalyticsExportState = AnalyticsExport | null;

export type AnalyticsExportCommand =
  | { type: 'RequestExport'; exportId: string; businessId: string; mode: Mode; scope: ExportScope; plan: Plan; now: Date }
  | { type: 'StartExport'; now: Date }
  | { type: 'CompleteExport'; rows: number; bytes: number; expiresAt: Date; now: Date }
  | { type: 'FailExport'; reason: string; now: Date }
  | { type: 'RemoveExport'; now: Date };

export interface ExportRequestedData {
  export_id: string;
  business_id: string;
  mode: Mode;
  kind: ExportKind;
  from: string | null;
  to: string | null;
  tz: string;
  template_id: string | null;
  occurred_at: string;
}

export type AnalyticsExportEvent =
  | { type: 'AnalyticsExportRequested'; data: ExportRequestedData }
  | { type: 'AnalyticsExportStarted'; data: { occurred_at: string } }
  | { type: 'AnalyticsExportCompleted'; data: { rows: number; bytes: number; expires_at: string; occurred_at: string } }
  | { type: 'AnalyticsExportFailed'; data: { reason: string; occurred_at: string } }
  | { type: 'AnalyticsExportRemoved'; data: { occurred_at: string } };
