/** Webhooks and their delivery log. */
import { deliveryListResponse, deliveryResponse, registeredWebhookResponse, webhookListResponse, webhookResponse } from '@passes/contracts';
import type { CreateWebhookBody } from '../../validation/webhook-form';
import { segment, type ApiClient } from '../api-client';

export function webhooksApi(client: ApiClient, business: string) {
  const webhooks = `${business}/webhooks`;
  const webhook = (id: string) => `${webhooks}/${segment(id)}`;
  return {
    list: () => client.read(webhookListResponse, { method: 'GET', path: webhooks }),
    get: (id: string) => client.read(webhookResponse, { method: 'GET', path: webhook(id) }),
    create: (body: CreateWebhookBody, idempotencyKey: string) => client.read(registeredWebhookResponse, { method: 'POST', path: webhooks, body, idempotencyKey }),
    remove: (id: string) => client.perform({ method: 'DELETE', path: webhook(id) }),
    deliveries: (id: string) => client.read(deliveryListResponse, { method: 'GET', path: `${webhook(id)}/deliveries` }),
    retry: (id: string, deliveryId: string, idempotencyKey: string) =>
      client.read(deliveryResponse, { method: 'POST', path: `${webhook(id)}/deliveries/${segment(deliveryId)}/retry`, idempotencyKey }),
  };
}
