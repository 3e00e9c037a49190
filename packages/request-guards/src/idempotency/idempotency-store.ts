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
   * A claim still running after this long belongs to a process that died mid-request; it may be taken
   * over rather than answering 409 until the key expires.
   */
  abandonAfterMs: number;
}

export interface IdempotencyStore {
  claim(request: IdempotencyRequest): Promise<IdempotencyClaim>;
  complete(scope: string, key: string, response: StoredResponse): Promise<void>;
  /** Forgets a claim whose request did not finish (a server error), so a retry runs it again. */
  release(scope: string, key: string): Promise<void>;
  /** Forgets every record older than the time to live; returns how many. */
  purge(now: Date): Promise<number>;
  close(): Promise<void>;
}
