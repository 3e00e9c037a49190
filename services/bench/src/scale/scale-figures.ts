/** What the scale and soak sections found, and the goals of issue 16 they are judged against. */
import type { Measurement } from '../measure';

/** Flat with data size: each read on the large store within this factor of the same read on the small one. */
export const SCALE_GOAL_SLOWDOWN = 1.2;
/** The server's RSS after issuing the large store's passes, and all through the steady load after. */
export const MEMORY_GOAL_MIB = 512;
/** "Does not grow": the RSS at the end of the steady load within this much of its RSS after the first minute. */
export const SOAK_GOAL_GROWTH = 0.05;

export interface ScaleComparison {
  scenario: string;
  small: Measurement;
  large: Measurement;
  /** The small store's throughput over the large store's: 1.2 means the large store is 1.2× slower. */
  slowdown: number | null;
  goalMet: boolean;
}

export interface RssSample {
  seconds: number;
  mib: number | null;
}

export interface SoakFigures {
  seconds: number;
  loads: Measurement[];
  /** The server's RSS every few seconds of the steady load. */
  rss: RssSample[];
  /** RSS at the end over RSS after the first minute (or the first sample of a shorter soak), minus 1. */
  growth: number | null;
  growthGoalMet: boolean;
}

export interface ScaleFigures {
  smallPasses: number;
  largePasses: number;
  /** How long filling the large store took, its service following. */
  seedSeconds: number;
  /** The large store's server, once it had taken in every pass. */
  rssAfterIssueMiB: number | null;
  /** Null when the `scale` section did not run. */
  comparisons: ScaleComparison[] | null;
  /** Null when the `soak` section did not run. */
  soak: SoakFigures | null;
  /** RSS after issuing and during the soak under MEMORY_GOAL_MIB. */
  memoryGoalMet: boolean;
}
