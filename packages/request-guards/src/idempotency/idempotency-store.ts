/**
 * Port: Idempotency-Key records (DESIGN §5). A key is claimed before the request runs and completed with
 * the response before it is sent, so a retry either replays that response or waits for it.
 */
export interface StoredResponse {
  status: number;
  /** The exact JSON text that was sent, so a replay is byte-for-byte the original. */
  body: string;
}

export interface IdempotencyRequest {
  /** Who the key belongs to: keys of different credentials never meet. */
  scope: string;
  key: string;
  /** A digest of method, path and body: the same key must always carry the same request. */
  fingerprint: string;
  now: Date;
}

export type IdempotencyClaim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'in_progress' }
  | { outcome: 'mismatch' };

export interface IdempotencyTimings {
  /** How long a key is remembered after it was first claimed (24 h). */
  ttlMs: number;
  /**
   * Where several processes share the store: how long a process's claims stay its own after its last sign
   * of life. A running process renews its lease well before then; one that died without closing leaves
   * claims that another process may take over once the lease has run out, instead of answering 409.
   */
  leaseMs: number;
}

/**
 * Each store object is one process's: a claim it holds answers `in_progress` for as long as it runs, and
 * one a process gone before finishing left behind is taken over (a restart never waits for it to expire).
 */
export interface IdempotencyStore {
  claim(request: IdempotencyRequest): Promise<IdempotencyClaim>;
  complete(scope: string, key: string, response: StoredResponse): Promise<void>;
  /** Forgets a claim whose request did not finish (a server error), so a retry runs it again. */
  release(scope: string, key: string): Promise<void>;
  /** Forgets every record older than the time to live; returns how many. */
  purge(now: Date): Promise<number>;
  /** This process is gone: whatever it still holds may be taken over at once. */
  close(): Promise<void>;
}
