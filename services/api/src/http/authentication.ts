/**
 * Every business route requires `X-API-Key` or `Authorization: Bearer`: 401 when the credential is
 * missing or invalid, 403 when it belongs to another business than the one in the path.
 */
import type { Authenticator, CommandContext, Principal } from '@passes/application';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from './api-error';
import { correlationIdOf } from './correlation-id';

const BEARER = /^Bearer\s+(\S+)$/i;

export function authenticate(authenticator: Authenticator): RequestHandler {
  return async (request: Request, response: Response, next: NextFunction) => {
    const apiKey = request.header('x-api-key');
    const authorization = request.header('authorization');
    if (apiKey === undefined && authorization === undefined) {
      throw new ApiError('unauthorized', 'Authentication required: send X-API-Key or Authorization: Bearer <token>');
    }
    const bearer = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    const principal = apiKey !== undefined ? await authenticator.byApiKey(apiKey) : bearer ? await authenticator.byAccessToken(bearer) : null;
    if (!principal) throw new ApiError('unauthorized', 'Invalid, expired or revoked credentials');
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

export function commandContextOf(response: Response): CommandContext {
  const principal = principalOf(response);
  const actor = principal.kind === 'user' ? `user:${principal.userId}` : `api_key:${principal.keyId}`;
  return { actor, correlationId: correlationIdOf(response) };
}
