/** Webhooks and their delivery log. */
import type { CreateWebhookBody } from '../../validation/webhook-form';
import { segment, type ApiClient } from '../api-client';
import { deliveryAnswer, deliveryList, webhookAnswer, webhookList } from '../schemas/webhook-schemas';

export function webhooksApi(client: ApiClient, business: string) {
  const webhooks = `${business}/webhooks`;
  const webhook = (id: string) => `${webhooks}/${segment(id)}`;
  return {
    list: () => client.read(webhookList, { method: 'GET', path: webhooks }),
    get: (id: string) => client.read(webhookAnswer, { method: 'GET', path: webhook(id) }),
    create: (body: CreateWebhookBody, idempotencyKey: string) => client.read(webhookAnswer, { method: 'POST', path: webhooks, body, idempotencyKey }),
    remove: (id: string) => client.perform({ method: 'DELETE', path: webhook(id) }),
    deliveries: (id: string) => client.read(deliveryList, { method: 'GET', path: `${webhook(id)}/deliveries` }),
    retry: (id: string, deliveryId: string, idempotencyKey: string) =>
      client.read(deliveryAnswer, { method: 'POST', path: `${webhook(id)}/deliveries/${segment(deliveryId)}/retry`, idempotencyKey }),
  };
}
