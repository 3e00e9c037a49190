/**
 * Folds of pass streams kept at every thousandth revision, so that a pass's state as of an instant folds
 * at most a thousand events once its stream was read: an auditor asks about the same long-lived passes
 * again and again, and a fold costs as much as the stream is long. Streams are append-only and events are
 * never rewritten (old versions are upcast on read), so a fold of revisions 0…r never goes stale.
 */
import type { PassState } from '@passes/domain';
import { LRUCache } from 'lru-cache';

export const FOLD_CHECKPOINT_EVERY = 1000;
/** Streams whose checkpoints are kept: about 1 KiB a checkpoint. */
const STREAMS = 1000;

interface FoldCheckpoint {
  /** The state after folding revisions 0 to `revision`. */
  revision: number;
  state: PassState;
  /** The latest `created_at` among those events: the checkpoint answers for any instant from then on. */
  latestRecordedAt: string;
}

export class PassFolds {
  private readonly checkpoints = new LRUCache<string, FoldCheckpoint[]>({ max: STREAMS });

  /** The furthest checkpoint of `stream` whose events were all recorded at or before `until`. */
  furthestAtOrBefore(stream: string, until: string): FoldCheckpoint | null {
    const checkpoints = this.checkpoints.get(stream) ?? [];
    for (let index = checkpoints.length - 1; index >= 0; index -= 1) {
      const checkpoint = checkpoints[index];
      if (checkpoint !== undefined && checkpoint.latestRecordedAt <= until) return checkpoint;
    }
    return null;
  }

  /** Checkpoints arrive in revision order from folds that start at an earlier one; one already kept is ignored. */
  remember(stream: string, checkpoint: FoldCheckpoint): void {
    const checkpoints = this.checkpoints.get(stream) ?? [];
    const last = checkpoints.at(-1);
    if (last !== undefined && last.revision >= checkpoint.revision) return;
    checkpoints.push(checkpoint);
    this.checkpoints.set(stream, checkpoints);
  }
}
