/** Templates: list, read, create, change. */
import type { TemplateBody } from '../../validation/template-form';
import { segment, type ApiClient } from '../api-client';
import { templateAnswer, templateList } from '../schemas/template-schemas';

export function templatesApi(client: ApiClient, business: string) {
  const templates = `${business}/templates`;
  return {
    list: () => client.read(templateList, { method: 'GET', path: templates }),
    get: (id: string) => client.read(templateAnswer, { method: 'GET', path: `${templates}/${segment(id)}` }),
    create: (body: TemplateBody, idempotencyKey: string) => client.read(templateAnswer, { method: 'POST', path: templates, body, idempotencyKey }),
    update: (id: string, body: TemplateBody, idempotencyKey: string) =>
      client.read(templateAnswer, { method: 'PATCH', path: `${templates}/${segment(id)}`, body, idempotencyKey }),
  };
}
