/** Templates, as far as issuing needs them: create and read one. */
import type { Application } from '@passes/application';
import { createTemplateBody } from '@passes/contracts';
import { Router } from 'express';
import { commandContextOf, principalOf } from '../http/authentication';
import { parseBody } from '../http/parse-body';
import { templateRepresentation } from '../representations/account-representations';

/** Mounted under `/businesses/:business_id/templates` behind authentication. */
export function templateRoutes(application: Application): Router {
  const router = Router({ mergeParams: true });

  router.post('/', async (request, response) => {
    const body = parseBody(createTemplateBody, request);
    const template = await application.templates.create(principalOf(response).businessId, body.name, commandContextOf(response));
    response.status(201).json(templateRepresentation(template));
  });

  router.get('/:template_id', async (request, response) => {
    const template = await application.templates.get(principalOf(response).businessId, String(request.params['template_id']));
    response.json(templateRepresentation(template));
  });

  return router;
}
