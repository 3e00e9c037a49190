/** Templates: list, read, create, change; their images. */
import { templateListResponse, templateResponse } from '@passes/contracts';
import type { TemplateImageSlot } from '@passes/domain';
import type { TemplateBody } from '../../validation/template-form';
import type { EnrolmentBody } from '../../validation/enrolment-form';
import { segment, type ApiClient } from '../api-client';

export function templatesApi(client: ApiClient, business: string) {
  const templates = `${business}/templates`;
  return {
    list: () => client.read(templateListResponse, { method: 'GET', path: templates }),
    get: (id: string) => client.read(templateResponse, { method: 'GET', path: `${templates}/${segment(id)}` }),
    create: (body: TemplateBody, idempotencyKey: string) => client.read(templateResponse, { method: 'POST', path: templates, body, idempotencyKey }),
    update: (id: string, body: TemplateBody, idempotencyKey: string) =>
      client.read(templateResponse, { method: 'PATCH', path: `${templates}/${segment(id)}`, body, idempotencyKey }),
    /** Self-enrolment alone: the rest of the template stays as it is. */
    setEnrolment: (id: string, body: EnrolmentBody, idempotencyKey: string) =>
      client.read(templateResponse, { method: 'PATCH', path: `${templates}/${segment(id)}`, body, idempotencyKey }),
    /** The file as chosen: the API decodes, checks and resizes it. */
    putImage: (id: string, slot: TemplateImageSlot, file: Blob) => client.read(templateResponse, { method: 'PUT', path: `${templates}/${segment(id)}/images/${slot}`, file }),
    removeImage: (id: string, slot: TemplateImageSlot) => client.read(templateResponse, { method: 'DELETE', path: `${templates}/${segment(id)}/images/${slot}` }),
  };
}
