/**
 * Limits on dashboard accounts beyond the general per-IP limit of public routes. Logins per email address,
 * so that nobody guesses one account's password from many addresses at once: every attempt counts, before
 * the password is checked (a refused attempt costs no scrypt and tells nothing of the password, and guesses
 * sent at once are all counted), and an address no user has counts as one a user has, so a 429 reveals
 * nothing either; a login that turns out right gives its count back, so only wrong passwords use up the
 * limit, and a café opening the dashboard in many tabs is not locked out. A signed-in user's
 * password changes per user, as they check the password of now: a session left open is no way to guess it.
 * Sign-ups per client address, as each makes a business, its user and their events for good.
 */
import type { Clock } from '@passes/application';
import { customerEmailDigest } from '@passes/read-model';
import type { RateLimitStore } from '@passes/request-guards';
import { countRequest, type RequestLimit } from './counted-requests';

/** Far above a person's logins in a quarter of an hour; far below what guessing needs. */
export const LOGIN_LIMIT_PER_EMAIL: RequestLimit = { requests: 10, windowMs: 15 * 60_000 };
/** Far above the businesses one place signs up in an hour (a workshop, an agency setting up its clients). */
export const SIGN_UP_LIMIT_PER_CLIENT: RequestLimit = { requests: 30, windowMs: 60 * 60_000 };

const loginKey = (email: string) => `login-email:${customerEmailDigest(email)}`;

export class AccountLimits {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  async countLogin(email: string): Promise<void> {
    await countRequest(this.store, this.clock, loginKey(email), LOGIN_LIMIT_PER_EMAIL, 'logins for this email address');
  }

  async loginSucceeded(email: string): Promise<void> {
    await this.store.giveBack(loginKey(email), LOGIN_LIMIT_PER_EMAIL.windowMs, this.clock.now());
  }

  async countPasswordChange(userId: string): Promise<void> {
    await countRequest(this.store, this.clock, `password-change:${userId}`, LOGIN_LIMIT_PER_EMAIL, 'password changes');
  }

  async countSignUp(address: string): Promise<void> {
    await countRequest(this.store, this.clock, `sign-up-ip:${address}`, SIGN_UP_LIMIT_PER_CLIENT, 'sign-ups from this address');
  }
}
