/** What the audit section found, and the goal of issue 12 ("Speed") it is judged against. */
import type { SequentialTiming } from './sequential-timing';

/** State as-of and history of a pass with 10,000 events in under this, at p99. */
export const AUDIT_GOAL_MS = 50;

export interface AuditFigures {
  passEvents: number;
  /** `GET …/passes/{id}?as_of=<now>`: the pass folded from all its events. */
  asOf: SequentialTiming;
  /** The first as-of of the pass since the service started: no fold of it kept yet. */
  asOfFirstMs: number;
  /** `GET …/passes/{id}/events?limit=1000`: the first page. */
  firstPage: SequentialTiming;
  /** Every event, page after page of 1000: one sample is the whole walk. */
  wholeHistory: SequentialTiming & { pages: number };
  /** The first whole walk since the service started: no page of it kept yet. */
  wholeHistoryFirstMs: number;
  /** Judged on the p99 of as-of. */
  asOfGoalMet: boolean;
  /** Judged on the p99 of the whole history. */
  historyGoalMet: boolean;
}
