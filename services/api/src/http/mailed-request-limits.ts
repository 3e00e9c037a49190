/**
 * Public requests that send an email (a customer's magic link, a join, a dashboard password reset) are
 * limited beyond the general per-IP limit of public routes: per client address, and per email address so
 * nobody can flood one mailbox. The email limit counts the address whether or not anything is sent to it,
 * so a 429 reveals nothing either.
 */
import type { Clock } from '@passes/application';
import { customerEmailDigest } from '@passes/read-model';
import type { RateLimitStore } from '@passes/request-guards';
import { countRequest, type RequestLimit } from './counted-requests';

export interface MailedRequestKind {
  /** Prefix of the counts' keys: `{name}-ip:…`, `{name}-email:…`. */
  name: string;
  /** The requests as the refusal names them: "Too many {what}; try again later". */
  what: string;
  perClient: RequestLimit;
  perEmail: RequestLimit;
}

const FIFTEEN_MINUTES_MS = 15 * 60_000;

export const MAGIC_LINK_REQUESTS: MailedRequestKind = {
  name: 'magic-link',
  what: 'link requests',
  perClient: { requests: 10, windowMs: FIFTEEN_MINUTES_MS },
  perEmail: { requests: 3, windowMs: FIFTEEN_MINUTES_MS },
};

export const JOIN_REQUESTS: MailedRequestKind = {
  name: 'join',
  what: 'join requests',
  perClient: { requests: 20, windowMs: FIFTEEN_MINUTES_MS },
  perEmail: { requests: 3, windowMs: FIFTEEN_MINUTES_MS },
};

export const PASSWORD_RESET_REQUESTS: MailedRequestKind = {
  name: 'password-reset',
  what: 'password reset requests',
  perClient: { requests: 10, windowMs: FIFTEEN_MINUTES_MS },
  perEmail: { requests: 3, windowMs: FIFTEEN_MINUTES_MS },
};

export class MailedRequestLimits {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    private readonly kind: MailedRequestKind,
  ) {}

  async countClient(address: string): Promise<void> {
    await this.count(`${this.kind.name}-ip:${address}`, this.kind.perClient);
  }

  async countEmail(email: string): Promise<void> {
    await this.count(`${this.kind.name}-email:${customerEmailDigest(email)}`, this.kind.perEmail);
  }

  private count(key: string, limit: RequestLimit): Promise<void> {
    return countRequest(this.store, this.clock, key, limit, this.kind.what);
  }
}
