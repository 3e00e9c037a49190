/** What analytics counts (PROGRAMME §4's day fields), and counts as sparse records: a zero is left out. */
import { z } from 'zod';

export const ANALYTICS_COUNTERS = [
  'passes_issued',
  'passes_voided',
  'wallet_installs',
  'wallet_uninstalls',
  'scans',
  'check_ins',
  'stamps',
  'points_awarded',
  'points_spent',
  'rewards_earned',
  'rewards_redeemed',
  'charges',
  'charged_amount',
  'topups',
  'topped_up_amount',
  'messages_sent',
] as const;

export type AnalyticsCounter = (typeof ANALYTICS_COUNTERS)[number];

const counts = z.partialRecord(z.enum(ANALYTICS_COUNTERS), z.number().int());

/** Counters present only where they are not zero. */
export type Counts = z.infer<typeof counts>;

/** Every counter, zeros included. */
export type FullCounts = Record<AnalyticsCounter, number>;

export function zeroCounts(): FullCounts {
  return {
    passes_issued: 0,
    passes_voided: 0,
    wallet_installs: 0,
    wallet_uninstalls: 0,
    scans: 0,
    check_ins: 0,
    stamps: 0,
    points_awarded: 0,
    points_spent: 0,
    rewards_earned: 0,
    rewards_redeemed: 0,
    charges: 0,
    charged_amount: 0,
    topups: 0,
    topped_up_amount: 0,
    messages_sent: 0,
  };
}

/** Adds `increments` into `into`, in place. */
export function addCounts(into: Counts | FullCounts, increments: Counts): void {
  for (const counter of ANALYTICS_COUNTERS) {
    const increment = increments[counter];
    if (increment !== undefined && increment !== 0) into[counter] = (into[counter] ?? 0) + increment;
  }
}
