/**
 * Credentials, in two steps. `identify` runs first on every API request and only notes who is asking
 * (rate limits and idempotency keys need that even when the request is refused). `authenticate` guards the
 * routes that need a caller: 401 without valid credentials, 402 for API keys of a Free business, 403 for a
 * key without the scope the method needs; `requireOwnBusiness` then gives 403 for another business's path.
 */
import { credentialOf, modeOf, type Authenticator, type CommandContext, type PassScope, type Plans, type Principal } from '@passes/application';
import type { ApiKeyScope } from '@passes/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from './api-error';
import { correlationIdOf } from './correlation-id';
import { markerOfUnreflected } from './unreflected-writes';

const BEARER = /^Bearer\s+(\S+)$/i;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Methods that only read: what the `read` scope allows. */
export const isReadMethod = (method: string): boolean => READ_METHODS.has(method);

type Identity = { state: 'none' } | { state: 'invalid' } | { state: 'valid'; principal: Principal };

export function identify(authenticator: Authenticator): RequestHandler {
  return async (request: Request, response: Response, next: NextFunction) => {
    response.locals['identity'] = await identityOf(request, authenticator);
    next();
  };
}

async function identityOf(request: Request, authenticator: Authenticator): Promise<Identity> {
  const apiKey = request.header('x-api-key');
  const authorization = request.header('authorization');
  if (apiKey === undefined && authorization === undefined) return { state: 'none' };
  const bearer = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  const principal = apiKey !== undefined ? await authenticator.byApiKey(apiKey) : bearer ? await authenticator.byAccessToken(bearer) : null;
  return principal ? { state: 'valid', principal } : { state: 'invalid' };
}

/** The caller, when the request carries valid credentials. */
export function callerOf(response: Response): Principal | null {
  const identity = response.locals['identity'] as Identity | undefined;
  return identity?.state === 'valid' ? identity.principal : null;
}

export function authenticate(plans: Plans): RequestHandler {
  return async (request: Request, response: Response, next: NextFunction) => {
    const identity = response.locals['identity'] as Identity | undefined;
    if (!identity || identity.state === 'none') {
      throw new ApiError('unauthorized', 'Authentication required: send X-API-Key or Authorization: Bearer <token>');
    }
    if (identity.state === 'invalid') throw new ApiError('unauthorized', 'Invalid, expired or revoked credentials');
    const { principal } = identity;
    if (principal.kind === 'api_key') {
      await plans.requireFeature(principal.businessId, 'api_access');
      const needed: ApiKeyScope = isReadMethod(request.method) ? 'read' : 'write';
      if (!principal.scopes.includes(needed)) {
        throw new ApiError('forbidden', `This API key lacks the '${needed}' scope that ${request.method} requests need`);
      }
    }
    response.locals['principal'] = principal;
    next();
  };
}

/** Refuses a principal of another business than the path's `business_id`. */
export const requireOwnBusiness: RequestHandler = (request, response, next) => {
  if (principalOf(response).businessId !== request.params['business_id']) {
    throw new ApiError('forbidden', 'These credentials do not give access to this business');
  }
  next();
};

/** Some actions belong to the dashboard: API keys manage passes, not the account. */
export const requireDashboardUser: RequestHandler = (_request, response, next) => {
  if (principalOf(response).kind !== 'user') throw new ApiError('forbidden', 'This action needs a dashboard login (Authorization: Bearer)');
  next();
};

export function principalOf(response: Response): Principal {
  const principal: unknown = response.locals['principal'];
  if (!principal) throw new Error('principalOf() used on a route without authenticate()');
  return principal as Principal;
}

/** The business and mode (live or sandbox) whose passes the caller works on. */
export function passScopeOf(response: Response): PassScope {
  const principal = principalOf(response);
  return { businessId: principal.businessId, mode: modeOf(principal) };
}

export function commandContextOf(response: Response): CommandContext {
  return { actor: credentialOf(principalOf(response)), correlationId: correlationIdOf(response), onUnreflected: markerOfUnreflected(response) };
}
