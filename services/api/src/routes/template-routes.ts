/** Templates: create, list, read and change. Mounted under `/businesses/:business_id/templates` behind authentication. */
import type { Application } from '@passes/application';
import { createTemplateBody, updateTemplateBody, type TemplateListResponse } from '@passes/contracts';
import type { Router } from 'express';
import { apiRouter } from '../http/json-body';
import { commandContextOf, principalOf } from '../http/authentication';
import { parseBody } from '../http/parse-body';
import { sandboxKeysReadOnly } from '../http/sandbox-access';
import { templateRepresentation } from '../representations/template-representation';
import { templateDraft, templateUpdate } from './template-bodies-to-commands';

export function templateRoutes(application: Application): Router {
  const router = apiRouter();
  router.use(sandboxKeysReadOnly('templates'));

  router.post('/', async (request, response) => {
    const body = parseBody(createTemplateBody, request);
    const template = await application.templates.create(principalOf(response).businessId, templateDraft(body), commandContextOf(response));
    response.status(201).json(templateRepresentation(template));
  });

  router.get('/', async (_request, response) => {
    const templates = await application.templates.list(principalOf(response).businessId);
    response.json({ data: templates.map(templateRepresentation) } satisfies TemplateListResponse);
  });

  router.get('/:template_id', async (request, response) => {
    const template = await application.templates.get(principalOf(response).businessId, String(request.params['template_id']));
    response.json(templateRepresentation(template));
  });

  router.patch('/:template_id', async (request, response) => {
    const body = parseBody(updateTemplateBody, request);
    const templateId = String(request.params['template_id']);
    const template = await application.templates.update(principalOf(response).businessId, templateId, templateUpdate(body), commandContextOf(response));
    response.json(templateRepresentation(template));
  });

  return router;
}
