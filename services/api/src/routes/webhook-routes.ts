/** Webhooks (spec endpoints 16–18) and their delivery log. */
import type { Application } from '@passes/application';
import { createWebhookBody, type DeliveryListResponse, type RegisteredWebhookResponse, type WebhookListResponse } from '@passes/contracts';
import { commandContextOf, principalOf } from '../http/authentication';
import { markOneTimeSecrets } from '../http/idempotency';
import { parseBody, takeNoBody } from '../http/parse-body';
import type { RouteGroup } from '../http/route-group';
import { liveCredentialsOnly } from '../http/sandbox-access';
import { deliveryRepresentation, webhookRepresentation } from '../representations/webhook-representations';

/** Under `/businesses/:business_id/webhooks`, behind authentication. */
export function addWebhookRoutes(group: RouteGroup, application: Application): void {
  const routes = group.within('', liveCredentialsOnly('webhooks and their deliveries'));
  const webhooks = application.webhooks;

  routes.post('/', async (request, response) => {
    markOneTimeSecrets(response, 'secret');
    const body = parseBody(createWebhookBody, request);
    const registered = await webhooks.register(
      principalOf(response).businessId,
      { url: body.url, events: body.events, description: body.description ?? null },
      commandContextOf(response),
    );
    response.status(201).json({ ...webhookRepresentation(registered.webhook), secret: registered.secret } satisfies RegisteredWebhookResponse);
  });

  routes.get('/', async (_request, response) => {
    const list = await webhooks.list(principalOf(response).businessId);
    response.json({ data: list.map(webhookRepresentation) } satisfies WebhookListResponse);
  });

  routes.get('/:webhook_id', async (request, response) => {
    response.json(webhookRepresentation(await webhooks.get(principalOf(response).businessId, String(request.params['webhook_id']))));
  });

  routes.delete('/:webhook_id', async (request, response) => {
    await webhooks.delete(principalOf(response).businessId, String(request.params['webhook_id']), commandContextOf(response));
    response.status(204).end();
  });

  routes.get('/:webhook_id/deliveries', async (request, response) => {
    const deliveries = await webhooks.deliveries(principalOf(response).businessId, String(request.params['webhook_id']));
    response.json({ data: deliveries.map(deliveryRepresentation) } satisfies DeliveryListResponse);
  });

  routes.post('/:webhook_id/deliveries/:delivery_id/retry', async (request, response) => {
    takeNoBody(request);
    const delivery = await webhooks.retryDelivery(principalOf(response).businessId, String(request.params['webhook_id']), String(request.params['delivery_id']));
    response.status(202).json(deliveryRepresentation(delivery));
  });
}
