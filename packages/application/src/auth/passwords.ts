/**
 * A dashboard user's password: changed by the user, who gives the one of before, or, forgotten, reset by a
 * link asked for by email. The link is a random token recorded by hash only, good once, for an hour, and
 * only the last one asked for works. Either way every session of the old password ends (the authenticator
 * refuses tokens issued before the change), and the user is to be told by email (`notifyChanged`, after the
 * answer), so that a change they did not make is noticed.
 */
import { hash } from 'node:crypto';
import { DomainError, streamNames, userAggregate, type User, type UserCommand } from '@passes/domain';
import { lookupKeys } from '@passes/read-model';
import type { CommandContext } from '../shared/command-context';
import { awaitReadModels } from '../shared/read-your-writes';
import type { UserPorts } from '../users/users';
import type { Login } from './accounts';
import { hashPassword, verifyPassword } from './password-hasher';
import { passwordChangedEmail } from './password-changed-email';
import { passwordResetEmail } from './password-reset-email';

const PASSWORD_RESET_VALID_MINUTES = 60;
const RESET_TOKEN_BYTES = 32;

const resetTokenHash = (token: string): string => hash('sha256', token, 'hex');

export class Passwords {
  constructor(private readonly ports: UserPorts) {}

  /**
   * Mails a link to the active user of the address; does nothing for an address no active user has. The
   * caller answers alike either way, and runs this after answering, so that nothing tells the two apart.
   */
  async request(email: string, correlationId: string): Promise<void> {
    const { readModels, clock, ids } = this.ports;
    const [user] = await readModels.users.find('email', lookupKeys.userByEmail(email), 1);
    if (!user || user.status !== 'active') return;
    const token = Buffer.from(ids.randomBytes(RESET_TOKEN_BYTES)).toString('base64url');
    const now = clock.now();
    await this.run(user.businessId, user.id, { actor: `user:${user.id}`, correlationId }, {
      type: 'RequestPasswordReset',
      resetTokenHash: resetTokenHash(token),
      resetExpiresAt: new Date(now.getTime() + PASSWORD_RESET_VALID_MINUTES * 60_000),
      now,
    });
    const link = `${this.ports.appUrl()}/dashboard/reset-password?token=${encodeURIComponent(token)}`;
    await this.ports.mailer.send(passwordResetEmail(user.email, link, PASSWORD_RESET_VALID_MINUTES));
  }

  /** Sets the new password and logs the user in; null when the link is unknown, used, replaced or expired. */
  async reset(input: { token: string; password: string }, correlationId: string): Promise<Login | null> {
    const tokenHash = resetTokenHash(input.token);
    const [user] = await this.ports.readModels.users.find('reset', lookupKeys.userByPasswordReset(tokenHash), 1);
    if (!user) return null;
    const passwordHash = await hashPassword(input.password);
    try {
      return this.loginOf(await this.run(user.businessId, user.id, { actor: `user:${user.id}`, correlationId }, { type: 'ResetPassword', resetTokenHash: tokenHash, passwordHash, now: this.ports.clock.now() }));
    } catch (error) {
      // Two uses of one link at once: the second finds it used, like any used link.
      if (error instanceof DomainError && error.code === 'not_found') return null;
      throw error;
    }
  }

  /**
   * Sets the new password of an active user who gave the current one, and logs them in again; null when the
   * current password is not theirs.
   */
  async change(userId: string, input: { current: string; next: string }, context: CommandContext): Promise<Login | null> {
    const user = await this.ports.readModels.users.get(userId);
    if (!user || user.status !== 'active' || user.passwordHash === null || !(await verifyPassword(input.current, user.passwordHash))) return null;
    const passwordHash = await hashPassword(input.next);
    return this.loginOf(await this.run(user.businessId, user.id, context, { type: 'ChangePassword', verifiedHash: user.passwordHash, passwordHash, now: this.ports.clock.now() }));
  }

  /** Tells the user by email that their password changed, with the way to choose another if it was not them. */
  async notifyChanged(userId: string): Promise<void> {
    const user = await this.ports.readModels.users.get(userId);
    if (!user || user.status !== 'active') return;
    await this.ports.mailer.send(passwordChangedEmail(user.email, `${this.ports.appUrl()}/dashboard/forgot-password`));
  }

  /** A login under the password `user` now has. */
  private async loginOf(user: User): Promise<Login> {
    const accessToken = await this.ports.tokens.issue({ userId: user.id, businessId: user.businessId, passwordChangedAt: user.passwordChangedAt });
    return { accessToken, businessId: user.businessId, userId: user.id };
  }

  /** The user as the command left them. */
  private async run(businessId: string, userId: string, context: CommandContext, command: UserCommand): Promise<User> {
    const result = await this.ports.commands.handle(userAggregate, { stream: streamNames.user(userId), businessId, context }, () => command);
    if (result.position !== null) await awaitReadModels(this.ports.readYourWrites, result.position, context);
    if (result.state === null) throw new DomainError('not_found', 'User not found.');
    return result.state;
  }
}
