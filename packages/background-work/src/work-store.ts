/**
 * The work store port: everything that must happen later and at least once (a webhook delivery, a wallet
 * notification, an occurrence of a daily sweep), each item due at an instant, claimed under a lease by
 * one runner at a time, its attempts counted, retried on its kind's schedule, dead after the last one.
 * Items of one group (a webhook) go one at a time, in their order; items without a group each on their
 * own. Every runner of every process shares the store, so what is recorded survives restarts.
 * Adapters: SQLite (embedded), MongoDB (distributed).
 */
import type { JsonValue } from './json-value';

/** `pending`: due or waiting for a retry (leased or not); `dead`: failed for good; `cancelled`: never to be attempted. */
export type WorkStatus = 'pending' | 'done' | 'dead' | 'cancelled';

export const WORK_STATUSES: readonly WorkStatus[] = ['pending', 'done', 'dead', 'cancelled'];

export interface NewWork {
  /** Derived from what called for it, so that recording it again changes nothing. */
  id: string;
  /** Names the handler that does it. */
  kind: string;
  /** Items of one group of a kind go one at a time, in `order`; null: no group, no wait for others. */
  group: string | null;
  /** Sortable text: items are claimed in this order, and listed newest (greatest) first. */
  order: string;
  /** What the handler needs, checked by its kind's schema when claimed. */
  payload: JsonValue;
  dueAt: Date;
  createdAt: Date;
}

export interface WorkItem extends Omit<NewWork, 'payload' | 'dueAt'> {
  /** As recorded; the handler's kind checks it. */
  payload: unknown;
  status: WorkStatus;
  attempts: number;
  /** When it is due next; set only while pending. */
  dueAt: Date | null;
  lastAttemptAt: Date | null;
  /** What the other side answered last (an HTTP status), null when it did not answer. */
  lastCode: number | null;
  lastError: string | null;
}

/** What one attempt left behind. */
export interface Attempt {
  at: Date;
  code: number | null;
  error: string | null;
}

export interface WorkLease {
  /** Who works on what is claimed (a runner's lease holder name). */
  holder: string;
  now: Date;
  /** Longer than an attempt can take: once it runs out the item may be claimed again. */
  ttlMs: number;
}

export interface WorkQuery {
  kind: string;
  group?: string;
  status?: WorkStatus;
  limit: number;
}

/** An item under a lease not ended since (running or run out), and who holds it. */
export interface HeldItem {
  id: string;
  kind: string;
  holder: string;
  /** When the lease runs out, or ran out. */
  until: Date;
  /** The attempts counted before the one its holder was making. */
  attempts: number;
}

/** A kind's pending items, and the due time of the oldest of them (null when none is pending). */
export interface KindBacklog {
  kind: string;
  pending: number;
  oldestDueAt: Date | null;
}

export interface WorkStore {
  /** Records the items; one already recorded (same id) is left as it is. */
  record(items: readonly NewWork[]): Promise<void>;
  /** Records items as they stand in a store being converted (attempts and all); one already recorded is left as it is. */
  adopt(items: readonly WorkItem[]): Promise<void>;
  /**
   * Leases up to `limit` due items of the kind, in order: each ungrouped item no running lease covers,
   * and of each group with no leased item, its first due item.
   */
  claimDue(kind: string, lease: WorkLease, limit: number): Promise<WorkItem[]>;
  /** Hands a claimed item back untouched, due as before (its runner is stopping). */
  release(id: string, holder: string): Promise<void>;
  /** Every item under a lease that no settling or release has ended, run out or not: what runners left. */
  held(): Promise<HeldItem[]>;
  /**
   * As `fail`, for an attempt its holder left unfinished (its process ended), and only while that holder
   * still holds the item: an item another runner claimed since, or settled, is left as it is.
   */
  failLeft(id: string, holder: string, attempt: Attempt, retryAt: Date | null): Promise<void>;
  /** Counts the attempt that did it; ends the lease. */
  complete(id: string, attempt: Attempt): Promise<void>;
  /** Counts a failed attempt: pending again, due at `retryAt`, or dead when null; ends the lease. */
  fail(id: string, attempt: Attempt, retryAt: Date | null): Promise<void>;
  /** A pending item that will never be attempted; ends its lease. */
  cancel(id: string): Promise<void>;
  /** Makes the item pending again, due at `at`, whatever became of it; attempts made so far still count. */
  reschedule(id: string, at: Date): Promise<void>;
  get(id: string): Promise<WorkItem | null>;
  /** For an operator: a kind's items (of one group, in one status), newest first, up to `limit`. */
  list(query: WorkQuery): Promise<WorkItem[]>;
  /** Every kind with pending items. */
  backlog(): Promise<KindBacklog[]>;
  /**
   * Removes up to `limit` settled items (done, dead or cancelled) whose last attempt, or for one never
   * attempted its recording, was before `before`; a pending item is never removed. How many it removed.
   */
  removeSettled(before: Date, limit: number): Promise<number>;
  close(): Promise<void>;
}
