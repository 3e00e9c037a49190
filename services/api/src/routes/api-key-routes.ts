/**
 * A business's API keys (DESIGN §6), for its dashboard users only: `/businesses/:business_id/api-keys`.
 * Behind the business routes' authentication.
 */
import type { Application } from '@passes/application';
import { createApiKeyBody, type ApiKeyListResponse, type CreatedApiKeyResponse } from '@passes/contracts';
import { commandContextOf, principalOf, requireDashboardUser } from '../http/authentication';
import { markOneTimeSecrets } from '../http/idempotency';
import { parseBody } from '../http/parse-body';
import type { RouteGroup } from '../http/route-group';
import { apiKeyRepresentation } from '../representations/account-representations';

export function addApiKeyRoutes(group: RouteGroup, application: Application): void {
  const routes = group.within('', requireDashboardUser);
  routes.post('/', async (request, response) => {
    const body = parseBody(createApiKeyBody, request);
    markOneTimeSecrets(response, 'key');
    const created = await application.apiKeys.create(principalOf(response).businessId, body, commandContextOf(response));
    response.status(201).json({ ...apiKeyRepresentation(created.apiKey), key: created.secret } satisfies CreatedApiKeyResponse);
  });
  routes.get('/', async (_request, response) => {
    const list = await application.apiKeys.list(principalOf(response).businessId);
    response.json({ data: list.map(apiKeyRepresentation) } satisfies ApiKeyListResponse);
  });
  routes.delete('/:key_id', async (request, response) => {
    await application.apiKeys.revoke(principalOf(response).businessId, String(request.params['key_id']), commandContextOf(response));
    response.status(204).end();
  });
}
