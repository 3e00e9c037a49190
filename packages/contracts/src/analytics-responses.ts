/** How the analytics query answers (PROGRAMME §4): counts a day in the zone asked for, and their totals. */
import { EXPORT_KINDS } from '@passes/domain';
import { z } from 'zod';
import { instant } from './wire-formats';

const counter = z.int().min(0);

const dayCounts = {
  passes_issued: counter,
  passes_voided: counter,
  wallet_installs: counter,
  wallet_uninstalls: counter,
  scans: counter,
  check_ins: counter,
  stamps: counter,
  points_awarded: counter,
  points_spent: counter,
  rewards_earned: counter,
  rewards_redeemed: counter,
  charges: counter,
  charged_amount: counter.describe('Minor units (pence)'),
  topups: counter,
  topped_up_amount: counter.describe('Minor units (pence)'),
  messages_sent: counter,
};

export const analyticsResponse = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  tz: z.string(),
  totals: z.strictObject({
    ...dayCounts,
    active_passes: counter.describe('Passes neither voided nor redeemed, now'),
    installed_passes: counter.describe('Passes registered in at least one wallet, now'),
  }),
  days: z.array(z.strictObject({ date: z.iso.date().describe("A calendar day of the zone `tz`: 23 or 25 hours on a DST change"), ...dayCounts })),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;

export const analyticsExportResponse = z.strictObject({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  from: z.iso.date().nullable(),
  to: z.iso.date().nullable(),
  tz: z.string(),
  template_id: z.string().nullable(),
  /** Null until ready. */
  rows: z.int().min(0).nullable(),
  bytes: z.int().min(0).nullable(),
  download_url: z.string().nullable().describe('Where the CSV is, once ready; with the same credentials'),
  created_at: instant,
  expires_at: instant.nullable().describe('When the file is removed: 7 days after it is ready'),
});
export type AnalyticsExportResponse = z.infer<typeof analyticsExportResponse>;
