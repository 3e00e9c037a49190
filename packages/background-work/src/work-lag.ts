/**
 * How far behind each kind of background work is, for the metrics and `/readyz`: its pending items, and
 * how long the oldest due one has waited (0 when none is due yet: a retry scheduled for later is no lag).
 */
import type { WorkStore } from './work-store';

export interface WorkLag {
  kind: string;
  pending: number;
  lagSeconds: number;
}

/** Every kind with pending items, and each of `kinds` (a process's own) even with none. */
export async function workLag(store: WorkStore, now: Date, kinds: readonly string[] = []): Promise<WorkLag[]> {
  const backlog = await store.backlog();
  const idle = kinds.filter((kind) => !backlog.some((pending) => pending.kind === kind)).map((kind) => ({ kind, pending: 0, oldestDueAt: null }));
  return [...backlog, ...idle].map(({ kind, pending, oldestDueAt }) => ({
    kind,
    pending,
    lagSeconds: oldestDueAt === null ? 0 : Math.max(0, (now.getTime() - oldestDueAt.getTime()) / 1000),
  }));
}
