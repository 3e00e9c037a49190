/**
 * Port: request counts in fixed windows, shared by every API process, kept across restarts.
 * A key names what is limited (`credential:api_key:…`, `ip:…`, `magic-link-email:…`).
 */
export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window ends, in epoch milliseconds. */
  resetsAt: number;
}

export interface RateLimitStore {
  /**
   * Counts one request against `key` in the window of `windowMs` that contains `now`. `limit`, the count
   * the caller refuses above, lets an adapter shared by processes count ahead in blocks while far from it
   * (MongoRateLimitStore): a count is then never given twice, but may run ahead of the requests made.
   */
  hit(key: string, windowMs: number, now: Date, limit?: number): Promise<WindowCount>;
  /**
   * Takes back one hit of `key` counted without a limit in the window containing `now`: a request counted
   * before it was known whether it should count (a login that turned out right). Never below zero; a window
   * gone by is left as it was.
   */
  giveBack(key: string, windowMs: number, now: Date): Promise<void>;
  /** Forgets every window that ended at or before `now`; returns how many. */
  purge(now: Date): Promise<number>;
  close(): Promise<void>;
}

/** Windows are aligned to the epoch, so every process agrees on where a window starts. */
export function windowStartOf(now: Date, windowMs: number): number {
  return Math.floor(now.getTime() / windowMs) * windowMs;
}
