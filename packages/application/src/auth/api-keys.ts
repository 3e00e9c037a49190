/** API keys of a business: created with the secret shown once, listed without it, revoked at once. */
import { apiKeyAggregate, DomainError, streamNames, type ApiKey, type ApiKeyMode, type ApiKeyScope } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import type { ReadYourWrites } from '../shared/read-your-writes';
import { hashApiKey, newApiKeySecret, shownPrefix } from './api-key-secret';

interface CreatedApiKey {
  apiKey: ApiKey;
  /** The secret itself: returned this once, never stored. */
  secret: string;
}

interface NewApiKey {
  name: string;
  mode: ApiKeyMode;
  scopes: readonly ApiKeyScope[];
}

export class ApiKeys {
  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'apiKeys'>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async create(businessId: string, { name, mode, scopes }: NewApiKey, context: CommandContext): Promise<CreatedApiKey> {
    const keyId = this.ids.newId();
    const secret = newApiKeySecret(mode, (size) => this.ids.randomBytes(size));
    const result = await this.commands.handle(apiKeyAggregate, { stream: streamNames.apiKey(keyId), businessId, context }, () => ({
      type: 'CreateApiKey' as const,
      keyId,
      businessId,
      name,
      mode,
      scopes,
      keyHash: hashApiKey(secret),
      prefix: shownPrefix(secret),
      now: this.clock.now(),
    }));
    if (!result.state || result.position === null) throw new Error('CreateApiKey produced no key');
    await this.readYourWrites.waitFor(result.position);
    return { apiKey: result.state, secret };
  }

  async list(businessId: string): Promise<ApiKey[]> {
    return this.readModels.apiKeys.find('business', lookupKeys.byBusiness(businessId));
  }

  async revoke(businessId: string, keyId: string, context: CommandContext): Promise<void> {
    const key = await this.readModels.apiKeys.get(keyId);
    if (!key || key.businessId !== businessId) throw new DomainError('not_found', `API key '${keyId}' not found`);
    const result = await this.commands.handle(apiKeyAggregate, { stream: streamNames.apiKey(keyId), businessId, context }, () => ({
      type: 'RevokeApiKey' as const,
      now: this.clock.now(),
    }));
    if (result.position !== null) await this.readYourWrites.waitFor(result.position);
  }
}
