/** Dashboard accounts: registering a business with its first user, and logging in. */
import { businessAggregate, streamNames, userAggregate, type Business, type User } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import { awaitReadModels, type ReadYourWrites } from '../shared/read-your-writes';
import { UniqueValues } from '../shared/unique-values';
import type { AccessTokens } from './access-tokens';
import { hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from './password-hasher';
import { userEmailClaim } from './user-email-claim';

interface Registration {
  business: Business;
  user: User;
  accessToken: string;
}

export interface Login {
  accessToken: string;
  businessId: string;
  userId: string;
}

export class Accounts {
  private readonly uniqueValues: UniqueValues;

  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'users'>,
    private readonly tokens: AccessTokens,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
  ) {
    this.uniqueValues = new UniqueValues(commands, clock);
  }

  /** `onUnreflected`: told when the answer goes out before the read models have the new user (CommandContext). */
  async register(input: { businessName: string; email: string; password: string }, onUnreflected?: () => void): Promise<Registration> {
    const businessId = this.ids.newId();
    const userId = this.ids.newId();
    const email = input.email.toLowerCase();
    const context: CommandContext = { actor: `user:${userId}`, correlationId: this.ids.newId(), ...(onUnreflected ? { onUnreflected } : {}) };
    await this.uniqueValues.reserve(userEmailClaim(this.commands, email, userId), context);
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    // The business is written before its user, so a user never points at a business that does not exist.
    const business = await this.commands.handle(businessAggregate, { stream: streamNames.business(businessId), businessId, context }, () => ({
      type: 'RegisterBusiness' as const,
      businessId,
      name: input.businessName,
      ownerUserId: userId,
      now,
    }));
    const user = await this.commands.handle(userAggregate, { stream: streamNames.user(userId), businessId, context }, () => ({
      type: 'RegisterUser' as const,
      userId,
      businessId,
      email,
      passwordHash,
      now,
    }));
    if (!business.state || !user.state || user.position === null) throw new Error('Registration produced no business or user');
    await awaitReadModels(this.readYourWrites, user.position, context);
    const accessToken = await this.tokens.issue({ userId, businessId, passwordChangedAt: user.state.passwordChangedAt });
    return { business: business.state, user: user.state, accessToken };
  }

  /** An access token, or null when the email and password do not match an account. */
  async login(email: string, password: string): Promise<Login | null> {
    const [user] = await this.readModels.users.find('email', lookupKeys.userByEmail(email), 1);
    const matches = await verifyPassword(password, user?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
    // An invited user has no password yet, so only an active user can match.
    if (!user || !matches || user.status !== 'active') return null;
    return { accessToken: await this.tokens.issue({ userId: user.id, businessId: user.businessId, passwordChangedAt: user.passwordChangedAt }), businessId: user.businessId, userId: user.id };
  }
}
