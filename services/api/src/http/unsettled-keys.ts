/**
 * What the Idempotency-Key store could not be told of keys this process claimed: an answer it failed to
 * record, or a claim it failed to give back. Without it such a key answers 409 (still being processed) until
 * the process restarts. Kept for the key's next request, which tells the store again and, for an answer,
 * replays it from here meanwhile. A bounded number is kept, the oldest forgotten first.
 */
import type { IdempotencyStore, StoredResponse } from '@passes/request-guards';

const KEPT = 1000;

export interface Unsettled {
  fingerprint: string;
  /** The answer to record; null for a claim to give back. */
  response: StoredResponse | null;
}

export class UnsettledKeys {
  private readonly kept = new Map<string, Unsettled>();

  remember(scope: string, key: string, unsettled: Unsettled): void {
    const id = idOf(scope, key);
    this.kept.delete(id);
    this.kept.set(id, unsettled);
    const oldest = this.kept.keys().next();
    if (this.kept.size > KEPT && !oldest.done) this.kept.delete(oldest.value);
  }

  /** The key's unsettled answer or claim, if any, told to the store again; `settled` once the store took it. */
  async retell(store: IdempotencyStore, scope: string, key: string): Promise<(Unsettled & { settled: boolean }) | null> {
    const id = idOf(scope, key);
    const unsettled = this.kept.get(id);
    if (unsettled === undefined) return null;
    try {
      await (unsettled.response === null ? store.release(scope, key) : store.complete(scope, key, unsettled.response));
      this.kept.delete(id);
      return { ...unsettled, settled: true };
    } catch {
      return { ...unsettled, settled: false };
    }
  }
}

const idOf = (scope: string, key: string) => `${scope}\n${key}`;
