/** Automations, their runs and a dry run on a pass. */
import { automationListResponse, automationResponse, automationRunListResponse, automationTestResponse } from '@passes/contracts';
import { segment, type ApiClient } from '../api-client';

export function automationsApi(client: ApiClient, business: string) {
  const automations = `${business}/automations`;
  const automation = (id: string) => `${automations}/${segment(id)}`;
  return {
    list: () => client.read(automationListResponse, { method: 'GET', path: automations, query: { limit: '200' } }),
    get: (id: string) => client.read(automationResponse, { method: 'GET', path: automation(id) }),
    create: (body: unknown, idempotencyKey: string) => client.read(automationResponse, { method: 'POST', path: automations, body, idempotencyKey }),
    setEnabled: (id: string, enabled: boolean, idempotencyKey: string) =>
      client.read(automationResponse, { method: 'PATCH', path: automation(id), body: { enabled }, idempotencyKey }),
    remove: (id: string) => client.perform({ method: 'DELETE', path: automation(id) }),
    runs: (id: string) => client.read(automationRunListResponse, { method: 'GET', path: `${automation(id)}/runs`, query: { limit: '200' } }),
    test: (id: string, pass: string, idempotencyKey: string) => client.read(automationTestResponse, { method: 'POST', path: `${automation(id)}/test`, body: { pass }, idempotencyKey }),
  };
}
