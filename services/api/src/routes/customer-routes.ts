/**
 * The public customer endpoints (spec 19, 20): ask for a link to one's passes, and list them with the
 * link's token. No credentials; under `/public/customer`.
 */
import type { Application } from '@passes/application';
import { magicLinkBody, type CustomerPassListResponse, type MagicLinkResponse } from '@passes/contracts';
import type { BackgroundWork } from '../background-work';
import { ApiError } from '../http/api-error';
import { correlationIdOf } from '../http/correlation-id';
import { clientAddressOf } from '../http/client-address';
import { linkTokenOf } from '../http/link-token';
import type { MailedRequestLimits } from '../http/mailed-request-limits';
import { parseBody } from '../http/parse-body';
import type { RouteGroup } from '../http/route-group';
import type { Wallets } from '@passes/wallets';
import { customerPassRepresentation } from '../representations/customer-pass-representation';

interface CustomerRouteDependencies {
  application: Application;
  limits: MailedRequestLimits;
  background: BackgroundWork;
  wallets: Wallets;
}

export function addCustomerRoutes(routes: RouteGroup, { application, limits, background, wallets }: CustomerRouteDependencies): void {
  routes.post('/magic-link', async (request, response) => {
    await limits.countClient(clientAddressOf(request));
    const { email } = parseBody(magicLinkBody, request);
    await limits.countEmail(email);
    // Known or not, the answer is the same and goes out before any lookup or mail.
    response.json({ sent: true } satisfies MagicLinkResponse);
    background.run('magic link', () => application.magicLinks.send(email), { request_id: correlationIdOf(response) });
  });

  routes.get('/passes', async (request, response) => {
    const result = await application.customerPasses.forToken(linkTokenOf(request));
    response.set('Cache-Control', 'no-store');
    if (result.status === 'expired') throw new ApiError('unauthorized', 'This link has expired; ask for a new one');
    if (result.status === 'invalid') throw new ApiError('unauthorized', 'A valid link token is required in ?token=');
    response.json({ data: result.passes.map((each) => customerPassRepresentation(each, wallets.links(each.pass))), expires_at: result.expiresAt.toISOString() } satisfies CustomerPassListResponse);
  });
}
