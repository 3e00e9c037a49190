/**
 * Dashboard accounts (DESIGN §6): register and log in under `/auth` (logins limited per email address),
 * read the caller's business at `/businesses/me`.
 */
import { ACCESS_TOKEN_TTL_SECONDS, roleOf, type Application } from '@passes/application';
import { loginBody, registerBody, type LoginResponse, type OwnBusinessResponse, type RegistrationResponse } from '@passes/contracts';
import { ApiError } from '../http/api-error';
import { principalOf } from '../http/authentication';
import type { LoginLimits } from '../http/login-limits';
import { markOneTimeSecrets } from '../http/idempotency';
import { parseBody } from '../http/parse-body';
import { markerOfUnreflected } from '../http/unreflected-writes';
import type { RouteGroup } from '../http/route-group';
import { businessRepresentation, planRepresentation, userRepresentation } from '../representations/account-representations';

export function addAuthRoutes(routes: RouteGroup, application: Application, loginLimits: LoginLimits): void {
  routes.post('/register', async (request, response) => {
    const body = parseBody(registerBody, request);
    markOneTimeSecrets(response, 'access_token');
    const registration = await application.accounts.register({ businessName: body.business_name, email: body.email, password: body.password }, markerOfUnreflected(response));
    response.status(201).json({
      business: businessRepresentation(registration.business),
      user: userRepresentation(registration.user),
      access_token: registration.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
    } satisfies RegistrationResponse);
  });

  routes.post('/login', async (request, response) => {
    const body = parseBody(loginBody, request);
    await loginLimits.countEmail(body.email);
    markOneTimeSecrets(response, 'access_token');
    const login = await application.accounts.login(body.email, body.password);
    if (!login) throw new ApiError('unauthorized', 'Email or password is incorrect');
    response.json({ access_token: login.accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, business_id: login.businessId } satisfies LoginResponse);
  });
}

/** Behind authentication. */
export function addOwnBusinessRoutes(routes: RouteGroup, application: Application): void {
  routes.get('/', async (_request, response) => {
    const principal = principalOf(response);
    const businessId = principal.businessId;
    const [business, plan, user] = await Promise.all([
      application.businesses.get(businessId),
      application.plans.status(businessId),
      principal.kind === 'user' ? application.users.active(businessId, principal.userId) : null,
    ]);
    response.json({
      ...businessRepresentation(business),
      ...planRepresentation(plan),
      role: roleOf(principal),
      user: user === null ? null : userRepresentation(user),
    } satisfies OwnBusinessResponse);
  });
}
