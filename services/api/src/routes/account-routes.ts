/**
 * Dashboard accounts (DESIGN §6): register, log in (limited per email address), change one's password and
 * reset a forgotten one by an emailed link under `/auth`; read the caller's business at `/businesses/me`.
 */
import { ACCESS_TOKEN_TTL_SECONDS, roleOf, type Application } from '@passes/application';
import {
  changePasswordBody,
  loginBody,
  passwordResetBody,
  passwordResetRequestBody,
  registerBody,
  type OwnBusinessResponse,
  type PasswordResetRequestResponse,
  type RegistrationResponse,
} from '@passes/contracts';
import type { BackgroundWork } from '../background-work';
import { ApiError } from '../http/api-error';
import { commandContextOf, principalOf } from '../http/authentication';
import { clientAddressOf } from '../http/client-address';
import { correlationIdOf } from '../http/correlation-id';
import type { AccountLimits } from '../http/account-limits';
import type { MailedRequestLimits } from '../http/mailed-request-limits';
import { markOneTimeSecrets } from '../http/idempotency';
import { parseBody, takeNoBody } from '../http/parse-body';
import { markerOfUnreflected } from '../http/unreflected-writes';
import type { RouteGroup } from '../http/route-group';
import { businessRepresentation, loginRepresentation, planRepresentation, userRepresentation } from '../representations/account-representations';

interface AuthRouteDependencies {
  application: Application;
  accountLimits: AccountLimits;
  resetLimits: MailedRequestLimits;
  /**
   * A reset's lookup and email run after the answer, so that its latency says nothing of the address; the
   * notice of a changed password too, so that a mail server's failure does not fail a change made.
   */
  background: BackgroundWork;
}

export function addAuthRoutes(routes: RouteGroup, { application, accountLimits, resetLimits, background }: AuthRouteDependencies): void {
  routes.post('/register', async (request, response) => {
    await accountLimits.countSignUp(clientAddressOf(request));
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
    await accountLimits.countLogin(body.email);
    markOneTimeSecrets(response, 'access_token');
    const login = await application.accounts.login(body.email, body.password);
    if (!login) throw new ApiError('unauthorized', 'Email or password is incorrect');
    await accountLimits.loginSucceeded(body.email);
    response.json(loginRepresentation(login));
  });

  routes.post('/password-reset', async (request, response) => {
    await resetLimits.countClient(clientAddressOf(request));
    const { email } = parseBody(passwordResetRequestBody, request);
    await resetLimits.countEmail(email);
    const correlationId = correlationIdOf(response);
    response.json({ sent: true } satisfies PasswordResetRequestResponse);
    background.run('password reset', () => application.passwords.request(email, correlationId), { request_id: correlationId });
  });

  routes.post('/password-reset/complete', async (request, response) => {
    const body = parseBody(passwordResetBody, request);
    markOneTimeSecrets(response, 'access_token');
    const correlationId = correlationIdOf(response);
    const login = await application.passwords.reset({ token: body.token, password: body.password }, correlationId);
    if (!login) throw new ApiError('unauthorized', 'This password reset link is unknown, used or expired; ask for a new one');
    response.json(loginRepresentation(login));
    background.run('password changed notice', () => application.passwords.notifyChanged(login.userId), { request_id: correlationId });
  });
}

/** Behind authentication, for a dashboard user: their own password, checked, then changed; a new token. */
export function addPasswordChangeRoute(routes: RouteGroup, { application, accountLimits, background }: Omit<AuthRouteDependencies, 'resetLimits'>): void {
  routes.post('/', async (request, response) => {
    const principal = principalOf(response);
    if (principal.kind !== 'user') throw new ApiError('forbidden', 'Only a dashboard user has a password');
    await accountLimits.countPasswordChange(principal.userId);
    const body = parseBody(changePasswordBody, request);
    markOneTimeSecrets(response, 'access_token');
    const login = await application.passwords.change(principal.userId, { current: body.current_password, next: body.new_password }, commandContextOf(response));
    if (!login) throw new ApiError('validation_error', 'The current password is not yours', [{ path: 'current_password', message: 'is not your password' }]);
    response.json(loginRepresentation(login));
    background.run('password changed notice', () => application.passwords.notifyChanged(login.userId), { request_id: correlationIdOf(response) });
  });
}

/** Behind authentication, for a dashboard user: the session the request came with ends, its token refused from now. */
export function addLogoutRoute(routes: RouteGroup, application: Application): void {
  routes.post('/', async (request, response) => {
    takeNoBody(request);
    const principal = principalOf(response);
    if (principal.kind !== 'user') throw new ApiError('forbidden', 'Only a dashboard user logs out');
    await application.sessions.end(principal, commandContextOf(response));
    response.status(204).end();
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
