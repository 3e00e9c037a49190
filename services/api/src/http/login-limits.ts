/**
 * Logins are limited per email address beyond the general per-IP limit of public routes, so that nobody
 * guesses one account's password from many addresses at once; a signed-in user's password changes, which
 * check the password of now, per user, so that a session left open is no way to guess it. Every attempt counts, before the password
 * is checked (a refused attempt costs no scrypt and tells nothing of the password), and an address no
 * user has counts as one a user has, so a 429 reveals nothing either.
 */
import type { Clock } from '@passes/application';
import { customerEmailDigest } from '@passes/read-model';
import type { RateLimitStore } from '@passes/request-guards';
import { countRequest, type RequestLimit } from './counted-requests';

/** Far above a person's logins in a quarter of an hour; far below what guessing needs. */
export const LOGIN_LIMIT_PER_EMAIL: RequestLimit = { requests: 10, windowMs: 15 * 60_000 };

export class LoginLimits {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  async countEmail(email: string): Promise<void> {
    await countRequest(this.store, this.clock, `login-email:${customerEmailDigest(email)}`, LOGIN_LIMIT_PER_EMAIL, 'logins for this email address');
  }

  async countPasswordChange(userId: string): Promise<void> {
    await countRequest(this.store, this.clock, `password-change:${userId}`, LOGIN_LIMIT_PER_EMAIL, 'password changes');
  }
}
