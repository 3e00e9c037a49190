/**
 * Fixed one-minute windows (DESIGN §5): per credential when the request carries valid credentials,
 * otherwise per client IP. Every response says where the caller stands, errors included.
 */
import { credentialOf, type Clock } from '@passes/application';
import type { RateLimitStore } from '@passes/request-guards';
import type { Metrics } from '@passes/runtime';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from './api-error';
import { callerOf } from './authentication';
import { clientAddressOf } from './client-address';

const WINDOW_MS = 60_000;

interface RateLimits {
  store: RateLimitStore;
  clock: Clock;
  metrics: Metrics;
  perCredential: number;
  perIp: number;
}

export function rateLimit({ store, clock, metrics, perCredential, perIp }: RateLimits): RequestHandler {
  return async (request: Request, response: Response, next: NextFunction) => {
    const caller = callerOf(response);
    const [key, limit] = caller ? [`credential:${credentialOf(caller)}`, perCredential] : [`ip:${clientAddressOf(request)}`, perIp];
    const now = clock.now();
    // A credential's window may be counted in blocks (RateLimitStore.hit); an address's, which guards sign-up
    // and sign-in against abuse, is counted one request at a time.
    const { count, resetsAt } = await store.hit(key, WINDOW_MS, now, caller ? limit : undefined);
    response.set({
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - count)),
      'X-RateLimit-Reset': String(Math.ceil(resetsAt / 1000)),
    });
    if (count > limit) {
      metrics.rateLimitRefused(caller ? 'credential' : 'ip');
      const retryAfter = Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000));
      throw new ApiError('rate_limited', `Too many requests: ${limit} per minute; retry in ${retryAfter} s`, undefined, {
        'Retry-After': String(retryAfter),
      });
    }
    next();
  };
}
