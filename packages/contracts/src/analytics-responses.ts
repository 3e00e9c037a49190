/** How the analytics query answers (PROGRAMME §4): counts a day in the zone asked for, and their totals. */
import { z } from 'zod';

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
