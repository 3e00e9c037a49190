/** The shape of an analytics answer (PROGRAMME §4), and the request it answers. */
import type { FullCounts } from '@passes/read-model';

export interface AnalyticsRequest {
  /** First and last local day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** An IANA zone. */
  zone: string;
  /** Only this template's passes; all of them when null. */
  templateId: string | null;
}

export type AnalyticsDayCounts = FullCounts & { date: string };

export interface AnalyticsReport {
  from: string;
  to: string;
  tz: string;
  /** The days' sums, and the passes active and installed now. */
  totals: FullCounts & { active_passes: number; installed_passes: number };
  days: AnalyticsDayCounts[];
}
