/** What the rebuild section found, and the goals of issue 12 ("Speed") it is judged against. */
import type { Measurement } from '../measure';
import type { CliRebuild } from './cli-rebuild';

export interface RebuildFigures {
  /** Events in the store when the rebuild started. */
  storeEvents: number;
  /** Of those, appended straight into the store by the bench. */
  seededEvents: number;
  cli: CliRebuild;
  /** storeEvents over the CLI's wall-clock time. */
  wallEventsPerSecond: number;
  withoutRebuild: Measurement;
  duringRebuild: Measurement;
  /** p99 during the rebuild over p99 without; null when the latter is 0 ms. */
  p99Ratio: number | null;
  rateGoalMet: boolean;
  /** `passes projections rebuild analytics analytics_exports` afterwards, with no load. */
  analytics: CliRebuild;
  /** storeEvents over that CLI's wall-clock time. */
  analyticsWallEventsPerSecond: number;
  analyticsRateGoalMet: boolean;
  latencyGoalMet: boolean;
}

/** The goals of issue 12: rebuild at ≥ 50,000 events/s; the API's p99 during it within 2× of its p99 without. */
export const REBUILD_GOAL_EVENTS_PER_SECOND = 50_000;
export const REBUILD_GOAL_P99_RATIO = 2;
