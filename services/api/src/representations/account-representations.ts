/** How businesses, users and API keys look on the wire. Secrets and hashes never appear. */
import { ACCESS_TOKEN_TTL_SECONDS, type Login, type PlanStatus } from '@passes/application';
import type { ApiKeyResponse, BusinessResponse, LoginResponse, PlanStatusResponse, UserResponse } from '@passes/contracts';
import type { ApiKey, Business, User } from '@passes/domain';

export function businessRepresentation(business: Business): BusinessResponse {
  return { id: business.id, name: business.name, plan: business.plan, created_at: business.createdAt };
}

/** `limits` holds null where the plan sets no limit. */
export function planRepresentation(status: PlanStatus): PlanStatusResponse {
  return { limits: status.limits, usage: status.usage, features: status.features };
}

export function userRepresentation(user: User): UserResponse {
  return { id: user.id, email: user.email, business_id: user.businessId, name: user.name, role: user.role, status: user.status, created_at: user.createdAt };
}

export function apiKeyRepresentation(key: ApiKey): ApiKeyResponse {
  return {
    id: key.id,
    name: key.name,
    mode: key.mode,
    scopes: key.scopes,
    prefix: key.prefix,
    status: key.revokedAt === null ? 'active' : 'revoked',
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
  };
}

/** A login's answer: what logging in, accepting an invite and setting a password each answer. */
export function loginRepresentation(login: Login): LoginResponse {
  return { access_token: login.accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, business_id: login.businessId };
}
