/**
 * A business's API keys (DESIGN §6), for its dashboard users only: `/businesses/:business_id/api-keys`.
 * Mounted behind the business routes' authentication.
 */
import type { Application } from '@passes/application';
import { createApiKeyBody, type ApiKeyListResponse, type CreatedApiKeyResponse } from '@passes/contracts';
import type { Router } from 'express';
import { apiRouter } from '../http/json-body';
import { commandContextOf, principalOf, requireDashboardUser } from '../http/authentication';
import { markOneTimeSecrets } from '../http/idempotency';
import { parseBody } from '../http/parse-body';
import { apiKeyRepresentation } from '../representations/account-representations';

export function apiKeyRoutes(application: Application): Router {
  const router = apiRouter();
  router.use(requireDashboardUser);
  router.post('/', async (request, response) => {
    const body = parseBody(createApiKeyBody, request);
    markOneTimeSecrets(response, 'key');
    const created = await application.apiKeys.create(principalOf(response).businessId, body, commandContextOf(response));
    response.status(201).json({ ...apiKeyRepresentation(created.apiKey), key: created.secret } satisfies CreatedApiKeyResponse);
  });
  router.get('/', async (_request, response) => {
    const list = await application.apiKeys.list(principalOf(response).businessId);
    response.json({ data: list.map(apiKeyRepresentation) } satisfies ApiKeyListResponse);
  });
  router.delete('/:key_id', async (request, response) => {
    await application.apiKeys.revoke(principalOf(response).businessId, String(request.params['key_id']), commandContextOf(response));
    response.status(204).end();
  });
  return router;
}
