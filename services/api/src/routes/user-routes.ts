/**
 * A business's dashboard users (issue 38): invite, list, change a role, remove, under
 * `/businesses/:business_id/users` (dashboard logins only; owners, by the role table); and accepting an
 * invite under `/auth`, which logs the new user in.
 */
import type { Application, Principal } from '@passes/application';
import { acceptInviteBody, changeUserBody, inviteUserBody, type UserListResponse } from '@passes/contracts';
import type { Response } from 'express';
import { ApiError } from '../http/api-error';
import { commandContextOf, principalOf, requireDashboardUser } from '../http/authentication';
import { correlationIdOf } from '../http/correlation-id';
import { markOneTimeSecrets } from '../http/idempotency';
import { parseBody } from '../http/parse-body';
import { pageRequest } from '../http/query-parameters';
import type { RouteGroup } from '../http/route-group';
import { loginRepresentation, userRepresentation } from '../representations/account-representations';

/** The user who asks: users never act on themselves (the domain refuses it). */
const actorUserIdOf = (response: Response): string | null => {
  const principal: Principal = principalOf(response);
  return principal.kind === 'user' ? principal.userId : null;
};

export function addUserRoutes(group: RouteGroup, application: Application): void {
  const routes = group.within('', requireDashboardUser);
  const users = application.users;
  const idOf = (params: Record<string, unknown>) => String(params['user_id']);

  routes.post('/', async (request, response) => {
    const body = parseBody(inviteUserBody, request);
    const user = await users.invite(principalOf(response).businessId, body, commandContextOf(response));
    response.status(201).json(userRepresentation(user));
  });

  routes.get('/', async (request, response) => {
    const page = await users.list(principalOf(response).businessId, pageRequest(request));
    response.json({ data: page.items.map(userRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies UserListResponse);
  });

  routes.patch('/:user_id', async (request, response) => {
    const { role } = parseBody(changeUserBody, request);
    const user = await users.changeRole(principalOf(response).businessId, idOf(request.params), role, actorUserIdOf(response), commandContextOf(response));
    response.json(userRepresentation(user));
  });

  routes.delete('/:user_id', async (request, response) => {
    await users.remove(principalOf(response).businessId, idOf(request.params), actorUserIdOf(response), commandContextOf(response));
    response.status(204).end();
  });
}

/** `POST /auth/accept-invite`: no credentials but the link's token; answers as a login does. */
export function addAcceptInviteRoute(routes: RouteGroup, application: Application): void {
  routes.post('/accept-invite', async (request, response) => {
    const body = parseBody(acceptInviteBody, request);
    markOneTimeSecrets(response, 'access_token');
    const login = await application.users.acceptInvite({ token: body.token, password: body.password, name: body.name ?? null }, correlationIdOf(response));
    if (!login) throw new ApiError('unauthorized', 'This invite link is unknown, used or expired; ask for a new invite');
    response.json(loginRepresentation(login));
  });
}
