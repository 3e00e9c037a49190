/** How businesses, users and API keys look on the wire. Secrets and hashes never appear. */
import type { ApiKey, Business, User } from '@passes/domain';

export function businessRepresentation(business: Business) {
  return { id: business.id, name: business.name, plan: business.plan, created_at: business.createdAt };
}

export function userRepresentation(user: User) {
  return { id: user.id, email: user.email, business_id: user.businessId, created_at: user.createdAt };
}

export function apiKeyRepresentation(key: ApiKey) {
  return {
    id: key.id,
    name: key.name,
    mode: key.mode,
    prefix: key.prefix,
    status: key.revokedAt === null ? 'active' : 'revoked',
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
  };
}
