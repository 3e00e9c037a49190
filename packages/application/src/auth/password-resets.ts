/**
 * A dashboard user who forgot their password asks for a link by email and chooses a new password with it.
 * The link is a random token recorded by hash only, good once, for an hour, and only the last one asked
 * for works. Setting the password ends every session of the old one: the authenticator refuses tokens
 * issued before the change.
 */
import { hash } from 'node:crypto';
import { DomainError, streamNames, userAggregate, type UserCommand } from '@passes/domain';
import { lookupKeys } from '@passes/read-model';
import type { CommandContext } from '../shared/command-context';
import { awaitReadModels } from '../shared/read-your-writes';
import type { UserPorts } from '../users/users';
import type { Login } from './accounts';
import { hashPassword } from './password-hasher';
import { passwordResetEmail } from './password-reset-email';

const PASSWORD_RESET_VALID_MINUTES = 60;
const RESET_TOKEN_BYTES = 32;

const resetTokenHash = (token: string): string => hash('sha256', token, 'hex');

export class PasswordResets {
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
      await this.run(user.businessId, user.id, { actor: `user:${user.id}`, correlationId }, { type: 'ResetPassword', resetTokenHash: tokenHash, passwordHash, now: this.ports.clock.now() });
    } catch (error) {
      // Two uses of one link at once: the second finds it used, like any used link.
      if (error instanceof DomainError && error.code === 'not_found') return null;
      throw error;
    }
    return { accessToken: await this.ports.tokens.issue({ userId: user.id, businessId: user.businessId }), businessId: user.businessId };
  }

  private async run(businessId: string, userId: string, context: CommandContext, command: UserCommand): Promise<void> {
    const result = await this.ports.commands.handle(userAggregate, { stream: streamNames.user(userId), businessId, context }, () => command);
    if (result.position !== null) await awaitReadModels(this.ports.readYourWrites, result.position, context);
  }
}
