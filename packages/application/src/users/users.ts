/**
 * A business's dashboard users (issue 38): an owner invites people by email with a role, the invite is a
 * one-time link by email, and roles change or users go at once (the authenticator reads the user on every
 * request, so a removed user's tokens stop working from the next request).
 */
import { hash } from 'node:crypto';
import { DomainError, streamNames, userAggregate, type User, type UserCommand, type UserRole } from '@passes/domain';
import type { Mailer } from '@passes/mailer';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { AccessTokens } from '../auth/access-tokens';
import type { Login } from '../auth/accounts';
import { hashPassword } from '../auth/password-hasher';
import { userEmailClaim } from '../auth/user-email-claim';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import { pageOf, type Page, type PageRequest } from '../shared/pages';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';
import { UniqueValues } from '../shared/unique-values';
import { inviteEmail } from './invite-email';

const INVITE_VALID_DAYS = 7;
const INVITE_TOKEN_BYTES = 32;

/** What the users' use cases need (invites, roles, password resets). */
export interface UserPorts {
  commands: CommandHandler;
  readModels: Pick<ReadModels, 'users' | 'businesses'>;
  tokens: AccessTokens;
  mailer: Mailer;
  /** `{app_url}`: the links mailed open the dashboard there. */
  appUrl: () => string;
  clock: Clock;
  ids: IdGenerator;
  readYourWrites: ReadYourWrites;
}

/** Invite tokens are looked up and recorded by hash only, as API keys are. */
const inviteTokenHash = (token: string): string => hash('sha256', token, 'hex');

export class Users {
  private readonly uniqueValues: UniqueValues;

  constructor(private readonly ports: UserPorts) {
    this.uniqueValues = new UniqueValues(ports.commands, ports.clock);
  }

  /** Records the invite, then mails its link; `invitedBy` is the inviting credential (CommandContext.actor). */
  async invite(businessId: string, input: { email: string; role: UserRole }, context: CommandContext): Promise<User> {
    const { commands, clock, ids } = this.ports;
    const business = await this.ports.readModels.businesses.get(businessId);
    if (!business) throw new DomainError('not_found', `Business '${businessId}' not found`);
    const userId = ids.newId();
    const email = input.email.toLowerCase();
    await this.uniqueValues.reserve(userEmailClaim(commands, email, userId), context);
    const token = Buffer.from(ids.randomBytes(INVITE_TOKEN_BYTES)).toString('base64url');
    const now = clock.now();
    const user = await this.run(businessId, userId, context, () => ({
      type: 'InviteUser',
      userId,
      businessId,
      email,
      role: input.role,
      invitedBy: context.actor,
      inviteTokenHash: inviteTokenHash(token),
      inviteExpiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * 86_400_000),
      now,
    }));
    const link = `${this.ports.appUrl()}/dashboard/accept-invite?token=${encodeURIComponent(token)}`;
    await this.ports.mailer.send(inviteEmail(email, business.name, input.role, link, INVITE_VALID_DAYS));
    return user;
  }

  /** Invited and active users, oldest first. */
  async list(businessId: string, request: PageRequest): Promise<Page<User>> {
    const users = await this.ports.readModels.users.find('business', lookupKeys.byBusiness(businessId));
    return pageOf(users, (user) => user.id, request);
  }

  /** An active user of the business, or null: what a dashboard token stands for. */
  async active(businessId: string, userId: string): Promise<User | null> {
    const user = await this.ports.readModels.users.get(userId);
    return user !== null && user.businessId === businessId && user.status === 'active' ? user : null;
  }

  async changeRole(businessId: string, userId: string, role: UserRole, actorUserId: string | null, context: CommandContext): Promise<User> {
    await this.require(businessId, userId);
    return this.run(businessId, userId, context, () => ({ type: 'ChangeUserRole', role, actorUserId, now: this.ports.clock.now() }));
  }

  /** The user's tokens fail from the next request; their email is free for another invite. */
  async remove(businessId: string, userId: string, actorUserId: string | null, context: CommandContext): Promise<void> {
    const user = await this.require(businessId, userId);
    await this.run(businessId, userId, context, () => ({ type: 'RemoveUser', actorUserId, now: this.ports.clock.now() }));
    await this.uniqueValues.release(userEmailClaim(this.ports.commands, user.email, userId), context);
  }

  /** Sets the password of an invited user and logs them in; null when the link is unknown, used or expired. */
  async acceptInvite(input: { token: string; password: string; name: string | null }, correlationId: string): Promise<Login | null> {
    const tokenHash = inviteTokenHash(input.token);
    const [invited] = await this.ports.readModels.users.find('invite', lookupKeys.userByInvite(tokenHash), 1);
    if (!invited) return null;
    const passwordHash = await hashPassword(input.password);
    const context: CommandContext = { actor: `user:${invited.id}`, correlationId };
    try {
      await this.run(invited.businessId, invited.id, context, () => ({
        type: 'AcceptInvite',
        inviteTokenHash: tokenHash,
        passwordHash,
        name: input.name,
        now: this.ports.clock.now(),
      }));
    } catch (error) {
      // Two accepts of one link at once: the second finds it used, like any used link.
      if (error instanceof DomainError && error.code === 'not_found') return null;
      throw error;
    }
    const accessToken = await this.ports.tokens.issue({ userId: invited.id, businessId: invited.businessId, passwordChangedAt: invited.passwordChangedAt });
    return { accessToken, businessId: invited.businessId, userId: invited.id };
  }

  private async require(businessId: string, userId: string): Promise<User> {
    const user = await this.ports.readModels.users.get(userId);
    if (!user || user.businessId !== businessId || user.status === 'removed') throw new DomainError('not_found', `User '${userId}' not found`);
    return user;
  }

  private async run(businessId: string, userId: string, context: CommandContext, command: () => UserCommand): Promise<User> {
    const result = await this.ports.commands.handle(userAggregate, { stream: streamNames.user(userId), businessId, context }, command);
    if (!result.state) throw new Error('A user command left no user');
    if (result.position !== null) await awaitReadModels(this.ports.readYourWrites, result.position, context);
    return result.state;
  }
}
