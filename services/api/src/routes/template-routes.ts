/** Templates: create, list, read and change. Under `/businesses/:business_id/templates`, behind authentication. */
import type { Application } from '@passes/application';
import { createTemplateBody, updateTemplateBody, type TemplateListResponse, type TemplateResponse } from '@passes/contracts';
import type { Template } from '@passes/domain';
import { commandContextOf, principalOf } from '../http/authentication';
import { parseBody } from '../http/parse-body';
import type { RouteGroup } from '../http/route-group';
import { sandboxKeysReadOnly } from '../http/sandbox-access';
import { templateRepresentation } from '../representations/template-representation';
import { templateDraft, templateUpdate } from './template-bodies-to-commands';

export type TemplateRepresenter = (template: Template) => TemplateResponse;

/** How every template route answers a template: its join page and image addresses included. */
export function templateRepresenter(application: Application): TemplateRepresenter {
  return (template) => templateRepresentation(template, application.enrolments.joinUrlOf, (hash, slot) => application.templateImages.urlOf(hash, slot));
}

export function addTemplateRoutes(group: RouteGroup, application: Application): void {
  const routes = group.within('', sandboxKeysReadOnly('templates'));
  const represent = templateRepresenter(application);

  routes.post('/', async (request, response) => {
    const body = parseBody(createTemplateBody, request);
    const template = await application.templates.create(principalOf(response).businessId, templateDraft(body), commandContextOf(response));
    response.status(201).json(represent(template));
  });

  routes.get('/', async (_request, response) => {
    const templates = await application.templates.list(principalOf(response).businessId);
    response.json({ data: templates.map(represent) } satisfies TemplateListResponse);
  });

  routes.get('/:template_id', async (request, response) => {
    const template = await application.templates.get(principalOf(response).businessId, String(request.params['template_id']));
    response.json(represent(template));
  });

  routes.patch('/:template_id', async (request, response) => {
    const body = parseBody(updateTemplateBody, request);
    const templateId = String(request.params['template_id']);
    const template = await application.templates.update(principalOf(response).businessId, templateId, templateUpdate(body), commandContextOf(response));
    response.json(represent(template));
  });

}
