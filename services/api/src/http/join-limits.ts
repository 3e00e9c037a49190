/**
 * Each join can issue a pass and sends an email, so join requests are limited beyond the general per-IP
 * limit of public routes: per client address, and per email address so nobody can flood one mailbox.
 * The email limit counts the address whether or not it has a pass, so a 429 reveals nothing either.
 */
import type { Clock } from '@passes/application';
import { customerEmailDigest } from '@passes/read-model';
import type { RateLimitStore } from '@passes/request-guards';
import { ApiError } from './api-error';

const FIFTEEN_MINUTES_MS = 15 * 60_000;

const JOIN_LIMITS = {
  perClient: { requests: 20, windowMs: FIFTEEN_MINUTES_MS },
  perEmail: { requests: 3, windowMs: FIFTEEN_MINUTES_MS },
} as const;

export class JoinLimits {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  async countClient(address: string): Promise<void> {
    await this.count(`join-ip:${address}`, JOIN_LIMITS.perClient);
  }

  async countEmail(email: string): Promise<void> {
    await this.count(`join-email:${customerEmailDigest(email)}`, JOIN_LIMITS.perEmail);
  }

  private async count(key: string, limit: { requests: number; windowMs: number }): Promise<void> {
    const now = this.clock.now();
    const window = await this.store.hit(key, limit.windowMs, now);
    if (window.count <= limit.requests) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.resetsAt - now.getTime()) / 1000));
    throw new ApiError('rate_limited', 'Too many join requests; try again later', undefined, { 'Retry-After': String(retryAfterSeconds) });
  }
}
