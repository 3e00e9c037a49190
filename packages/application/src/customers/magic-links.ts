/**
 * Sends a customer the link to their passes, if they have any. Callers answer the request before
 * calling this (and run it later, off the request path), so whether an email is known never shows in
 * the response or its timing; the work itself differs between the two cases only in the sending.
 */
import type { Mailer } from '@passes/mailer';
import { customerEmailDigest } from '@passes/read-model';
import type { CustomerPasses } from './customer-passes';
import type { CustomerTokens } from './customer-tokens';
import { magicLinkEmail } from './magic-link-email';

export class MagicLinks {
  constructor(
    private readonly passes: CustomerPasses,
    private readonly tokens: CustomerTokens,
    private readonly mailer: Mailer,
    private readonly appUrl: () => string,
  ) {}

  async send(email: string): Promise<void> {
    const emailDigest = customerEmailDigest(email);
    const known = (await this.passes.select(emailDigest)).length > 0;
    // Made for an unknown email too, and dropped: the same signing and rendering either way.
    const token = await this.tokens.issue(emailDigest);
    const message = magicLinkEmail(email, `${this.appUrl()}/customer?token=${encodeURIComponent(token)}`);
    if (known) await this.mailer.send(message);
  }
}
