/** Turns a request's credential into the principal it stands for, or null. */
import { timingSafeEqual } from 'node:crypto';
import type { ApiKeyScope, Mode, UserRole } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import type { AccessTokens, VerifiedClaims } from './access-tokens';
import { API_KEY_PATTERN, hashApiKey } from './api-key-secret';

export type Principal =
  | { kind: 'api_key'; businessId: string; keyId: string; mode: Mode; scopes: readonly ApiKeyScope[] }
  | { kind: 'user'; businessId: string; userId: string; role: UserRole; session: VerifiedClaims['session'] };

/** Dashboard logins work on live data; sandbox data is reached with a `pb_test_` key. */
export function modeOf(principal: Principal): Mode {
  return principal.kind === 'api_key' ? principal.mode : 'live';
}

/** One name per credential: what rate limits and idempotency keys are scoped to. */
export function credentialOf(principal: Principal): string {
  return principal.kind === 'api_key' ? `api_key:${principal.keyId}` : `user:${principal.userId}`;
}

/**
 * What the principal may do: a user's role; an API key acts for the business with an owner's reach, as it
 * did before roles, bounded by its scopes and mode and kept off the dashboard-only routes.
 */
export function roleOf(principal: Principal): UserRole {
  return principal.kind === 'api_key' ? 'owner' : principal.role;
}

/**
 * Whether the token was issued under the user's current password. One issued before tokens said so is
 * told by its second: it is taken if issued in the second the password changed in, or after.
 */
function ofCurrentPassword(claims: VerifiedClaims, passwordChangedAt: string | null): boolean {
  if (claims.passwordChangedAt !== undefined) return claims.passwordChangedAt === passwordChangedAt;
  return passwordChangedAt === null || claims.issuedAt >= Math.floor(Date.parse(passwordChangedAt) / 1000);
}

export class Authenticator {
  constructor(
    private readonly readModels: Pick<ReadModels, 'apiKeys' | 'users'>,
    private readonly tokens: AccessTokens,
  ) {}

  async byApiKey(key: string): Promise<Principal | null> {
    if (!API_KEY_PATTERN.test(key)) return null;
    const hash = hashApiKey(key);
    const [found] = await this.readModels.apiKeys.find('hash', lookupKeys.apiKeyByHash(hash), 1);
    // The index lookup already matched; comparing again in constant time keeps the check itself free of timing leaks.
    if (!found || found.revokedAt !== null || !timingSafeEqual(Buffer.from(found.keyHash), Buffer.from(hash))) return null;
    return { kind: 'api_key', businessId: found.businessId, keyId: found.id, mode: found.mode, scopes: found.scopes };
  }

  async byAccessToken(token: string): Promise<Principal | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    // Read on every request, so a removal, a new role, a new password or a logout applies from the next one,
    // on every API process.
    const user = await this.readModels.users.get(claims.userId);
    if (!user || user.businessId !== claims.businessId || user.status !== 'active') return null;
    if (!ofCurrentPassword(claims, user.passwordChangedAt)) return null;
    const { session } = claims;
    if (session !== null && user.endedSessions.some((ended) => ended.id === session.id)) return null;
    return { kind: 'user', businessId: claims.businessId, userId: claims.userId, role: user.role, session };
  }
}
