/** Counts a request against a limit of its own (a public action that sends mail), refusing it past the limit with 429. */
import type { Clock } from '@passes/application';
import type { RateLimitStore } from '@passes/request-guards';
import { ApiError } from './api-error';

export interface RequestLimit {
  requests: number;
  windowMs: number;
}

/** `what` names the requests in the refusal: "Too many {what}; try again later". */
export async function countRequest(store: RateLimitStore, clock: Clock, key: string, limit: RequestLimit, what: string): Promise<void> {
  const now = clock.now();
  const window = await store.hit(key, limit.windowMs, now);
  if (window.count <= limit.requests) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((window.resetsAt - now.getTime()) / 1000));
  throw new ApiError('rate_limited', `Too many ${what}; try again later`, undefined, { 'Retry-After': String(retryAfterSeconds) });
}
