/**
 * Each join can issue a pass and sends an email, so join requests are limited beyond the general per-IP
 * limit of public routes: per client address, and per email address so nobody can flood one mailbox.
 * The email limit counts the address whether or not it has a pass, so a 429 reveals nothing either.
 */
import type { Clock } from '@passes/application';
import { customerEmailDigest } from '@passes/read-model';
import type { RateLimitStore } from '@passes/request-guards';
import { countRequest, type RequestLimit } from './counted-requests';

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

  private count(key: string, limit: RequestLimit): Promise<void> {
    return countRequest(this.store, this.clock, key, limit, 'join requests');
  }
}
